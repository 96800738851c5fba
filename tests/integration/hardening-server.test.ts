/**
 * Hardening defects that live in the HTTP server, against the real production
 * server (server/app.ts serving the Remix build) on a free 127.0.0.1 port and
 * this file's temporary SQLite database: body limits answered before reading,
 * keep-alive after early refusals, the cross-site check, the client IP behind
 * TRUST_PROXY, Retry-After on a no-JS 429, security headers on every kind of
 * response (500s, `?_data`, feeds), HSTS, and the request log.
 */
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { Agent } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import { readAssetsManifest } from "../../scripts/assets-manifest.mjs";
import { getDb } from "~/platform/db.server";
import { API_CSP, HSTS, MAX_BODY_BYTES, SECURITY_HEADERS } from "~/services/http.server";
import { SIGN_IN_PER_EMAIL, SIGN_IN_PER_IP } from "~/services/rate-limit.server";
import { beginTwoFactor } from "~/services/two-factor-flow.server";
import { rawRequest, startBuiltServer, type RawResponse } from "../support/built-server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";
import { expectSetCookiePair, getRequest } from "../support/http";

// argon2 runs for each sign-in attempt of the Retry-After case; the build may be made first.
const SLOW_MS = 120_000;

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

let addressCounter = 1;
/** A loopback source address no other test uses (the server sees it as the client's socket address). */
function freshAddress(): string {
  addressCounter += 1;
  return `127.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 2}`;
}

function expectSecurityHeaders(response: RawResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers[name.toLowerCase()], name).toBe(value);
  expect(response.headers["content-security-policy"]).toBeDefined();
}

/**
 * Writes `head` (and then `chunks`, one by one) on a raw socket and resolves
 * with everything the server sent once it closes the connection or `ms` pass.
 */
function rawExchange(port: number, head: string, chunks: Buffer[] = [], ms = 5_000): Promise<{ text: string; closed: boolean; sent: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let sent = 0;
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, sent });
    };
    const timer = setTimeout(done, ms);
    socket.on("data", (data) => {
      text += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      done();
    });
    socket.write(head);
    const next = (index: number) => {
      if (index >= chunks.length || socket.destroyed || text) return;
      socket.write(chunks[index], () => {
        sent += chunks[index]!.length;
        setTimeout(() => next(index + 1), 5);
      });
    };
    next(0);
  });
}

const FORM = "application/x-www-form-urlencoded";

