/**
 * HTTP helpers shared by every route: security headers, JSON and RFC 9457
 * problem responses for the /api resource routes, safe redirects, client IP.
 */
import type { ZodError } from "zod";

/** Headers sent on every response (documents add a CSP with a nonce in entry.server). */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** CSP for non-HTML responses: nothing may be loaded or framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Copies the security headers onto `headers` (without overwriting ones already set). */
export function applySecurityHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

function apiHeaders(init: HeadersInit | undefined, contentType: string): Headers {
  const headers = new Headers(init);
  headers.set("Content-Type", contentType);
  headers.set("Cache-Control", "no-store");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
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

/** Largest JSON body accepted by the API, in bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON request body.
 * @throws Response 415 when the content type is not JSON, 413 when over
 *   `MAX_JSON_BODY_BYTES`, 400 when the body is not valid JSON.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw problem(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) {
    throw problem(413, `Request body must be at most ${MAX_JSON_BODY_BYTES} bytes`);
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw problem(413, `Request body must be at most ${MAX_JSON_BODY_BYTES} bytes`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw problem(400, "Request body is not valid JSON", { errors: [{ field: "body", message: "Invalid JSON" }] });
  }
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

/**
 * A same-site path to redirect to, or `fallback`. Rejects absolute URLs,
 * protocol-relative `//host` and backslash tricks.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://localhost");
    if (url.origin !== "http://localhost") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * The client's address as seen by the nearest reverse proxy: the last entry of
 * `X-Forwarded-For` (the one the proxy appended), else `X-Real-IP`, else "unknown".
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For");
  if (forwarded) {
    const parts = forwarded.split(",").map((p) => p.trim()).filter(Boolean);
    if (parts.length) return parts[parts.length - 1];
  }
  return request.headers.get("X-Real-IP")?.trim() || "unknown";
}
