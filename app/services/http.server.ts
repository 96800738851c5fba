/**
 * HTTP helpers shared by every route and by the server (server/): security
 * headers, JSON and RFC 9457 problem responses for the /api resource routes,
 * body limits, safe redirects, client IP.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { ZodError } from "zod";

/** Headers sent on every response (documents add a CSP with a nonce in entry.server). */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** CSP for non-HTML responses (API JSON, `?_data` JSON, feeds, errors): nothing may be loaded or framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** HSTS sent when the site is served over HTTPS (APP_URL https): one year, subdomains included. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Copies the security headers onto `headers` without overwriting ones already
 * set; a response without its own Content-Security-Policy (`?_data` JSON,
 * feeds, robots.txt) gets API_CSP. Documents set their nonce CSP first.
 */
export function applySecurityHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
  return headers;
}

function apiHeaders(init: HeadersInit | undefined, contentType: string): Headers {
  const headers = new Headers(init);
  headers.set("Content-Type", contentType);
  headers.set("Cache-Control", "no-store");
  return applySecurityHeaders(headers);
}

/** A JSON response for /api routes. `init` may be a status code. */
export function apiJson(data: unknown, init: number | ResponseInit = 200): Response {
  const options = typeof init === "number" ? { status: init } : init;
  return new Response(JSON.stringify(data), {
    ...options,
    headers: apiHeaders(options.headers, "application/json; charset=utf-8"),
  });
}

export interface FieldError {
  field: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: "Invalid request",
  401: "Authentication required",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  413: "Payload too large",
  415: "Unsupported media type",
  429: "Too many requests",
  500: "Internal server error",
};

/**
 * An RFC 9457 problem-details response (`application/problem+json`).
 * @param status HTTP status code.
 * @param detail human-readable explanation naming the offending field where there is one.
 */
export function problem(
  status: number,
  detail: string,
  options: { errors?: FieldError[]; headers?: HeadersInit; title?: string } = {},
): Response {
  const body = {
    type: "about:blank",
    title: options.title ?? TITLES[status] ?? "Error",
    status,
    detail,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: apiHeaders(options.headers, "application/problem+json; charset=utf-8"),
  });
}

/** Flattens a zod error into `[{field, message}]` with dotted field paths. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
}

/** 400 problem listing each invalid field; `detail` names them all. */
export function validationProblem(error: ZodError): Response {
  const errors = fieldErrors(error);
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return problem(400, detail, { errors });
}

/**
 * Largest request body the server reads, in bytes, for every route (form posts
 * and JSON alike); larger bodies are refused with 413 before they are read.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Largest JSON body accepted by the API, in bytes (the server-wide body limit). */
export const MAX_JSON_BODY_BYTES = MAX_BODY_BYTES;

/**
 * Reads a JSON request body.
 * @param maxBytes largest body accepted (default `MAX_JSON_BODY_BYTES`; a
 *   route with a larger one needs the server to read that much too, server/app.ts).
 * @throws Response 415 when the content type is not JSON, 413 when over
 *   `maxBytes`, 400 when the body is not valid JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw problem(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) {
    throw problem(413, `Request body must be at most ${maxBytes} bytes`);
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) {
    throw problem(413, `Request body must be at most ${maxBytes} bytes`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw problem(400, "Request body is not valid JSON", { errors: [{ field: "body", message: "Invalid JSON" }] });
  }
}

/**
 * The `Retry-After` of an action's response, for a route's `headers` export:
 * without it a no-JS (document) post answered 429 would lose the header.
 * @returns `{ "Retry-After": seconds }`, or `{}` when the action sent none.
 */
export function retryAfterHeader(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** 405 problem with the `Allow` header. */
export function methodNotAllowed(allowed: string[]): Response {
  return problem(405, `Use ${allowed.join(" or ")} for this endpoint`, { headers: { Allow: allowed.join(", ") } });
}

/**
 * Wraps an /api loader or action: thrown `Response`s are returned as they are;
 * anything else is logged and becomes a 500 problem without internals.
 */
export function apiHandler<Args>(handler: (args: Args) => Promise<Response> | Response) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      console.error("[api] unexpected error", error);
      return problem(500, "Something went wrong on our side. Please try again.");
    }
  };
}

/** Page-size bounds for list endpoints (DESIGN.md: 1 to 100, default 20). */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * Reads `?limit=` from a URL.
 * @returns an integer in [1, 100], 20 when absent.
 * @throws Response 400 naming `limit` when it is not such an integer.
 */
export function parseLimit(url: URL, fallback: number = LIST_LIMIT.default): number {
  const raw = url.searchParams.get("limit");
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < LIST_LIMIT.min || value > LIST_LIMIT.max) {
    throw problem(400, `limit must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`, {
      errors: [{ field: "limit", message: `Must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}` }],
    });
  }
  return value;
}

/** Stand-in for the app's origin when resolving redirect targets: only the path part is ever returned. */
const REDIRECT_BASE = new URL("http://app.invalid");

/** True when `path` resolves, against the app's origin, to a path on that same origin and is written as one (one leading slash). */
function isLocalPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  try {
    return new URL(path, REDIRECT_BASE).origin === REDIRECT_BASE.origin;
  } catch {
    return false;
  }
}

/**
 * The one check for redirect targets that come from input (query strings,
 * form fields, cookies): `to` resolved against the app's origin, returned as
 * path + query + fragment when it stays on that origin, else `fallback`. The
 * returned value itself is validated, so dot segments, tabs or backslashes
 * that normalise into `//host` (e.g. `/.//evil.example`) fall back too.
 * @returns a path starting with exactly one `/`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !isLocalPath(to)) return fallback;
  const url = new URL(to, REDIRECT_BASE);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(path) ? path : fallback;
}

/** What the server (server/app.ts) gives every loader and action as `context`. */
export interface ServerLoadContext {
  /** The client's address: the socket's peer, or the one `TRUST_PROXY` trusted proxies reported. */
  clientIp: string;
}

/**
 * The client's address for rate limits, as the server computed it from the
 * socket (honouring `TRUST_PROXY`); request headers are never read here.
 * @param context the loader or action `context`.
 * @returns the address, or "unknown" when the context carries none.
 */
export function clientIp(context: AppLoadContext): string {
  const ip = context.clientIp;
  return typeof ip === "string" && ip !== "" ? ip : "unknown";
}