describe("request bodies are capped at MAX_BODY_BYTES for every route", () => {
  it.each([
    ["/tools", FORM, "text/plain"],
    ["/api/calculators/position-size", "application/json", "application/problem+json"],
    ["/contact", FORM, "text/plain"],
  ])("a declared 50 MB body to %s is refused with 413 and Connection: close before any of it is sent", async (path, type, answer) => {
    const started = Date.now();
    const { text, closed } = await rawExchange(
      direct.port,
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${direct.port}\r\nContent-Type: ${type}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text.toLowerCase()).toContain(`content-type: ${answer}`);
    expect(text).toContain(`larger than ${MAX_BODY_BYTES} bytes`);
    expect(text).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    // answered and closed at once, though the client never sent the body
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("a chunked body is counted as it arrives and refused with 413 once it passes the limit", async () => {
    const chunk = Buffer.from(`4000\r\n${"a".repeat(0x4000)}\r\n`, "latin1");
    const { text, closed, sent } = await rawExchange(
      direct.port,
      `POST /tools HTTP/1.1\r\nHost: 127.0.0.1:${direct.port}\r\nContent-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Array.from({ length: 64 }, () => chunk), // 1 MB offered; the stream never ends
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it("a 50 MB field is never echoed: the page answer stays small", async () => {
    const body = `accountBalance=${"9".repeat(50 * 1024 * 1024)}&riskPercent=1`;
    const response = await rawRequest(direct.port, { method: "POST", path: "/tools", headers: { "Content-Type": FORM }, body });
    expect(response.status).toBe(413);
    expect(response.body.length).toBeLessThan(1_000);
  });

  it("bodies within the limit reach the app", async () => {
    const json = JSON.stringify({ accountBalance: 10000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08, pad: "x".repeat(MAX_BODY_BYTES - 200) });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/api/calculators/position-size",
      headers: { "Content-Type": "application/json" },
      body: json,
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toHaveProperty("lotSize");
  });
});

describe("an early refusal does not stall the next request on a kept-alive connection", () => {
  /** Sends `first`, then a GET on the same keep-alive agent (one socket), and times the GET. */
  async function nextAfter(first: { method: string; path: string; headers: Record<string, string>; body: string }) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await rawRequest(direct.port, { ...first, agent });
      const started = Date.now();
      const next = await rawRequest(direct.port, { path: "/api/strategies", agent });
      return { refused, next, ms: Date.now() - started };
    } finally {
      agent.destroy();
    }
  }

  it.each([
    ["/api/calculators/position-size", "application/json", "its 413"],
    ["/api/login", FORM, "a GET-only route's 405"],
    ["/api/calculators/position-size", "text/plain", "a JSON route's 415"],
  ])("a 2 MB POST to %s (%s, before the limit: %s) closes the connection; the next request answers at once", async (path, type) => {
    const { refused, next, ms } = await nextAfter({ method: "POST", path, headers: { "Content-Type": type }, body: "x".repeat(2 * 1024 * 1024) });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
    expect(next.status).toBe(200);
    expect(ms).toBeLessThan(2_000);
  });
});

describe("cross-site requests are refused with 403 before the app runs", () => {
  it("a ?_data post from another origin with the victim's cookie does not pause the subscription", async () => {
    const user = createUser();
    insertSubscription(user.id, "pro");
    const cookie = await signedInCookie(user.id);
    const attack = await rawRequest(direct.port, {
      method: "POST",
      path: "/portal/account/subscription?_data=routes/portal.account.subscription",
      headers: { "Content-Type": FORM, Origin: "https://evil.example", Cookie: cookie },
      body: "intent=pause",
    });
    expect(attack.status).toBe(403);
    expect(attack.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expectSecurityHeaders(attack);
    const status = () => getDb().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get()!.status;
    expect(status()).toBe("ACTIVE");

    // the same request from the site itself goes through
    const own = await rawRequest(direct.port, {
      method: "POST",
      path: "/portal/account/subscription?_data=routes/portal.account.subscription",
      headers: { "Content-Type": FORM, Origin: `http://127.0.0.1:${direct.port}`, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
      body: "intent=pause",
    });
    expect(own.status).not.toBe(403);
    expect(status()).toBe("PAUSED");
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site", Origin: "https://shop.localhost" }],
    ["a foreign Origin", { Origin: "https://evil.example" }],
  ])("an anonymous POST /theme with %s is refused with headers", async (_label, headers) => {
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/theme",
      headers: { "Content-Type": FORM, ...headers },
      body: "theme=dark&returnTo=%2F.%2F%2Fevil.example",
    });
    expect(response.status).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expectSecurityHeaders(response);
  });

  it.each([
    ["a same-origin browser post", { "Sec-Fetch-Site": "same-origin", Origin: "http://127.0.0.1:PORT" }],
    ["a browser that sends Origin only", { Origin: "http://127.0.0.1:PORT" }],
    ["a client that sends neither (no-JS posts from old browsers, API clients)", {}],
  ])("%s goes through", async (_label, headers) => {
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/theme",
      headers: { "Content-Type": FORM, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("PORT", String(direct.port))])) },
      body: "theme=dark&returnTo=%2Ftools",
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/tools");
  });

  it("behind a proxy, the APP_URL origin is the site's own", async () => {
    const response = await rawRequest(proxied.port, {
      method: "POST",
      path: "/theme",
      headers: { "Content-Type": FORM, Origin: "https://fx.example.com", "X-Forwarded-Host": "fx.example.com", "X-Forwarded-Proto": "https" },
      body: "theme=dark&returnTo=%2Ftools",
    });
    expect(response.status).toBe(302);
  });
});

