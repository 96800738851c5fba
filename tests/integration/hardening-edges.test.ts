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
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "../../server/app";
import { SERVED_METHODS } from "../../server/guards";
import { generateApiKey } from "~/models/api-keys.server";
import { getDb } from "~/platform/db.server";
import { MAX_PRICES_BODY_BYTES } from "~/schemas/prices";
import { MAX_FIELD_ERRORS } from "~/services/http.server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";
import { handleError } from "~/entry.server";
import { runWithRequestContext, type RequestContext } from "~/platform/request-context.server";
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

/**
 * Writes `head` on a raw socket; resolves with all the server sent once it
 * closes the connection or `ms` pass, and the milliseconds until its first byte.
 */
function rawExchangeTimed(port: number, head: string, ms = 5_000): Promise<{ text: string; firstByteMs: number; closedMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let firstByteMs = Infinity;
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (data) => {
      if (text === "") firstByteMs = Date.now() - started;
      text += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, firstByteMs, closedMs: Date.now() - started });
    });
    socket.write(head);
  });
}

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

  it.each(["post", "trace", "Get"])("a lower-case method (%s) is refused by Node's parser with 400, never reaching the app", async (method) => {
    const text = await rawExchange(direct.port, `${method} /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
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

describe("a raised body limit is spent only on a caller the route has let in", () => {
  const head = (length: number, auth: string) =>
    `POST /api/admin/prices HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${auth}\r\n`;

  it.each([
    ["anonymous", "", 401],
    ["a signed-in non-admin", "Authorization: Bearer KEY\r\n", 403],
  ])("%s declaring a 4 MB body is answered %s before sending a byte of it, and the connection closes", async (_label, auth, status) => {
    const key = generateApiKey(createUser().id).key;
    const { text, firstByteMs, closedMs } = await rawExchangeTimed(direct.port, head(MAX_PRICES_BODY_BYTES - 10, auth.replace("KEY", key)));
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(firstByteMs).toBeLessThan(2_000);
    expect(closedMs).toBeLessThan(3_000);
  });

  it("40 concurrent anonymous 4 MB posts sent in full are refused, and the server keeps answering pages quickly", async () => {
    const body = Buffer.alloc(MAX_PRICES_BODY_BYTES - 10, 0x20);
    const posts = Array.from({ length: 40 }, () =>
      rawRequest(direct.port, { method: "POST", path: "/api/admin/prices", headers: { "Content-Type": "application/json" }, body }).catch(() => ({ status: 0 })),
    );
    const started = Date.now();
    const page = await rawRequest(direct.port, { path: "/api/strategies" });
    expect(page.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const answer of await Promise.all(posts)) expect([0, 401]).toContain(answer.status);
  });

  it("an admin's body is read, within the limit, and over it by chunks is refused with 413", async () => {
    const admin = createUser({ role: "admin" });
    const key = generateApiKey(admin.id).key;
    const ok = await rawRequest(direct.port, {
      method: "POST",
      path: "/api/admin/prices",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify({ bars: [] }),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ received: 0 });
    const chunk = `${(64 * 1024).toString(16)}\r\n${" ".repeat(64 * 1024)}\r\n`;
    const chunked = await rawExchangeTimed(
      direct.port,
      `POST /api/admin/prices HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${key}\r\nTransfer-Encoding: chunked\r\n\r\n` +
        chunk.repeat(Math.ceil(MAX_PRICES_BODY_BYTES / (64 * 1024)) + 2),
    );
    expect(chunked.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(chunked.closedMs).toBeLessThan(3_000);
    expect(chunked.text).toContain("application/problem+json");
  });
});

describe("an answer lists at most MAX_FIELD_ERRORS field errors, and counts the rest", () => {
  it("a 64 KB webhook registration with 20,000 invalid eventTypes gets a small 400 problem", async () => {
    const owner = createUser();
    insertSubscription(owner.id, "institutional");
    const key = generateApiKey(owner.id).key;
    const count = 20_000;
    const body = JSON.stringify({ url: "https://example.com/hook", eventTypes: Array.from({ length: count }, () => 1) });
    expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/api/webhooks",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.bytes.length).toBeLessThan(8 * 1024);
    const problem = JSON.parse(response.body) as { detail: string; errors: { field: string }[]; errorsOmitted: number };
    expect(problem.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(problem.errors[0]!.field).toBe("eventTypes.0");
    expect(problem.errorsOmitted).toBe(count - MAX_FIELD_ERRORS);
    expect(problem.detail).toMatch(new RegExp(`; and ${count - MAX_FIELD_ERRORS} more$`));
  });

  it("the no-JS webhook form with thousands of invalid event types re-renders with at most MAX_FIELD_ERRORS of them", async () => {
    const user = createUser();
    const cookie = await signedInCookie(user.id);
    const count = 4_000;
    const body = `intent=add&url=${encodeURIComponent("https://example.com/hook")}${"&eventTypes=x".repeat(count)}`;
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/portal/account/webhooks?_data=routes/portal.account.webhooks",
      headers: { "Content-Type": FORM, Cookie: cookie },
      body,
    });
    expect(response.status).toBe(400);
    const reply = JSON.parse(response.body) as { submission: { error: Record<string, string[]> } };
    const fields = Object.keys(reply.submission.error).filter((name) => name !== "");
    expect(fields.length).toBe(MAX_FIELD_ERRORS);
    expect(reply.submission.error[""]).toContain(`And ${count - MAX_FIELD_ERRORS} more fields are invalid.`);
    expect(response.bytes.length).toBeLessThan(16 * 1024);
  });
});

describe("sign-in returnTo is capped, so every Location stays under 2 KB", () => {
  it("GET /portal/dashboard? + a=1& x 2,000, signed out, and the sign-in redirects after it", async () => {
    const long = `/portal/dashboard?${"a=1&".repeat(2_000)}`;
    const first = await rawRequest(direct.port, { path: long });
    expect(first.status).toBe(302);
    expect(first.headers.location!.length).toBeLessThan(2_048);
    expect(first.headers.location).toBe(`/api/login?returnTo=${encodeURIComponent("/portal/dashboard")}`);
    const hostile = await rawRequest(direct.port, { path: `/api/login?returnTo=${encodeURIComponent(long)}` });
    expect(hostile.headers.location!.length).toBeLessThan(2_048);
    const encoded = await rawRequest(direct.port, { path: `/portal/dashboard/${"%25".repeat(600)}` });
    expect(encoded.headers.location?.length ?? 0).toBeLessThan(2_048);
  });

  it("a returnTo within MAX_RETURN_TO_CHARS keeps its query", async () => {
    const response = await rawRequest(direct.port, { path: "/portal/dashboard?tab=open" });
    expect(response.headers.location).toBe(`/api/login?returnTo=${encodeURIComponent("/portal/dashboard?tab=open")}`);
  });
});

describe("slow clients are cut off by Node's request and header timeouts", () => {
  /** Writes `head`, then one byte of `trickle` every 200 ms; resolves with what the server sent and when it closed. */
  function slowClient(port: number, head: string, trickle: string): Promise<{ text: string; closedMs: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(port, "127.0.0.1");
      let text = "";
      let index = 0;
      const timer = setInterval(() => {
        if (index < trickle.length && !socket.destroyed) socket.write(trickle[index++]!);
      }, 200);
      const giveUp = setTimeout(() => socket.destroy(), 15_000);
      socket.on("data", (data) => {
        text += data.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ text, closedMs: Date.now() - started });
      });
      socket.write(head);
    });
  }

  it("by default the whole request must arrive within REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS", () => {
    expect(direct.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(direct.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it("a body sent a byte at a time, and headers sent a byte at a time, get 408 and the connection closed", async () => {
    const slow = await startBuiltServer({ requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 });
    try {
      const [body, headers] = await Promise.all([
        slowClient(slow.port, `POST /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: 200\r\n\r\n`, "a".repeat(200)),
        slowClient(slow.port, "GET / HTTP/1.1\r\n", `Host: 127.0.0.1\r\nX-Slow: ${"b".repeat(100)}\r\n\r\n`),
      ]);
      for (const answer of [body, headers]) {
        expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer.closedMs).toBeLessThan(6_000);
      }
    } finally {
      await slow.close();
    }
  }, 20_000);
});

describe("handleError (app/entry.server.tsx)", () => {
  const request = () => new Request("http://localhost/x", { method: "POST" });

  it("keeps a server error for the request's log entry, but no 4xx error response of Remix's own", () => {
    const refused: RequestContext = {};
    runWithRequestContext(refused, () =>
      handleError({ status: 405, statusText: "Method Not Allowed", internal: true, data: null, error: new Error("no action") }, { request: request(), params: {}, context: {} }),
    );
    expect(refused.error).toBeUndefined();
    const failed: RequestContext = {};
    const failure = new Error("database is locked");
    runWithRequestContext(failed, () => handleError(failure, { request: request(), params: {}, context: {} }));
    expect(failed.error).toBe(failure);
  });
});
