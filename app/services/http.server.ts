/**
 * HTTP helpers shared by every route and by the server (server/): security
 * headers, JSON and RFC 9457 problem responses for the /api resource routes,
 * the /api conventions (caching, ETag, CORS, OPTIONS, rate-limit headers:
 * docs/decisions/0042-api-caching-and-cors.md), body limits, safe redirects, client IP.
 */
import { noteRequestError } from "~/platform/request-context.server";
import { createHash, randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { ZodError, ZodType, ZodTypeDef } from "zod";
import { LIST_LIMIT } from "~/schemas/api/common";
import { rateLimitHeaders } from "./rate-limit.server";

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

/** A fresh Content-Security-Policy nonce: 16 random bytes, base64 (24 characters). One per HTML response, never reused. */
export function cspNonce(): string {
  return randomBytes(16).toString("base64");
}

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
  return apiJsonText(JSON.stringify(data), init);
}

/**
 * The text of each body `apiJsonText` was given as a string, so the /api
 * conventions hash it for the ETag without reading the response's stream back
 * (which decodes the bytes again and costs a new Response).
 */
const serialisedBodies = new WeakMap<Response, string>();

/**
 * A response body that hands `bytes` on without copying them.
 * `new Response(bytes)` copies a BufferSource into a new buffer for every
 * response: for a kept body of a long track record (tens of MB, ADR 0065)
 * that is tens of MB per request, until the collector frees it. A stream of
 * one chunk, the same memory, is written to the socket as it is.
 * @param bytes a kept, serialised body; it must not change afterwards.
 * @returns a stream that yields `bytes` (the same view) once, then ends.
 */
export function sharedBytesBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * A JSON response for /api routes whose body `text` is already serialised
 * JSON (e.g. a document built once). As UTF-8 bytes it is neither encoded
 * nor copied again (`sharedBytesBody`). `init` may be a status code.
 */
export function apiJsonText(text: string | Uint8Array, init: number | ResponseInit = 200): Response {
  const options = typeof init === "number" ? { status: init } : init;
  const response = new Response(typeof text === "string" ? text : sharedBytesBody(text), {
    ...options,
    headers: apiHeaders(options.headers, "application/json; charset=utf-8"),
  });
  if (typeof text === "string") serialisedBodies.set(response, text);
  return response;
}

/** Whether apiJsonOf checks each body against its schema (development and tests; production trusts the types). */
const CHECK_RESPONSE_BODIES = process.env.NODE_ENV !== "production";

/**
 * A JSON response for /api routes whose body is `data` of the documented
 * `schema` (app/schemas/api, the source of the OpenAPI document): typed by the
 * schema, and outside production parsed by it, so an undocumented field or
 * shape fails loudly (the schemas are strict).
 * @throws Error naming the first mismatch outside production (apiHandler turns it into a 500).
 */
export function apiJsonOf<T>(schema: ZodType<T, ZodTypeDef, unknown>, data: T, init: number | ResponseInit = 200): Response {
  if (CHECK_RESPONSE_BODIES) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`API response does not match its documented schema at ${issue.path.join(".") || "body"}: ${issue.message}`);
    }
  }
  return apiJson(data, init);
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
 * Most field errors one answer lists, on every endpoint and page; the rest
 * are only counted, so a body of thousands of bad items cannot make an
 * answer thousands of times larger (docs/decisions/0103-bounded-field-errors.md).
 */
export const MAX_FIELD_ERRORS = 20;

/** `"; and N more"` for the N errors past MAX_FIELD_ERRORS, else "". */
function moreErrorsText(total: number): string {
  return total > MAX_FIELD_ERRORS ? `; and ${total - MAX_FIELD_ERRORS} more` : "";
}

/**
 * An RFC 9457 problem-details response (`application/problem+json`).
 * @param status HTTP status code.
 * @param detail human-readable explanation naming the offending field where there is one.
 * @param options.errors the field errors; only the first MAX_FIELD_ERRORS are
 *   sent, the number left out as `errorsOmitted`.
 * @param options.extensions extra members of the problem object (RFC 9457 section 3.2).
 */
