/**
 * `npm run bench:delivery`: delivery measured as an operator meets it, on the
 * production build served by the test harness (a child process, a temporary
 * seeded SQLite file), with real loopback receivers. Prints:
 *
 * 1. Publish REQUEST time, p50/p99 over HTTP (`POST /api/admin/signals`,
 *    signed-in admin, one request at a time), for a strategy with 1, 1,000
 *    and 10,000 subscribers, each with a webhook and email alerts. The server
 *    runs with DELIVERY_WORKER=off, so the figure is the request alone.
 * 2. Publish → last delivery for 1,000 webhooks (one endpoint per subscriber),
 *    sent by the server's own worker, with 0, 1 and 50 of the endpoints on a
 *    host that never answers (cut off at the webhook timeout, 10 s): p50, p99
 *    and last arrival of the healthy endpoints.
 * 3. Duplicates after kill -9 of the server mid-delivery of 1,000 webhooks
 *    (same `webhook-id` arriving twice), against the attempts in flight at the
 *    kill (at most the worker's concurrency).
 *
 * Options: `--only publish|deliver|crash` runs one part; `--sizes 1,1000`
 * the audiences of part 1; `--publishes N` requests per audience (default 20).
 * A benchmark that prints figures, not a test.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

// ---------------------------------------------------------------------------
// The harness: every use of harness/ is in this block.
import { DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer, type AppServer } from "../harness/app-server";
import { validSignalApiBody } from "../harness/signals";
import { percentile } from "../harness/stats";

interface Harness {
  server: AppServer;
  databasePath: string;
  cookie: string;
  stop(): Promise<void>;
}

/** A seeded database (`seed` adds the audience with direct SQL), the built server on it, and a signed-in admin. */
async function startHarness(seed: (db: Database.Database) => void, env: Record<string, string>): Promise<Harness> {
  const database = await prepareHarnessDatabase();
  const file = new Database(database.databasePath);
  seed(file);
  file.close();
  const server = await startAppServer(database.databasePath, { env: { WEBHOOK_ALLOW_PRIVATE: "1", ...env }, timeoutMs: 60_000 });
  const cookie = await signIn(server, DEMO_ACCOUNTS.admin);
  return {
    server,
    databasePath: database.databasePath,
    cookie,
    async stop() {
      await server.stop();
      database.remove();
    },
  };
}

/** Restarts the harness's server on the same database and port (after a kill -9). */
async function restartHarness(harness: Harness, env: Record<string, string>): Promise<void> {
  harness.server = await startAppServer(harness.databasePath, { port: harness.server.port, env: { WEBHOOK_ALLOW_PRIVATE: "1", ...env }, timeoutMs: 60_000 });
}

/** One publish request as the admin. @returns its time in ms, measured around the whole request. */
async function publishRequest(harness: Harness, strategyId: number): Promise<number> {
  const body = JSON.stringify(validSignalApiBody(strategyId, new Date(Date.now() + 86_400_000)));
  const started = performance.now();
  const response = await send(harness.server, {
    method: "POST",
    path: "/api/admin/signals",
    headers: { "Content-Type": "application/json", Cookie: harness.cookie, Origin: harness.server.url },
    body,
    timeoutMs: 60_000,
  });
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`Publish answered ${response.status}: ${response.body.slice(0, 300)}`);
  return ms;
}
// ---------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: { only: { type: "string" }, sizes: { type: "string", default: "1,1000,10000" }, publishes: { type: "string", default: "20" } },
});
const WEBHOOK_TYPES = JSON.stringify(["signal.published", "signal.triggered", "signal.modified", "signal.partially_closed", "signal.closed", "signal.cancelled", "signal.expired"]);
const DAY = 86_400_000;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * Adds a strategy `slug` with `count` subscribers (Institutional plan, the one with webhooks, following it),
 * each with one webhook at `urlOf(i)` and, with `email`, verified email alerts.
 * @returns the strategy id.
 */
function addAudience(db: Database.Database, slug: string, count: number, urlOf: (i: number) => string, email: boolean): number {
  const now = Date.now();
  return db.transaction(() => {
    const strategyId = Number(
      db
        .prepare(`INSERT INTO strategies (slug, name, description, risk_class, timeframes, instruments) VALUES (?, ?, 'Bench', 'Balanced', 'H4', 'EURUSD')`)
        .run(slug, slug).lastInsertRowid,
    );
    const user = db.prepare(`INSERT INTO users (email, email_verified_at) VALUES (?, ?)`);
    const sub = db.prepare(`INSERT INTO subscriptions (user_id, plan, status, start_date, end_date) VALUES (?, 'institutional', 'ACTIVE', ?, ?)`);
    const access = db.prepare(`INSERT INTO strategy_access (user_id, strategy_id) VALUES (?, ?)`);
    const settings = db.prepare(`INSERT INTO user_settings (user_id, email_alerts) VALUES (?, ?)`);
    const hook = db.prepare(`INSERT INTO webhook_endpoints (user_id, url, event_types, secret) VALUES (?, ?, ?, ?)`);
    for (let i = 0; i < count; i += 1) {
      const userId = Number(user.run(`${slug}-${i}@bench.example`, now).lastInsertRowid);
      sub.run(userId, now - DAY, now + 30 * DAY);
      access.run(userId, strategyId);
      settings.run(userId, email ? 1 : 0);
      hook.run(userId, urlOf(i), WEBHOOK_TYPES, `whsec_${Buffer.from(`bench-secret-${slug}-${i}`.padEnd(24, "x").slice(0, 24)).toString("base64")}`);
    }
    return strategyId;
  })();
}

