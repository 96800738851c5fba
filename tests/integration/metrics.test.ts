/**
 * `GET /metrics` of the real production server on this file's temporary
 * database: Prometheus text with the request histogram by route, method and
 * status class, event-loop lag, page-cache hits and misses, live-feed
 * clients, the outbox per channel, delivery jobs by status and the ledger's
 * length; a bearer token when one is set, else loopback clients only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, openContentVersion } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { PageCache } from "../../server/page-cache";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";

const TOKEN = "metrics-token-0123456789abcdef";
let open: Awaited<ReturnType<typeof startBuiltServer>>;
let guarded: Awaited<ReturnType<typeof startBuiltServer>>;
let contentVersion: ReturnType<typeof openContentVersion>;

beforeAll(async () => {
  contentVersion = openContentVersion(process.env.DATABASE_PATH!);
  open = await startBuiltServer({ metricsToken: undefined, pageCache: new PageCache({ maxAgeMs: 5_000, contentVersion: contentVersion.version, http: serverRuntime.http }) });
  guarded = await startBuiltServer({ metricsToken: TOKEN });
}, 120_000);
afterAll(async () => {
  await open?.close();
  await guarded?.close();
  contentVersion?.close();
});

/** The value of the sample `name{labels}` in `text`, or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
}

describe("GET /metrics", () => {
  it("reports requests by route id, method and status class, the page cache and event-loop lag", async () => {
    await rawRequest(open.port, { path: "/api/ledger/head" });
    await rawRequest(open.port, { path: "/no-such-page" });
    await rawRequest(open.port, { path: "/strategies" });
    await rawRequest(open.port, { path: "/strategies" });
    const response = await rawRequest(open.port, { path: "/metrics" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, "http_request_duration_seconds_count", '{route="routes/api.ledger.head",method="GET",status_class="2xx"}')).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", '{route="routes/$",method="GET",status_class="4xx"}')).toBe(1);
    expect(sample(text, "page_cache_requests_total", '{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "page_cache_requests_total", '{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(text, "live_feed_clients")).toBe(0);
  });

  it("reads the outbox per channel, delivery jobs by status and the ledger's length from the database", async () => {
    const user = createUser();
    const client = getDb().$client;
    const dueAt = Date.now() - 120_000;
    const insert = client.prepare(
      "INSERT INTO delivery_jobs (user_id, channel, target_id, event_type, payload, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'webhook.test', '{}', ?, 0, ?, ?)",
    );
    insert.run(user.id, "email", 1, "queued", dueAt, dueAt);
    insert.run(user.id, "email", 2, "retrying", Date.now() + 60_000, dueAt);
    insert.run(user.id, "webhook", 3, "dead", dueAt, dueAt);
    const ledger = client.prepare("SELECT coalesce(max(seq), 0) FROM signal_events").pluck().get() as number;
    const text = (await rawRequest(open.port, { path: "/metrics" })).body;
    expect(sample(text, "outbox_depth", '{channel="email"}')).toBe(2);
    expect(sample(text, "outbox_oldest_due_age_seconds", '{channel="email"}')).toBeGreaterThanOrEqual(119);
    expect(sample(text, "delivery_jobs", '{status="dead"}')).toBe(1);
    expect(sample(text, "delivery_jobs", '{status="queued"}')).toBe(1);
    expect(sample(text, "ledger_events")).toBe(ledger);
  });

  it("counts open live-feed connections", async () => {
    const { request } = await import("node:http");
    const user = createUser();
    insertSubscription(user.id, "pro");
    const cookie = await signedInCookie(user.id);
    const stream = await new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: open.port, path: "/api/signals/stream", headers: { Accept: "text/event-stream", Cookie: cookie } }, resolve);
      req.on("error", reject);
      req.end();
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(sample((await rawRequest(open.port, { path: "/metrics" })).body, "live_feed_clients")).toBe(1);
    } finally {
      stream.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sample((await rawRequest(open.port, { path: "/metrics" })).body, "live_feed_clients")).toBe(0);
  });

  it("without a token answers loopback clients only, never through a proxy", async () => {
    expect((await rawRequest(open.port, { path: "/metrics", headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(403);
  });

  it("with METRICS_TOKEN requires the bearer token, even from loopback", async () => {
    expect((await rawRequest(guarded.port, { path: "/metrics" })).status).toBe(401);
    expect((await rawRequest(guarded.port, { path: "/metrics", headers: { Authorization: "Bearer wrong-token-0123456789abcd" } })).status).toBe(401);
    const ok = await rawRequest(guarded.port, { path: "/metrics", headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatch(/# TYPE http_request_duration_seconds histogram/);
  });
});