describe("the client IP is the socket address unless TRUST_PROXY says otherwise", () => {
  /** One wrong two-factor code (it counts toward the per-IP sign-in limit) for a fresh pending user. */
  async function wrongCode(port: number, from: string, forwardedFor?: string): Promise<number> {
    const handOff = await beginTwoFactor(getRequest("http://localhost/login"), createUser().id, "/dashboard");
    const response = await rawRequest(port, {
      method: "POST",
      path: "/login/two-factor?_data=routes/login_.two-factor",
      from,
      headers: {
        "Content-Type": FORM,
        Cookie: expectSetCookiePair(handOff, "__flash"),
        ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
      },
      body: "code=000000",
    });
    return response.status;
  }

  it("TRUST_PROXY=0: a client cannot pick its own IP with X-Forwarded-For, and other clients keep their own budget", async () => {
    const attacker = freshAddress();
    for (let i = 0; i < SIGN_IN_PER_IP.points; i += 1) {
      expect(await wrongCode(direct.port, attacker, `198.51.100.${i + 1}`)).toBe(400);
    }
    expect(await wrongCode(direct.port, attacker, "198.51.100.200")).toBe(429);
    // another client (no header at all) is not in the attacker's bucket
    expect(await wrongCode(direct.port, freshAddress())).toBe(400);
  });

  it("TRUST_PROXY=1: the address the proxy appended to X-Forwarded-For is the client", async () => {
    const proxy = freshAddress();
    for (let i = 0; i < SIGN_IN_PER_IP.points; i += 1) {
      expect(await wrongCode(proxied.port, proxy, `spoofed-${i}, 203.0.113.50`)).toBe(400);
    }
    expect(await wrongCode(proxied.port, proxy, "203.0.113.50")).toBe(429);
    // another client behind the same proxy has its own budget
    expect(await wrongCode(proxied.port, proxy, "203.0.113.51")).toBe(400);
  });

  it("TRUST_PROXY=1 also trusts the proxy's X-Forwarded-Proto and -Host; TRUST_PROXY=0 does not", async () => {
    const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "proxy.example" };
    // robots.txt names the sitemap on the request's own origin (APP_URL aside)
    const throughProxy = await rawRequest(proxied.port, { path: "/robots.txt", headers: forwarded });
    expect(throughProxy.body).toContain("Sitemap: https://proxy.example/sitemap.xml");
    const spoofed = await rawRequest(direct.port, { path: "/robots.txt", headers: forwarded });
    expect(spoofed.body).toContain(`Sitemap: http://127.0.0.1:${direct.port}/sitemap.xml`);
  });
});

describe("a no-JS sign-in refused with 429 carries Retry-After", () => {
  it(
    "the document answer to the (SIGN_IN_PER_EMAIL + 1)th attempt",
    async () => {
      const from = freshAddress();
      const post = () =>
        rawRequest(direct.port, {
          method: "POST",
          path: "/login",
          from,
          headers: { "Content-Type": FORM, Accept: "text/html", "Sec-Fetch-Site": "same-origin" },
          body: "email=retry.after%40example.com&password=not-the-password",
        });
      for (let i = 0; i < SIGN_IN_PER_EMAIL.points; i += 1) expect((await post()).status).toBe(400);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(limited.headers["content-type"]).toMatch(/^text\/html/);
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.body).toContain("Too many sign-in attempts");
    },
    SLOW_MS,
  );
});

