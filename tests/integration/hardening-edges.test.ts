/**
 * The edge cases of the second hardening pass, against the real production
 * server (server/app.ts serving the Remix build) on a free 127.0.0.1 port and
 * this file's temporary SQLite database: methods the app does not serve,
 * form posts whose Origin and Host disagree, bodies read only after the
 * caller is known, bounded field errors, returnTo length, slow requests.
 */
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { SERVED_METHODS } from "../../server/guards";
import { getDb } from "~/platform/db.server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";
import { handleError } from "~/entry.server";
import { rawRequest, startBuiltServer } from "../support/built-server";

const SLOW_MS = 120_000;
const FORM = "application/x-www-form-urlencoded";

let direct: Awaited<ReturnType<typeof startBuiltServer>>;
let proxied: Awaited<ReturnType<typeof startBuiltServer>>;

beforeAll(async () => {
  // As deployed without a proxy (TRUST_PROXY=0, APP_URL http), and behind one TLS-terminating proxy.
  direct = await startBuiltServer({ trustProxy: 0, appUrl: "http://localhost:3000" });
  proxied = await startBuiltServer({ trustProxy: 1, appUrl: "https://fx.example.com" });
}, SLOW_MS);

afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Writes `head` on a raw socket; resolves with all the server sent once it closes the connection or `ms` pass. */
function rawExchange(port: number, head: string, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (data) => {
      text += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.write(head);
  });
}

describe("methods the app does not serve are refused with 405 and Allow, without a stack trace in the log", () => {
  it.each([
    ["TRACE", "/"],
    ["TRACE", "/login"],
    ["TRACE", "/api/strategies"],
    ["TRACE", "/no-such-page"],
    ["PROPFIND", "/tools"],
    ["MKCOL", "/api/signals"],
  ])("%s %s", async (method, path) => {
    const logged = vi.spyOn(console, "error");
    const response = await rawRequest(direct.port, { method, path, headers: { Host: "127.0.0.1" } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(SERVED_METHODS.join(", "));
    expect(response.body).not.toMatch(/\bat .*:\d+:\d+/);
    if (path.startsWith("/api/")) expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a TRACE with a body on a kept-alive connection is answered and the connection closed", async () => {
    const text = await rawExchange(direct.port, `TRACE /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello`);
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text).toMatch(/\r\nallow: GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\r\n/i);
  });

  it("a POST to a page without an action is a 405 that logs nothing, nor does a 404", async () => {
    const logged = vi.spyOn(console, "error");
    const response = await rawRequest(direct.port, { method: "POST", path: "/about", headers: { "Content-Type": FORM }, body: "a=1" });
    expect(response.status).toBe(405);
    const missing = await rawRequest(direct.port, { path: "/no-such-page" });
    expect(missing.status).toBe(404);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("form posts whose Origin and Host disagree: the app's guard decides, Remix's own check never answers 500", () => {
  const server = (which: "direct" | "proxied") => (which === "direct" ? direct : proxied);
  const posts: [string, string][] = [
    ["/login", "email=a%40example.com&password=not-the-password"],
    ["/tools", "intent=position-size&balance=10000"],
    ["/theme", "theme=dark&returnTo=%2Ftools"],
  ];

  it.each([
    ["direct", "the APP_URL origin, another Host", { Origin: "http://localhost:3000" }],
    ["direct", "its own host as Origin, an untrusted X-Forwarded-Host", { Origin: "http://127.0.0.1:PORT", "X-Forwarded-Host": "evil.example" }],
    ["proxied", "the APP_URL origin, a Host the proxy rewrote", { Origin: "https://fx.example.com", Host: "10.0.0.5:3000" }],
    ["proxied", "the APP_URL origin and the proxy's X-Forwarded-Host", { Origin: "https://fx.example.com", "X-Forwarded-Host": "fx.example.com", "X-Forwarded-Proto": "https" }],
    ["proxied", "the APP_URL origin, another X-Forwarded-Host", { Origin: "https://fx.example.com", "X-Forwarded-Host": "other.example" }],
    ["proxied", "the forwarded host as Origin", { Origin: "https://shop.fx.example.com", "X-Forwarded-Host": "shop.fx.example.com" }],
  ] as const)("%s, %s: accepted on /login, /tools and /theme", async (which, _label, headers) => {
    const port = server(which).port;
    for (const [path, body] of posts) {
      const sent = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("PORT", String(port))]));
      const response = await rawRequest(port, { method: "POST", path, headers: { "Content-Type": FORM, Accept: "text/html", ...sent }, body });
      expect(response.status, `${path}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      expect(response.status, path).not.toBe(403);
      if (path === "/theme") expect(response.headers.location).toBe("/tools");
    }
  });

  it.each([
    ["direct", "its own host as Origin, another Host", { Origin: "http://127.0.0.1:PORT", Host: "other.example" }],
    ["direct", "the APP_URL host over another scheme", { Origin: "https://localhost:3000" }],
    ["direct", "a same-site Origin", { Origin: "http://shop.localhost:3000" }],
    ["proxied", "a same-site Origin, the site's X-Forwarded-Host", { Origin: "https://shop.fx.example.com", "X-Forwarded-Host": "fx.example.com" }],
    ["proxied", "the socket's host as Origin, the proxy's X-Forwarded-Host", { Origin: "http://127.0.0.1:PORT", "X-Forwarded-Host": "fx.example.com" }],
    ["proxied", "the APP_URL host over http", { Origin: "http://fx.example.com", "X-Forwarded-Host": "other.example" }],
  ] as const)("%s, %s: refused with 403 on /login, /tools and /theme", async (which, _label, headers) => {
    const port = server(which).port;
    for (const [path, body] of posts) {
      const sent = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("PORT", String(port))]));
      const response = await rawRequest(port, { method: "POST", path, headers: { "Content-Type": FORM, Accept: "text/html", ...sent }, body });
      expect(response.status, path).toBe(403);
      expect(response.body, path).toContain("came from another site");
    }
  });

  it("a no-JS subscription change with the APP_URL origin through a proxy that rewrote Host goes through; from another host it does not", async () => {
    const user = createUser();
    insertSubscription(user.id, "pro");
    const cookie = await signedInCookie(user.id);
    const status = () => getDb().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get()!.status;
    const post = (headers: Record<string, string>) =>
      rawRequest(proxied.port, { method: "POST", path: "/portal/account/subscription", headers: { "Content-Type": FORM, Cookie: cookie, ...headers }, body: "intent=pause" });
    const refused = await post({ Origin: "https://fx.example.com.evil.example", Host: "10.0.0.5:3000" });
    expect(refused.status).toBe(403);
    expect(status()).toBe("ACTIVE");
    const own = await post({ Origin: "https://fx.example.com", Host: "10.0.0.5:3000" });
    expect(own.status).toBeLessThan(400);
    expect(status()).toBe("PAUSED");
  });
});

describe("handleError (app/entry.server.tsx)", () => {
  const request = () => new Request("http://localhost/x", { method: "POST" });

  it("logs a server error but no 4xx error response of Remix's own", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError({ status: 405, statusText: "Method Not Allowed", internal: true, data: null, error: new Error("no action") }, { request: request(), params: {}, context: {} });
    expect(logged).not.toHaveBeenCalled();
    const failure = new Error("database is locked");
    handleError(failure, { request: request(), params: {}, context: {} });
    expect(logged).toHaveBeenCalledWith(failure);
  });
});