export function problem(
  status: number,
  detail: string,
  options: { errors?: FieldError[]; headers?: HeadersInit; title?: string; extensions?: Record<string, unknown> } = {},
): Response {
  const errors = options.errors;
  const body = {
    type: "about:blank",
    title: options.title ?? TITLES[status] ?? "Error",
    status,
    detail,
    ...(errors ? { errors: errors.slice(0, MAX_FIELD_ERRORS) } : {}),
    ...(errors && errors.length > MAX_FIELD_ERRORS ? { errorsOmitted: errors.length - MAX_FIELD_ERRORS } : {}),
    ...options.extensions,
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

/** 400 problem listing the invalid fields `errors`; `detail` names the first MAX_FIELD_ERRORS and counts the rest. */
export function fieldErrorsProblem(errors: FieldError[]): Response {
  const detail = errors.slice(0, MAX_FIELD_ERRORS).map((e) => `${e.field}: ${e.message}`).join("; ") + moreErrorsText(errors.length);
  return problem(400, detail, { errors });
}

/** 400 problem listing the invalid fields of a zod error (`fieldErrorsProblem`). */
export function validationProblem(error: ZodError): Response {
  return fieldErrorsProblem(fieldErrors(error));
}

/**
 * Largest request body the server reads, in bytes, for every route (form posts
 * and JSON alike); larger bodies are refused with 413 before they are read.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Largest JSON body accepted by the API, in bytes (the server-wide body limit). */
export const MAX_JSON_BODY_BYTES = MAX_BODY_BYTES;

/**
 * The request body as text, exactly as sent (a signature check needs the raw
 * bytes), at most `maxBytes` bytes.
 * @throws a 413 problem Response when the body is larger.
 */
export async function readTextBody(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) {
    throw problem(413, `Request body must be at most ${maxBytes} bytes`);
  }
  const text = await request.text().catch((error: unknown) => {
    // The server's capped stream (server/guards.ts cappedBodyStream) fails this way past the path's limit.
    if ((error as { code?: unknown }).code === "EBODYLIMIT") throw problem(413, `Request body must be at most ${maxBytes} bytes`);
    throw error;
  });
  if (Buffer.byteLength(text) > maxBytes) {
    throw problem(413, `Request body must be at most ${maxBytes} bytes`);
  }
  return text;
}

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
  const text = await readTextBody(request, maxBytes);
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
 * Who may read an /api GET answer, which decides its caching and CORS:
 * - `catalogue`: the same for everyone (strategies, blog, the document):
 *   `public, max-age=60`, CORS from any origin without credentials;
 * - `public`: public, but what a caller sees depends on their entitlements
 *   (signals, ledger): `public, max-age=10` when sent without a cookie or key
 *   (`Vary: Authorization, Cookie`), else `private, no-store`; CORS as above;
 * - `private`: user-specific: `private, no-store`, no CORS.
 */
export type ApiAccess = "catalogue" | "public" | "private";

export interface ApiRouteOptions {
  /** Default `private`. */
  access?: ApiAccess;
  /** Methods the route answers besides OPTIONS (HEAD is implied by GET); default `["POST"]` (OPTIONS reaches only actions). */
  allow?: readonly string[];
}

/** Seconds a public answer may be cached: the catalogue, and public data sent anonymously. */
export const PUBLIC_MAX_AGE = { catalogue: 60, public: 10 } as const;

/** Response headers a cross-origin script may read. */
const CORS_EXPOSED_HEADERS = "ETag, Link, RateLimit, RateLimit-Policy, Retry-After, X-Next-Cursor, X-Request-Id";

const isPublic = (access: ApiAccess) => access !== "private";

/** The `Allow` value of a route answering `allow`: HEAD with GET, and OPTIONS always. */
export function allowHeader(allow: readonly string[]): string {
  const methods = new Set(allow);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].join(", ");
}

/**
 * The answer to OPTIONS: 204 with `Allow`; for public routes also the CORS
 * preflight headers (any origin, no credentials; only safe methods).
 */
export function optionsResponse(request: Request, allow: readonly string[], access: ApiAccess): Response {
  const headers = new Headers({ Allow: allowHeader(allow), "Cache-Control": "no-store" });
  if (isPublic(access) && request.headers.has("Origin")) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "If-None-Match, X-Request-Id");
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers: applySecurityHeaders(headers) });
}

/**
 * The `action` of a read-only /api route: OPTIONS answers `Allow` (and the
 * CORS preflight for public routes); every other method is a 405 problem.
 */
export function readOnlyAction(access: ApiAccess = "private") {
  return (args?: { request: Request }): Response => {
    if (args?.request.method === "OPTIONS") return optionsResponse(args.request, ["GET"], access);
    const response = methodNotAllowed(["GET"]);
    if (isPublic(access)) response.headers.set("Access-Control-Allow-Origin", "*");
    return response;
  };
}

