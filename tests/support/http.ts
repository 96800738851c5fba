/**
 * Real `Request`s for calling Remix loaders and actions directly, and reading
 * what they answer. Nothing here imports the app, so a test file that must set
 * the environment before the app loads (auth-oauth) can use it too.
 */
import { expect } from "vitest";

/** What a loader or action receives; `params` are the route's URL params, `context` what the server passes (the client IP). */
export interface RouteArgs {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}

/**
 * The load context the server (server/app.ts) would give `request` behind one
 * trusted proxy: the client IP is the last `X-Forwarded-For` entry (tests pick
 * their address that way, see nextIp), else 127.0.0.1.
 */
function serverContext(request: Request): { clientIp: string } {
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return { clientIp: forwarded.at(-1) ?? "127.0.0.1" };
}

/**
 * The argument a loader or action receives, for calling one directly when
 * the test needs to see exactly what it returns (a thrown Response fails it).
 */
export function routeArgs(request: Request, params: Record<string, string> = {}): RouteArgs {
  return { request, params, context: serverContext(request) };
}

/**
 * Calls a loader or action with `routeArgs(request, params)` and returns
 * its Response, whether the handler returned it or threw it (redirects, 403s
 * and 404s are thrown). Anything else returned or thrown fails the test, and
 * so does an /api answer the OpenAPI document does not describe.
 */
export async function callRoute(handler: (args: RouteArgs) => unknown, request: Request, params: Record<string, string> = {}): Promise<Response> {
  let response: Response;
  try {
    const result = await handler(routeArgs(request, params));
    if (!(result instanceof Response)) throw new Error(`expected a Response, got ${typeof result}`);
    response = result;
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  await checkApiResponse(request, response);
  return response;
}

/**
 * For a request to /api: fails the test unless the response matches the
 * OpenAPI document (tests/support/openapi-conformance.ts, loaded only then,
 * so this file still imports nothing of the app up front).
 */
export async function checkApiResponse(request: Request, response: Response): Promise<void> {
  if (!new URL(request.url).pathname.startsWith("/api/")) return;
  const { expectApiConformance } = await import("./openapi-conformance");
  await expectApiConformance(request, response);
}

/**
 * The Response that `run` throws (synchronously or as a rejected promise).
 * Fails when `run` does not throw, or throws something other than a Response.
 */
export async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a thrown Response");
}

export interface RequestOptions {
  /** A `name=value` cookie pair (or several, joined with "; ") for the Cookie header. */
  cookie?: string;
  /** Extra headers; they win over the ones the helper sets. */
  headers?: Record<string, string>;
}

function headersWith(base: Record<string, string>, { cookie, headers = {} }: RequestOptions): Record<string, string> {
  return { ...base, ...(cookie ? { Cookie: cookie } : {}), ...headers };
}

/** A GET (or `method`) request to `url` without a body, signed in when `cookie` is given. */
export function getRequest(url: string, options: RequestOptions & { method?: string } = {}): Request {
  return new Request(url, { method: options.method ?? "GET", headers: headersWith({}, options) });
}

/** A form post (application/x-www-form-urlencoded), as a browser submits it. Repeat a name with the pair list form. */
export function formRequest(url: string, fields: Record<string, string> | [string, string][], options: RequestOptions = {}): Request {
  return new Request(url, {
    method: "POST",
    headers: headersWith({ "Content-Type": "application/x-www-form-urlencoded" }, options),
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A JSON POST. A string `body` is sent as it is (for malformed or non-JSON
 * bodies, with a `Content-Type` in `headers`); anything else is JSON.stringify'd.
 */
export function jsonRequest(url: string, body: unknown, options: RequestOptions = {}): Request {
  return new Request(url, {
    method: "POST",
    headers: headersWith({ "Content-Type": "application/json" }, options),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The `name=value` pair of the response's `name` Set-Cookie, or undefined when it sets none. */
export function setCookiePair(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}

/** Asserts the response sets the `name` cookie and returns its `name=value` pair. */
export function expectSetCookiePair(response: Response, name: string): string {
  const pair = setCookiePair(response, name);
  expect(pair, `the response sets a ${name} cookie`).toBeDefined();
  return pair!;
}

let ipCounter = 0;
/**
 * A client address not used before in this test file, for `X-Forwarded-For`,
 * so tests do not share the app's per-IP rate limits.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.7`;
}

/**
 * Asserts that `response` sends a signed-out visitor to sign in: a 302 to
 * `/api/login` whose `returnTo` is `path` (URL-encoded), so the visitor comes back after signing in.
 */
export function expectSignInRedirect(response: Response, path: string): void {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/api/login?returnTo=${encodeURIComponent(path)}`);
}
