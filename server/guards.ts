/**
 * Express middleware that guards every request before the app sees it:
 * security headers on every response (500s and static files included), the
 * cross-site check for unsafe methods, and the request body limit.
 * Decisions: docs/decisions/0011-custom-server.md.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { ServerRuntime } from "./runtime";

/** Methods that never change anything; every other method gets the cross-site check. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const TITLES: Record<number, string> = {
  400: "Invalid request",
  403: "Forbidden",
  405: "Method not allowed",
  413: "Payload too large",
  500: "Internal server error",
};

/** True for requests answered with problem+json: the /api routes and Remix's `?_data` fetches. */
function wantsProblem(req: Request): boolean {
  return req.path.toLowerCase().startsWith("/api/") || "_data" in req.query;
}

/**
 * Answers `status` without reading any (more) of the request body: an RFC
 * 9457 problem for /api and `?_data` requests, plain text for pages. Sends
 * `Connection: close`, so an unread body cannot stall the next request on a
 * kept-alive connection.
 */
export function refuse(req: Request, res: Response, status: number, detail: string): void {
  res.setHeader("Connection", "close");
  res.status(status);
  if (wantsProblem(req)) {
    res.type("application/problem+json").send(JSON.stringify({ type: "about:blank", title: TITLES[status] ?? "Error", status, detail }));
  } else {
    res.type("text/plain").send(detail);
  }
}

/**
 * Fills in, just before the status line is written, the security headers a
 * response does not set itself: SECURITY_HEADERS, API_CSP when it has no CSP
 * (documents set a nonce CSP in entry.server), and HSTS when served over HTTPS.
 * @param options.hsts true when APP_URL is https.
 * @param options.http the app's headers (`serverRuntime.http`: SECURITY_HEADERS, API_CSP, HSTS).
 */
export function securityHeaders({ hsts, http }: { hsts: boolean; http: Pick<ServerRuntime["http"], "SECURITY_HEADERS" | "API_CSP" | "HSTS"> }): RequestHandler {
  const { SECURITY_HEADERS, API_CSP, HSTS } = http;
  return (_req, res, next) => {
    const response: ServerResponse = res;
    const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (!this.hasHeader(name)) this.setHeader(name, value);
      }
      if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", API_CSP);
      if (hsts) this.setHeader("Strict-Transport-Security", HSTS);
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    next();
  };
}

/**
 * Whether a browser reports the request as sent from another site.
 * `Sec-Fetch-Site` decides when present (only `same-origin` and `none`, a
 * user's own navigation, pass); else `Origin` must be one of `trustedOrigins`
 * or name the host the request was addressed to. Requests carrying neither
 * header (API clients, very old browsers) are not cross-site by this test.
 * @param headers the request headers (lower-case names, as Node gives them).
 * @param trustedOrigins origins such as `https://fx.example.com` (APP_URL's).
 * @param host the host (and port) the client addressed, as `requestHost`
 *   gives it; the Host header when absent.
 */
export function isCrossSite(headers: IncomingHttpHeaders, trustedOrigins: readonly string[], host: string | undefined = headers.host): boolean {
  const site = headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = headers.origin;
  if (typeof origin !== "string") return false;
  if (trustedOrigins.includes(origin)) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * The host (and port) the client addressed: the first X-Forwarded-Host when
 * the socket's peer is a trusted proxy (TRUST_PROXY, Express's `trust proxy`),
 * else Host, else `localhost`.
 */
export function requestHost(req: Request): string {
  const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const forwarded = req.get("X-Forwarded-Host");
  if (forwarded && trusted(req.socket.remoteAddress, 0)) return forwarded.split(",")[0]!.trim();
  return req.get("Host") ?? "localhost";
}

/**
 * The methods the app's routes answer (loaders: GET, HEAD; actions and /api
 * writes: POST, PUT, PATCH, DELETE; CORS preflights: OPTIONS). Sent as the
 * `Allow` header of every 405 the server answers itself.
 */
export const SERVED_METHODS: readonly string[] = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Refuses with 405 and `Allow: SERVED_METHODS` any other method (TRACE,
 * CONNECT, PROPFIND, BREW...) before a route runs: the Fetch API behind Remix
 * cannot even build a TRACE or CONNECT request, and other methods would reach
 * Remix only to be refused there (docs/decisions/0100-method-and-origin-guards.md).
 */
