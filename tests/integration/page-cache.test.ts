/**
 * The page cache of visitors without a cookie (server/page-cache.ts,
 * docs/decisions/0074-anonymous-page-cache.md) in front of the real production
 * server and its SQLite file: a second request is answered from the cache with
 * a fresh CSP nonce, a write by any connection to a table pages show or the
 * maximum age ends an entry while API-key use and sign-ins do not
 * (docs/decisions/0153-page-cache-watches-content.md), every table is either
 * watched or listed here with the reason it is not, a public /api answer is
 * kept like a page (docs/decisions/0075-public-api-answers-in-the-page-cache.md),
 * and a request with a cookie or credentials is always rendered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { generateApiKey } from "~/models/api-keys.server";
import { getDb, openContentVersion } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { PageCache } from "../../server/page-cache";
import { rawRequest, startBuiltServer, type RawResponse } from "../support/built-server";
import { createUser, insertStrategy, signedInCookie } from "../support/fixtures";

const MAX_AGE_MS = 5_000;
let now = Date.parse("2026-11-24T09:00:00Z");
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let contentVersion: ReturnType<typeof openContentVersion>;

/**
 * The tables no anonymous page shows, whose writes leave cached pages alone:
 * their staleness in a cached page is bounded by PAGE_CACHE_MAX_AGE_MS.
 * Every other table must carry the content_version triggers.
 */
const UNWATCHED: Record<string, string> = {
  users: "accounts: shown only to the signed-in, who are never served from the cache",
  oauth_accounts: "sign-in links of accounts",
  sessions: "sign-ins and their last-seen times",
  subscriptions: "a user's plan, shown only to that user",
  strategy_access: "a user's strategies, shown only to that user",
  contact_messages: "messages to the admins",
  newsletter_subscribers: "addresses of subscribers",
  api_keys: "keys and their last use",
  user_settings: "a user's settings",
  two_factor: "a user's second factor",
  two_factor_recovery_codes: "a user's recovery codes",
  billing_records: "a user's bills",
  api_usage: "the monthly count of API-key requests",
  mt5_queue: "a user's MetaTrader queue",
  webhook_endpoints: "a user's webhooks",
  telegram_links: "a user's Telegram chats",
  push_subscriptions: "a user's browsers",
  delivery_jobs: "the outbox (the status page's figures may lag by the maximum age)",
  delivery_fanouts: "the outbox's fan-outs",
  delivery_breakers: "circuit breakers of receiving hosts",
  delivery_attempts: "attempts of deliveries (the status page's figures may lag by the maximum age)",
  seed_runs: "which seeds ran",
  idempotency_keys: "replays of API writes",
  account_tokens: "reset and verification tokens",
  heartbeats: "the worker's heartbeat, every few seconds (the status page may lag by the maximum age)",
  legal_acceptances: "who accepted which terms",
  passkeys: "a user's passkeys",
  passkey_challenges: "passkey ceremonies in progress",
  job_runs: "the scheduler's runs",
  help_search: "the full-text index of the help articles, rebuilt from files at start",
  stripe_events: "Stripe webhook events already handled",
  price_feed_symbols: "the price feed's health per symbol, polled every 30 s (the status page may lag by the maximum age)",
  price_bars: "price history: the record's pip values read it, but a record is kept per ledger head, so a bar alone changes no page",
};

beforeAll(async () => {
  insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" });
  contentVersion = openContentVersion(process.env.DATABASE_PATH!);
  const pageCache = new PageCache({ maxAgeMs: MAX_AGE_MS, contentVersion: contentVersion.version, http: serverRuntime.http, now: () => now });
  server = await startBuiltServer({ pageCache });
}, 120_000);

afterAll(async () => {
  await server?.close();
  contentVersion?.close();
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

  it("renders again once any connection has written what pages show: a post written elsewhere shows at once", async () => {
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

  it("keeps pages cached through API-key requests and sign-ins, which write only usage and sessions", async () => {
    const { id } = createUser({ email: "cache-keeper@example.com" });
    const key = generateApiKey(id).key;
    await get("/strategies");
    for (let request = 0; request < 3; request += 1) {
      expect((await get("/api/me", { Authorization: `Bearer ${key}` })).status).toBe(200);
    }
    await signedInCookie(id);
    expect((await get("/strategies")).headers["x-page-cache"]).toBe("hit");
  });

  it("watches every table a page shows: each other table is listed with the reason it is not", () => {
    const client = getDb().$client;
    const tables = client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND name NOT LIKE 'help_search_%' AND name <> 'content_version'")
      .pluck()
      .all() as string[];
    const triggers = new Set(client.prepare("SELECT tbl_name || ':' || name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'content_version_%'").pluck().all() as string[]);
    const unclassified = tables.filter((table) => {
      const watched = ["insert", "update", "delete"].every((op) => triggers.has(`${table}:content_version_${table}_${op}`));
      return watched === (table in UNWATCHED);
    });
    expect(unclassified, "a table either carries the three content_version triggers or is in UNWATCHED, not both").toEqual([]);
    expect(Object.keys(UNWATCHED).filter((table) => !tables.includes(table))).toEqual([]);
  });
});