describe("security headers on every kind of response", () => {
  it.each(["/?_data=root", "/insights/rss.xml", "/sitemap.xml", "/robots.txt", "/api/strategies"])("%s has the API CSP", async (path) => {
    const response = await rawRequest(direct.port, { path });
    expect(response.status).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(API_CSP);
    expectSecurityHeaders(response);
  });

  it("pages keep their nonce CSP", async () => {
    const response = await rawRequest(direct.port, { path: "/" });
    expect(response.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  it("a method the app does not serve (TRACE) is refused with 405 by the server itself, with them", async () => {
    const response = await rawRequest(proxied.port, { method: "TRACE", path: "/login" });
    expect(response.status).toBe(405);
    expectSecurityHeaders(response);
    expect(response.headers["content-security-policy"]).toBe(API_CSP);
  });

  it("a non-form post to a page is answered 415 by the page's error rendering", async () => {
    const response = await rawRequest(direct.port, {
      method: "POST",
      path: "/login",
      headers: { "Content-Type": "application/json", Accept: "text/html" },
      body: '{"email":"a@example.com"}',
    });
    expect(response.status).toBe(415);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Unsupported form");
    expect(response.body).toMatch(/role="alert"[^>]*>This page accepts form posts only/);
    expectSecurityHeaders(response);
  });

  it.each(["/admin/signals", "/admin/deliveries"])("an admin's non-form post to %s is refused with its message as an alert", async (path) => {
    const admin = createUser({ role: "admin" });
    const response = await rawRequest(direct.port, {
      method: "POST",
      path,
      headers: { "Content-Type": "application/json", Accept: "text/html", Cookie: await signedInCookie(admin.id) },
      body: '{"intent":"retry"}',
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatch(/role="alert"[^>]*>This page accepts form posts only/);
  });

  it("a path with a broken %-escape is a 400 (problem+json under /api), never a 500", async () => {
    const api = await rawRequest(direct.port, { method: "GET", path: "/api/%E0%A4%A?_data=0" });
    expect(api.status).toBe(400);
    expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
    const page = await rawRequest(direct.port, { method: "GET", path: "/insights/%E0%A4%A" });
    expect(page.status).toBe(400);
    expectSecurityHeaders(page);
  });

  it("HSTS when APP_URL is https, on pages, API answers and refusals alike; none over plain http", async () => {
    for (const path of ["/", "/api/strategies", "/no-such-page"]) {
      expect((await rawRequest(proxied.port, { path })).headers["strict-transport-security"]).toBe(HSTS);
    }
    const refused = await rawRequest(proxied.port, { method: "POST", path: "/theme", headers: { Origin: "https://evil.example" }, body: "" });
    expect(refused.status).toBe(403);
    expect(refused.headers["strict-transport-security"]).toBe(HSTS);
    expect((await rawRequest(direct.port, { path: "/" })).headers["strict-transport-security"]).toBeUndefined();
  });

  it("static files and fingerprinted assets have them too; assets are cached for a year", async () => {
    const page = await rawRequest(direct.port, { path: "/" });
    const script = /"(\/build\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await rawRequest(direct.port, { path: script! });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(asset);
    const favicon = await rawRequest(direct.port, { path: "/favicon.svg" });
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expectSecurityHeaders(favicon);
    const worker = await rawRequest(direct.port, { path: "/push-sw.js" });
    expect(worker.status).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/javascript/);
  });

  it("the framework chunks the client entry imports carry V8's compile hint; the root's and a route's modules do not", async () => {
    const manifest = readAssetsManifest("public/build");
    const hinted = [];
    for (const chunk of manifest.entry.imports as string[]) if ((await rawRequest(direct.port, { path: chunk })).body.startsWith("//# allFunctionsCalledOnLoad\n")) hinted.push(chunk);
    expect(hinted.length).toBeGreaterThanOrEqual(2);
    for (const module of [manifest.routes.root.module, manifest.routes["routes/_index"].module]) {
      expect((await rawRequest(direct.port, { path: module })).body, module).not.toContain("allFunctionsCalledOnLoad");
    }
  });

  it("fingerprinted assets are sent as the build's brotli or gzip copy, as the request accepts, equal to the file itself", async () => {
    const page = await rawRequest(direct.port, { path: "/" });
    const scripts = [...page.body.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const script = scripts.find((path) => existsSync(`public${path}.br`));
    expect(script, scripts.join(" ")).toBeDefined();
    const identity = await rawRequest(direct.port, { path: script!, headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.bytes.byteLength).toBeGreaterThan(1024);
    const plain = await rawRequest(direct.port, { path: script! });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.equals(identity.bytes)).toBe(true);

    const br = await rawRequest(direct.port, { path: script!, headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(identity.bytes)).toBe(true);
    expect(br.bytes.equals(readFileSync(`public${script}.br`))).toBe(true);

    const gzip = await rawRequest(direct.port, { path: script!, headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.bytes).equals(identity.bytes)).toBe(true);
    expect(gzip.bytes.equals(readFileSync(`public${script}.gz`))).toBe(true);

    for (const response of [identity, br, gzip]) {
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expectSecurityHeaders(response);
    }
  });
});

describe("request log", () => {
  it("one JSON line per request: method, path, route, status, duration, id; no query string, no cookie", async () => {
    const before = direct.logLines.length;
    await rawRequest(direct.port, { path: "/login?returnTo=%2Fportal%3Ftoken%3Dsecret-token", headers: { Cookie: "__session=secret-cookie" } });
    const lines = direct.logLines.slice(before);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", method: "GET", path: "/login", route: "routes/login", status: 200, durationMs: expect.any(Number), reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(lines[0]).not.toMatch(/secret-token|secret-cookie|returnTo/);
  });
});
