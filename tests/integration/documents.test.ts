/**
 * Document-level behaviour: the 404 catch-alls, the theme form post, the CSP
 * and security headers from entry.server, and the session cookie attributes.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

// entry.server validates the environment on import and getEnv() caches, so
// APP_URL must be in place before any app module loads.
const savedAppUrl = vi.hoisted(() => {
  const saved = process.env.APP_URL;
  process.env.APP_URL = "http://localhost:3000";
  return saved;
});
afterAll(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

import { users } from "../../db/schema";
import { documentCsp, handleDataRequest } from "~/entry.server";
import * as apiCatchAll from "~/routes/api.$";
import * as pageCatchAll from "~/routes/$";
import * as themeRoute from "~/routes/theme";
import { SECURITY_HEADERS } from "~/services/http.server";
import { startSession } from "~/services/session.server";
import { getTheme, THEME_KEY } from "~/services/theme.server";
import { createUser } from "../support/fixtures";
import { formRequest, routeArgs } from "../support/http";

const ORIGIN = "http://localhost:3000";

async function thrownBy(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected a throw");
}

function themePost(fields: Record<string, string>): Request {
  return formRequest(`${ORIGIN}/theme`, fields);
}

function attributesOf(setCookie: string): string[] {
  return setCookie.split(";").slice(1).map((part) => part.trim().toLowerCase());
}

describe("404 catch-all for pages ($.tsx)", () => {
  it("the loader throws a 404 Response (rendered by the not-found boundary)", async () => {
    const thrown = await thrownBy(() => pageCatchAll.loader());
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("has a default component, an ErrorBoundary and a 'Page Not Found' title", () => {
    expect(typeof pageCatchAll.default).toBe("function");
    expect(typeof pageCatchAll.ErrorBoundary).toBe("function");
    const meta = pageCatchAll.meta({} as never) as Array<{ title?: string }>;
    expect(meta.some((m) => /not found/i.test(m.title ?? ""))).toBe(true);
  });
});

describe("404 catch-all for the API (api.$.ts)", () => {
  for (const method of ["GET", "POST", "DELETE"]) {
    it(`${method} to an unknown /api path → 404 problem+json naming the path`, async () => {
      const request = new Request(`${ORIGIN}/api/no-such-thing/42`, {
        method,
        ...(method === "POST" ? { headers: { "Content-Type": "application/json" }, body: "{}" } : {}),
      });
      const handler = method === "GET" ? apiCatchAll.loader : apiCatchAll.action;
      const response = await handler(routeArgs(request));
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const body = (await response.json()) as { type: string; title: string; status: number; detail: string };
      expect(body).toMatchObject({ type: "about:blank", title: "Not found", status: 404 });
      expect(body.detail).toContain("/api/no-such-thing/42");
    });
  }
});

describe("theme form post", () => {
  it("sets the fx-trader-theme cookie to dark (httpOnly, SameSite=Lax, a year) and returns to the page", async () => {
    const response = await themeRoute.action(routeArgs(themePost({ theme: "dark", returnTo: "/strategies?view=grid" })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/strategies?view=grid");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${THEME_KEY}=`));
    expect(THEME_KEY).toBe("fx-trader-theme");
    expect(setCookie).toBeDefined();
    const attrs = attributesOf(setCookie!);
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs).toContain(`max-age=${60 * 60 * 24 * 365}`);
    expect(attrs).not.toContain("secure"); // APP_URL is http
    // the server reads the cookie back as "dark" on the next request
    const next = new Request(`${ORIGIN}/`, { headers: { Cookie: setCookie!.split(";")[0] } });
    expect(await getTheme(next)).toBe("dark");
  });

  it("anything but dark saves light", async () => {
    for (const theme of ["light", "purple", ""]) {
      const response = await themeRoute.action(routeArgs(themePost({ theme, returnTo: "/" })));
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${THEME_KEY}=`))!;
      expect(await getTheme(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie.split(";")[0] } }))).toBe("light");
    }
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example"])("an unsafe returnTo %s falls back to /", async (returnTo) => {
    const response = await themeRoute.action(routeArgs(themePost({ theme: "dark", returnTo })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("a missing returnTo goes to /", async () => {
    const response = await themeRoute.action(routeArgs(themePost({ theme: "dark" })));
    expect(response.headers.get("Location")).toBe("/");
  });

  it("no theme cookie reads as null (no preference yet)", async () => {
    expect(await getTheme(new Request(`${ORIGIN}/`))).toBeNull();
  });

  it("GET /theme redirects home", () => {
    const response = themeRoute.loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("documentCsp", () => {
  const nonce = "dGVzdC1ub25jZS0xMjM0NQ==";
  const csp = documentCsp(nonce);
  const directives = Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  ) as Record<string, string[]>;

  it("allows scripts only from self and the request's nonce", () => {
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(directives["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("forbids framing, plugins and foreign form targets", () => {
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
  });

  it("uses a different nonce per call", () => {
    expect(documentCsp("other-nonce")).toContain("'nonce-other-nonce'");
    expect(documentCsp("other-nonce")).not.toContain(nonce);
  });

  it("opens no dev websocket outside development", () => {
    expect(directives["connect-src"]).toEqual(["'self'"]);
  });
});

describe("handleDataRequest", () => {
  it("adds X-Content-Type-Options, Referrer-Policy and the other security headers to data responses", async () => {
    const original = new Response(JSON.stringify({ ok: true }), { headers: { "Content-Type": "application/json" } });
    const response = await handleDataRequest(original, routeArgs(new Request(`${ORIGIN}/portal?_data=root`)));
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("keeps a header the route already set", async () => {
    const original = new Response("{}", { headers: { "Referrer-Policy": "no-referrer" } });
    const response = await handleDataRequest(original, routeArgs(new Request(`${ORIGIN}/?_data=root`)));
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("session cookie set by startSession", () => {
  function newUserId(email: string): number {
    return createUser({ email, firstName: "C", lastName: "Ookie" }).id;
  }

  it("is HttpOnly, SameSite=Lax, Path=/, expires with the session, and not Secure over http", async () => {
    const userId = newUserId("cookie.attrs@example.com");
    const response = await startSession(new Request(`${ORIGIN}/login`, { method: "POST" }), userId, "/portal");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(setCookie).toBeDefined();
    const attrs = attributesOf(setCookie!);
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs).not.toContain("secure");
    const expires = attrs.find((a) => a.startsWith("expires="));
    expect(expires).toBeDefined();
    const expiresAt = new Date(expires!.slice("expires=".length)).getTime();
    // default lifetime: 30 days
    expect(Math.abs(expiresAt - (Date.now() + 30 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
  });

  it("startSession never redirects off-site", async () => {
    const userId = newUserId("cookie.redirect@example.com");
    const response = await startSession(new Request(`${ORIGIN}/login`), userId, "https://evil.example");
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  describe("with an https APP_URL", () => {
    afterAll(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it("the session and theme cookies get Secure", async () => {
      vi.stubEnv("APP_URL", "https://fx.example.com");
      vi.resetModules();
      const session = await import("~/services/session.server");
      const theme = await import("~/services/theme.server");
      const db = await import("~/platform/db.server");
      const userId = db.getDb().insert(users).values({ email: "secure.cookie@example.com" }).returning().get().id;
      const response = await session.startSession(new Request("https://fx.example.com/login"), userId, "/portal");
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
      expect(attributesOf(setCookie)).toContain("secure");
      expect(attributesOf(setCookie)).toContain("httponly");
      expect(attributesOf(await theme.serializeTheme("dark"))).toContain("secure");
    });
  });
});