/** A weak ETag of a body: `W/"<first 128 bits of its SHA-256, base64url>"`. */
export function weakEtag(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** True when an `If-None-Match` value lists `etag` (weak comparison) or is `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

function cacheControlFor(request: Request, access: ApiAccess): { cacheControl: string; vary?: string } {
  if (access === "catalogue") return { cacheControl: `public, max-age=${PUBLIC_MAX_AGE.catalogue}` };
  if (access === "public" && !request.headers.has("Authorization") && !request.headers.has("Cookie")) {
    return { cacheControl: `public, max-age=${PUBLIC_MAX_AGE.public}`, vary: "Authorization, Cookie" };
  }
  return { cacheControl: "private, no-store" };
}

/**
 * The /api conventions applied to a route's answer: rate-limit headers for a
 * keyed request, CORS for public routes, and for a 200 to GET or HEAD the
 * route's Cache-Control, a weak ETag and 304 when `If-None-Match` matches
 * (not for an event stream: it never ends, so it is passed on unread).
 */
async function withApiConventions(response: Response, request: Request, access: ApiAccess): Promise<Response> {
  const headers = response.headers;
  for (const [name, value] of Object.entries(rateLimitHeaders(request))) headers.set(name, value);
  if (isPublic(access)) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
  }
  const readable = request.method === "GET" || request.method === "HEAD";
  if (!readable || response.status !== 200) return response;
  if ((headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return response;
  const { cacheControl, vary } = cacheControlFor(request, access);
  headers.set("Cache-Control", cacheControl);
  if (vary) headers.append("Vary", vary);
  // A body kept serialised with its ETag (`weakEtag` of it) is not read and hashed again;
  // one serialised by `apiJsonText` is hashed from its text, and the response is sent as it is.
  const known = headers.get("ETag");
  const text = known === null ? serialisedBodies.get(response) : undefined;
  const body = known === null && text === undefined ? await response.text() : null;
  const etag = known ?? weakEtag(text ?? body!);
  headers.set("ETag", etag);
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    for (const name of ["Content-Type", "Content-Encoding", "Content-Length"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return body === null ? response : new Response(body, { status: 200, headers });
}

/**
 * Wraps an /api loader or action: thrown `Response`s are returned as they are;
 * anything else is logged and becomes a 500 problem without internals. Every
 * answer then gets the /api conventions for `options.access` (see ApiAccess);
 * OPTIONS (which reaches actions only) answers `Allow` from `options.allow`.
 */
export function apiHandler<Args>(handler: (args: Args) => Promise<Response> | Response, options: ApiRouteOptions = {}) {
  const access = options.access ?? "private";
  return async (args: Args): Promise<Response> => {
    const request = requestOf(args);
    if (request?.method === "OPTIONS") return optionsResponse(request, options.allow ?? ["POST"], access);
    let response: Response;
    try {
      response = await handler(args);
    } catch (error) {
      if (error instanceof Response) response = error;
      else {
        noteRequestError(error);
        response = problem(500, "Something went wrong on our side. Please try again.");
      }
    }
    return request ? withApiConventions(response, request, access) : response;
  };
}

/** The `request` of a loader's or action's arguments (absent when a handler is called bare). */
function requestOf(args: unknown): Request | undefined {
  if (typeof args !== "object" || args === null || !("request" in args)) return undefined;
  return args.request instanceof Request ? args.request : undefined;
}

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

/**
 * The RFC 8288 `Link` header of a cursor-paged list: the same path and query
 * with `params` (e.g. `{after: "42"}`) replaced, as `<…>; rel="next"`.
 * @param url the request's URL; only its path and query are used.
 */
export function nextPageLink(url: URL, params: Record<string, string>): string {
  const next = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(params)) next.set(name, value);
  return `<${url.pathname}?${next.toString()}>; rel="next"`;
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
 * Longest redirect target kept, in characters: written into a `returnTo`
 * query (each character at most 3 when %-encoded) it keeps every `Location`
 * the app sends under 2 KB.
 */
export const MAX_RETURN_TO_CHARS = 512;

/**
 * The one check for redirect targets that come from input (query strings,
 * form fields, cookies): `to` resolved against the app's origin, returned as
 * path + query + fragment when it stays on that origin and is at most
 * MAX_RETURN_TO_CHARS long, else `fallback`. The
 * returned value itself is validated, so dot segments, tabs or backslashes
 * that normalise into `//host` (e.g. `/.//evil.example`) fall back too.
 * @returns a path starting with exactly one `/`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !isLocalPath(to)) return fallback;
  const url = new URL(to, REDIRECT_BASE);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(path) && path.length <= MAX_RETURN_TO_CHARS ? path : fallback;
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