export const methodGuard: RequestHandler = (req, res, next) => {
  if (SERVED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", SERVED_METHODS.join(", "));
  refuse(req, res, 405, `${req.method} is not a method this site answers; use one of ${SERVED_METHODS.join(", ")}.`);
};

/** True when `path` has a `%` escape that does not decode to UTF-8 (e.g. `/api/%E0%A4%A`). */
export function isMalformedPath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** Refuses with 400 a request whose path cannot be percent-decoded, which the router would otherwise fail on. */
export const malformedPathGuard: RequestHandler = (req, res, next) => {
  if (!isMalformedPath(req.path)) return next();
  refuse(req, res, 400, "The address is not valid: it has a broken %-escape.");
};

/**
 * Refuses with 403 every POST, PUT, PATCH or DELETE that a browser sent from
 * another site, before the app (page actions, `?_data` fetches, /api routes)
 * runs. It is the site's one origin check: the host it compares with is the
 * one `requestHost` trusts, and `remixHandler` does not pass the Origin
 * header on, so Remix's own check (which trusts any X-Forwarded-Host and
 * does not know APP_URL) cannot turn an accepted post into a 500
 * (docs/decisions/0100-method-and-origin-guards.md).
 */
export function crossSiteGuard(trustedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !isCrossSite(req.headers, trustedOrigins, requestHost(req))) return next();
    refuse(req, res, 403, "This request came from another site, so it was refused. Open FX Trader itself and try again.");
  };
}

/** True when the request declares a Content-Length above `limit` bytes. */
export function declaresTooLarge(headers: IncomingHttpHeaders, limit: number): boolean {
  const declared = headers["content-length"];
  return declared !== undefined && Number(declared) > limit;
}

const tooLarge = (limit: number) => `The request body is larger than ${limit} bytes.`;

/**
 * Reads the body of every request that has one into `req.body` (a Buffer),
 * at most `limit` bytes. A declared Content-Length over the limit is refused
 * with 413 before anything is read; a body without one (chunked) is counted
 * while it arrives and refused with 413 as soon as it passes the limit. The
 * app therefore only ever sees complete bodies within the limit.
 */
export function readBody(limit: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (declaresTooLarge(req.headers, limit)) return refuse(req, res, 413, tooLarge(limit));
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", stop);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      refuse(req, res, 413, tooLarge(limit));
    };
    const onEnd = () => {
      stop();
      req.body = Buffer.concat(chunks, received);
      next();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    // A client that gives up mid-body: nothing to answer, the socket is gone.
    req.on("error", stop);
  };
}

/** The `code` of the error a `cappedBodyStream` fails with once the body passes its limit. */
export const BODY_LIMIT_CODE = "EBODYLIMIT";

/**
 * The request body as a Fetch stream that reads from the socket only when the
 * app pulls (a route that refuses the caller first reads nothing), and fails
 * with an error whose `code` is BODY_LIMIT_CODE as soon as more than `limit`
 * bytes arrive. `complete()` says whether the whole body was read within the limit.
 */
export function cappedBodyStream(req: IncomingMessage, limit: number): { stream: ReadableStream<Uint8Array>; complete: () => boolean } {
  let ended = false;
  let received = 0;
  req.pause();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit) {
          req.pause();
          controller.error(Object.assign(new Error(tooLarge(limit)), { code: BODY_LIMIT_CODE }));
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        ended = true;
        controller.close();
      });
      req.on("error", (error) => controller.error(error));
    },
    pull() {
      if (received <= limit) req.resume();
    },
    cancel() {
      req.pause();
    },
  }, { highWaterMark: 0 }); // no read-ahead: pull() runs only when the app reads
  return { stream, complete: () => ended && received <= limit };
}

/**
 * Reads bodies with `readBody(limit)`, except on the paths of `ownLimits`
 * (a raised limit): there only a declared Content-Length over the path's own
 * limit is refused (413) here, and the body is left to `cappedBodyStream`,
 * so the route authenticates and authorises the caller before any of it is
 * read (docs/decisions/0101-raised-body-limits-read-after-the-caller.md).
 * The path's limit is kept in `res.locals.streamBodyLimit`.
 */
export function readBodies(limit: number, ownLimits: Readonly<Record<string, number>>): RequestHandler {
  const reader = readBody(limit);
  return (req, res, next) => {
    const own = ownLimits[req.path];
    if (own === undefined) return reader(req, res, next);
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (declaresTooLarge(req.headers, own)) return refuse(req, res, 413, tooLarge(own));
    res.locals.streamBodyLimit = own;
    next();
  };
}

/** Logs an unexpected error and answers 500 (the security headers still apply), or drops a response already under way. */
export const serverError: ErrorRequestHandler = (error, req, res, _next) => {
  console.error("[server] unexpected error", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  refuse(req, res, 500, "Something went wrong on our side. Please try again.");
};
