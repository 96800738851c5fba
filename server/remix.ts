/**
 * Hands a request to the Remix app: the Express adapter of
 * @remix-run/express, except that the Fetch `Request` gets the body that
 * `readBody` already read and capped. (That adapter streams the raw socket into
 * the app, and Remix's stream pump reports a cut-off stream as a normal end,
 * so a cap enforced in front of it would let an action read a truncated body
 * as complete.) The URL honours forwarded host and protocol only from trusted
 * proxies, as Express's `req.hostname` and `req.protocol` do. With a page
 * cache, a visitor without a cookie may be answered from it instead
 * (server/page-cache.ts).
 */
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { ServerLoadContext } from "../app/services/http.server";
import { cappedBodyStream, requestHost } from "./guards";
import type { PageCache } from "./page-cache";

/**
 * The Fetch API request for `req` at `url`, with the buffered body (from
 * `readBody`) and an abort signal tied to the connection. Without the Origin
 * header: `crossSiteGuard` has already judged it, and Remix's own check would
 * compare it with an untrusted X-Forwarded-Host or a Host a proxy rewrote
 * and throw (a 500) on a post the guard found same-origin.
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === "origin") continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const streamLimit = res.locals.streamBodyLimit as number | undefined;
  if (hasBody && streamLimit !== undefined) {
    const { stream, complete } = cappedBodyStream(req, streamLimit);
    res.locals.bodyLeftUnread = () => !complete();
    return new Request(url.href, { method: req.method, headers, signal: controller.signal, body: stream, duplex: "half" } as RequestInit);
  }
  const body = (req.body as Buffer | undefined) ?? Buffer.alloc(0);
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes the app's Fetch `Response` out through Express. */
async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  // A streamed body the app did not read to its end (it refused the caller, or the body passed the limit) is not read here either: the connection closes after the answer.
  if ((res.locals.bodyLeftUnread as (() => boolean) | undefined)?.()) res.setHeader("Connection", "close");
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * The Express handler that runs the Remix app.
 * @param build the server build (`build/index.js`).
 * @param getLoadContext what loaders and actions receive as `context`.
 * @param pageCache answers and keeps the documents of visitors without a cookie (server/page-cache.ts); absent, every request renders.
 */
export function remixHandler(build: ServerBuild, getLoadContext: (req: ExpressRequest) => ServerLoadContext, pageCache?: PageCache): RequestHandler {
  const handle = createRequestHandler(build, build.mode);
  return async (req, res, next) => {
    try {
      const url = new URL(`${req.protocol}://${requestHost(req)}${req.originalUrl}`);
      const ticket = pageCache?.ticket(req, url.href) ?? null;
      const render = () => handle(fetchRequest(req, res, url), { ...getLoadContext(req) });
      const response = ticket ? await pageCache!.respond(ticket, res, render) : await render();
      if (response) await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