/** A loopback receiver on `host`: answers 204 and notes each arrival (path, `webhook-id`, time); with `hang`, never answers. */
async function receiver(host: string, hang: boolean): Promise<{ url: string; arrivals: { path: string; id: string; at: number }[]; server: Server }> {
  const arrivals: { path: string; id: string; at: number }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrivals.push({ path: req.url ?? "/", id: String(req.headers["webhook-id"] ?? ""), at: performance.now() });
      if (!hang) res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, arrivals, server };
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** Part 1: publish request p50/p99 by audience. */
async function benchPublish(): Promise<void> {
  const sizes = args.sizes.split(",").map(Number);
  const publishes = Number(args.publishes);
  const sink = await receiver("127.0.0.1", false);
  const ids = new Map<number, number>();
  const harness = await startHarness((db) => {
    for (const size of sizes) ids.set(size, addAudience(db, `audience-${size}`, size, (i) => `${sink.url}/a${size}/${i}`, true));
  }, { DELIVERY_WORKER: "off" });
  try {
    console.log(`Publish request over HTTP (POST /api/admin/signals, signed-in admin, DELIVERY_WORKER=off), ${publishes} requests per audience after 2 warm-ups:`);
    for (const size of sizes) {
      const strategyId = ids.get(size)!;
      for (let i = 0; i < 2; i += 1) await publishRequest(harness, strategyId);
      const times: number[] = [];
      for (let i = 0; i < publishes; i += 1) times.push(await publishRequest(harness, strategyId));
      times.sort((a, b) => a - b);
      console.log(`  ${String(size).padStart(6)} subscribers (webhook + email each): p50 ${fmt(percentile(times, 50))}, p99 ${fmt(percentile(times, 99))}, max ${fmt(times.at(-1)!)}`);
    }
  } finally {
    await harness.stop();
    sink.server.close();
  }
}

/** Part 2: publish → last healthy delivery for 1,000 webhooks with 0, 1 and 50 endpoints on a host that never answers. */
async function benchDelivery(): Promise<void> {
  const healthy = await receiver("127.0.0.1", false);
  const slow = await receiver("127.0.0.2", true);
  const runs = [0, 1, 50];
  const ids = new Map<number, number>();
  const harness = await startHarness((db) => {
    for (const faults of runs) {
      ids.set(faults, addAudience(db, `faults-${faults}`, 1_000, (i) => (i < faults ? `${slow.url}/f${faults}/${i}` : `${healthy.url}/f${faults}/${i}`), false));
    }
  }, {});
  try {
    console.log("Publish → delivery of 1,000 webhooks, the server's own worker, receivers on loopback (slow host never answers; timeout 10 s):");
    let baseline = NaN;
    for (const faults of runs) {
      const expected = 1_000 - faults;
      const prefix = `/f${faults}/`;
      const arrived = () => healthy.arrivals.filter((a) => a.path.startsWith(prefix));
      const started = performance.now();
      const requestMs = await publishRequest(harness, ids.get(faults)!);
      const complete = await waitUntil(() => arrived().length >= expected, 120_000);
      const times = arrived().map((a) => a.at - started).sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (faults === 0) baseline = p99;
      console.log(
        `  ${String(faults).padStart(2)} timing out: ${times.length}/${expected} healthy delivered${complete ? "" : " (INCOMPLETE after 120 s)"}; request ${fmt(requestMs)}; ` +
          `p50 ${fmt(percentile(times, 50))}, p99 ${fmt(p99)}, last ${fmt(times.at(-1) ?? NaN)}${faults > 0 ? `; p99 ${(p99 / baseline).toFixed(2)}× the no-fault run` : ""}`,
      );
      // The timing-out attempts end at the webhook timeout; let them finish before the next run.
      if (faults > 0) await new Promise((resolve) => setTimeout(resolve, 11_000));
    }
  } finally {
    await harness.stop();
    healthy.server.close();
    slow.server.close();
  }
}

/** Part 3: kill -9 of the server mid-delivery; duplicates counted by `webhook-id`. */
async function benchCrash(): Promise<void> {
  const sink = await receiver("127.0.0.1", false);
  let strategyId = 0;
  const harness = await startHarness((db) => {
    strategyId = addAudience(db, "crash", 1_000, (i) => `${sink.url}/c/${i}`, false);
  }, {});
  try {
    await publishRequest(harness, strategyId);
    await waitUntil(() => sink.arrivals.length >= 300, 60_000);
    await harness.server.kill();
    const atKill = sink.arrivals.length;
    const file = new Database(harness.databasePath, { readonly: true });
    const inFlight = (file.prepare(`SELECT COUNT(*) AS n FROM delivery_jobs WHERE status = 'sending'`).get() as { n: number }).n;
    file.close();
    await restartHarness(harness, {});
    const complete = await waitUntil(() => new Set(sink.arrivals.map((a) => a.id)).size >= 1_000, 180_000);
    const seen = new Set<string>();
    let duplicates = 0;
    for (const arrival of sink.arrivals) {
      if (seen.has(arrival.id)) duplicates += 1;
      seen.add(arrival.id);
    }
    console.log(
      `kill -9 mid-delivery of 1,000 webhooks: ${atKill} arrived before the kill, ${inFlight} attempts in flight at the kill; ` +
        `${seen.size}/1000 delivered after restart${complete ? "" : " (INCOMPLETE)"}, ${duplicates} duplicates`,
    );
  } finally {
    await harness.stop();
    sink.server.close();
  }
}

console.log(`Machine: ${(await import("node:os")).cpus().length} cores, ${(await import("node:os")).cpus()[0]?.model ?? "?"}; ${new Date().toISOString()}`);
if (!args.only || args.only === "publish") await benchPublish();
if (!args.only || args.only === "deliver") await benchDelivery();
if (!args.only || args.only === "crash") await benchCrash();
