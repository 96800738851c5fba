/**
 * The page cache of visitors without a cookie (server/page-cache.ts,
 * docs/decisions/0074-anonymous-page-cache.md) in front of the real production
 * server and its SQLite file: a second request is answered from the cache with
 * a fresh CSP nonce, a commit by any connection or the maximum age ends an
 * entry, a public /api answer is kept like a page
 * (docs/decisions/0075-public-api-answers-in-the-page-cache.md), and a request
 * with a cookie or credentials is always rendered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { blogPosts } from "../../db/schema";
import { getDb } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { PageCache } from "../../server/page-cache";
import { rawRequest, startBuiltServer, type RawResponse } from "../support/built-server";
import { insertStrategy } from "../support/fixtures";

const MAX_AGE_MS = 5_000;
let now = Date.parse("2026-11-24T09:00:00Z");
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let versionConnection: ReturnType<typeof openDatabase>["$client"];

beforeAll(async () => {
  insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" });
  versionConnection = openDatabase(process.env.DATABASE_PATH!).$client;
  const dataVersion = versionConnection.prepare("PRAGMA data_version").pluck();
  const pageCache = new PageCache({ maxAgeMs: MAX_AGE_MS, dataVersion: () => dataVersion.get() as number, http: serverRuntime.http, now: () => now });
  server = await startBuiltServer({ pageCache });
}, 120_000);

afterAll(async () => {
  await server?.close();
  versionConnection?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.port, { path, headers });
}

/** The nonce the CSP header allows. */
function cspNonce(response: RawResponse): string {
  return /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))![1]!;
}

/** The values of the body's nonce attributes. */
function bodyNonces(response: RawResponse): string[] {
  return [...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]!);
}

/** Writes a post through the test's own connection, then expects `path` rendered afresh with it. */
async function expectFreshAfterAPost(path: string, slug: string, title: string): Promise<void> {
  getDb().insert(blogPosts).values({ slug, title, category: "General", publishedAt: new Date(now) }).run();
  const after = await get(path);
  expect(after.headers["x-page-cache"]).toBe("miss");
  expect(after.body).toContain(title);
}

describe("the page cache", () => {
  it("answers a second visitor without a cookie from the cache, with a nonce of its own in the header and in every script", async () => {
    const first = await get("/strategies");
    const second = await get("/strategies");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    expect(bodyNonces(first).length).toBeGreaterThan(0);
    expect(new Set(bodyNonces(first))).toEqual(new Set([cspNonce(first)]));
    expect(new Set(bodyNonces(second))).toEqual(new Set([cspNonce(second)]));
    expect(second.body).not.toContain(cspNonce(first));
    expect(second.body.replaceAll(cspNonce(second), "N")).toBe(first.body.replaceAll(cspNonce(first), "N"));
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["x-frame-options"]).toBe(first.headers["x-frame-options"]);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("serves documents whose module preloads and module script start hydration with the document, rendered or from the cache (ADR 0127)", async () => {
    for (const response of [await get("/services"), await get("/services")]) {
      expect(response.body.match(/<link rel="modulepreload" href="\/build\//g)?.length).toBeGreaterThan(2);
      expect(response.body).not.toContain("data-modulepreload");
      expect(response.body.match(/<script[^>]* type="module"/g)).toHaveLength(1);
    }
  });

  it("keeps each URL apart, query string included", async () => {
    await get("/strategies/alpha-swing?tab=playbook");
    const signals = await get("/strategies/alpha-swing?tab=signals");
    expect(signals.headers["x-page-cache"]).toBe("miss");
    expect((await get("/strategies/alpha-swing?tab=playbook")).headers["x-page-cache"]).toBe("hit");
  });

  it("renders again once any connection has committed: a post written elsewhere shows at once", async () => {
    await get("/insights");
    expect((await get("/insights")).headers["x-page-cache"]).toBe("hit");
    await expectFreshAfterAPost("/insights", "page-cache-fresh", "A post the cache must not hide");
  });

  it("renders again once the maximum age has passed", async () => {
    await get("/about");
    now += MAX_AGE_MS - 1;
    expect((await get("/about")).headers["x-page-cache"]).toBe("hit");
    now += 1;
    expect((await get("/about")).headers["x-page-cache"]).toBe("miss");
  });

  it("always renders for a request with a cookie or credentials, and serves none of it to visitors without", async () => {
    await get("/pricing");
    const dark = await get("/pricing", { Cookie: "theme=dark" });
    expect(dark.headers["x-page-cache"]).toBeUndefined();
    const withCredentials = await get("/pricing", { Authorization: "Bearer fxt_not-a-key" });
    expect(withCredentials.headers["x-page-cache"]).toBeUndefined();
    expect((await get("/pricing")).headers["x-page-cache"]).toBe("hit");
  });

  it("answers a public /api GET without credentials from the cache until the next commit; a revalidation reaches the app", async () => {
    const first = await get("/api/blog?limit=12");
    const second = await get("/api/blog?limit=12");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toMatch(/^public/);
    expect(second.headers["access-control-allow-origin"]).toBe("*");
    const revalidated = await get("/api/blog?limit=12", { "If-None-Match": String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["x-page-cache"]).toBeUndefined();
    await expectFreshAfterAPost("/api/blog?limit=12", "api-cache-fresh", "A post the API cache must not hide");
  });

  it("keeps no error page, no data request, no private answer and no redirect", async () => {
    for (const path of ["/no-such-page", "/pricing?_data=root", "/api/me", "/portal/dashboard"]) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status, path).not.toBe(0);
      expect(second.headers["x-page-cache"], path).toBeUndefined();
    }
  });
});
