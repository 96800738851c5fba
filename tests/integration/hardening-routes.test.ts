/**
 * Hardening defects fixed in the route modules, called directly with real
 * `Request`s against this file's temporary SQLite database:
 *  - open redirects through returnTo (/api/login with a session, /login, /theme),
 *  - non-form bodies to /login, /signup, /theme and /login/two-factor answer
 *    415 (rendered by the error boundary), never 500,
 *  - a no-JS 429 keeps its Retry-After (the routes' `headers` exports).
 * Server-level defects: hardening-server.test.ts.
 */
import { describe, expect, it } from "vitest";
import * as apiLoginRoute from "~/routes/api.login";
import * as loginRoute from "~/routes/login";
import * as twoFactorRoute from "~/routes/login_.two-factor";
import * as signupRoute from "~/routes/signup";
import * as themeRoute from "~/routes/theme";
import { beginTwoFactor } from "~/services/two-factor-flow.server";
import { createUser, signedInCookie } from "../support/fixtures";
import { callRoute, expectSetCookiePair, formRequest, getRequest, nextIp } from "../support/http";

const ORIGIN = "http://localhost:3000";

/** The open-redirect payloads of the issue: each normalises to `//evil.example...`. */
const NORMALISING_TO_OTHER_HOST = ["/.//evil.example/phish", "/a/..//evil.example", "/.//evil.example"];

describe("open redirects through returnTo", () => {
  it.each(NORMALISING_TO_OTHER_HOST)("GET /api/login?returnTo=%s with a session stays on the site", async (returnTo) => {
    const cookie = await signedInCookie(createUser().id);
    const response = await callRoute(apiLoginRoute.loader, getRequest(`${ORIGIN}/api/login?returnTo=${encodeURIComponent(returnTo)}`, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it.each(NORMALISING_TO_OTHER_HOST)("GET /login?returnTo=%s with a session stays on the site", async (returnTo) => {
    const cookie = await signedInCookie(createUser().id);
    const response = await callRoute(loginRoute.loader, getRequest(`${ORIGIN}/login?returnTo=${encodeURIComponent(returnTo)}`, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("GET /login?returnTo=/a/..//evil.example signed out hands the form a safe returnTo", async () => {
    const response = await callRoute(loginRoute.loader, getRequest(`${ORIGIN}/login?returnTo=${encodeURIComponent("/a/..//evil.example")}`));
    expect(((await response.json()) as { returnTo: string }).returnTo).toBe("/dashboard");
  });

  it.each(NORMALISING_TO_OTHER_HOST)("an anonymous POST /theme with returnTo=%s returns home", async (returnTo) => {
    const response = await callRoute(themeRoute.action, formRequest(`${ORIGIN}/theme`, { theme: "dark", returnTo }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

/** Bodies a browser form never sends: each must be refused with 415 (400 for an unreadable multipart), not crash. */
const NON_FORM_BODIES: [string, Record<string, string>, string | Uint8Array<ArrayBuffer>][] = [
  ["JSON", { "Content-Type": "application/json" }, '{"email":"a@example.com","password":"x"}'],
  ["text/plain", { "Content-Type": "text/plain" }, "email=a@example.com&password=x"],
  ["octet-stream", { "Content-Type": "application/octet-stream" }, "\u0000\u0001binary"],
  ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "--x\r\n\r\n"],
  ["no content type", {}, new TextEncoder().encode("email=a@example.com")],
];

function rawPost(path: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextIp(), ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

describe("non-form bodies get 415, never 500", () => {
  const routes = [
    ["/login", loginRoute.action],
    ["/signup", signupRoute.action],
    ["/theme", themeRoute.action],
  ] as const;

  for (const [path, action] of routes) {
    it.each(NON_FORM_BODIES)(`POST ${path} with a %s body → 415`, async (_label, headers, body) => {
      const response = await callRoute(action, rawPost(path, headers, body));
      expect(response.status).toBe(415);
      expect(await response.text()).toMatch(/accepts form posts only/);
    });
  }

  it.each(NON_FORM_BODIES)("POST /login/two-factor (first factor done) with a %s body → 415", async (_label, headers, body) => {
    const handOff = await beginTwoFactor(getRequest(`${ORIGIN}/login`), createUser().id, "/dashboard");
    const pending = expectSetCookiePair(handOff, "__flash");
    const response = await callRoute(twoFactorRoute.action, rawPost("/login/two-factor", headers, body, pending));
    expect(response.status).toBe(415);
  });
});

describe("a no-JS 429 keeps its Retry-After", () => {
  const actionHeaders = new Headers({ "Retry-After": "321", "Content-Type": "application/json" });
  const args = { actionHeaders, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined };

  it.each([
    ["/login", loginRoute.headers],
    ["/signup", signupRoute.headers],
    ["/login/two-factor", twoFactorRoute.headers],
  ] as const)("%s passes the action's Retry-After on to the document", (_path, headers) => {
    expect(new Headers(headers(args)).get("Retry-After")).toBe("321");
  });
});
