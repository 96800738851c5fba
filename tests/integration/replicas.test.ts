/**
 * Two production servers on one machine as a LiteFS cluster would run them
 * (docs/decisions/0066, 0067): a primary and a replica, each on its own copy
 * of the database in its own "mount" folder (LITEFS_DIR). The replica's
 * folder holds the `.primary` file naming the primary's host, the primary's
 * holds none, as LiteFS arranges. The test plays LiteFS: it advances the
 * primary's `-pos` replication position with each write it sends (LiteFS does
 * so at commit), and replicates by copying the primary's committed state into
 * the replica's file with SQLite's backup API, then copying the position.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "~/models/api-keys.server";
import { cookiePair, DEMO_ACCOUNTS, HARNESS_SESSION_SECRET, send, signIn, startAppServer, type AppServer, type HarnessResponse } from "../../harness/app-server";
import { validSignalApiBody } from "../support/fixtures";
import { prepareDatabase, type HarnessDatabase } from "../../harness/production-build";

const PRIMARY_HOST = "fx-primary.internal";
const DB_FILE = "fx-trader.db";
const HOUR = 3_600_000;

let primaryMount: HarnessDatabase;
let replicaDir: string;
let primary: AppServer;
let replica: AppServer;
let txid = 1;
let adminCookie: string;
let traderCookie: string;
let traderKey: string;

const replicaPath = () => join(replicaDir, DB_FILE);

/** LiteFS's `-pos` file: `<txid>/<checksum>`, both 16 hex digits. */
function writePos(dir: string, value: number): void {
  writeFileSync(join(dir, `${DB_FILE}-pos`), `${value.toString(16).padStart(16, "0")}/${"0".repeat(16)}\n`);
}

/** The primary's next commit will reach the next TXID (what LiteFS records at commit). */
function nextTx(): number {
  txid += 1;
  writePos(primaryMount.dir, txid);
  return txid;
}

/** Copies the primary's committed state into the replica's file, then its position. */
async function replicate(): Promise<void> {
  const source = new Database(primaryMount.databasePath, { readonly: true });
  try {
    await source.backup(replicaPath());
  } finally {
    source.close();
  }
  writePos(replicaDir, txid);
}

/** SHA-256 of every row of every table of `path`: equal digests, equal contents. */
function snapshot(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    // Rows sorted by their JSON text: FTS5's shadow tables (help_search_*) include WITHOUT ROWID ones.
    const rows = JSON.stringify(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify(row)).sort()]));
    return createHash("sha256").update(rows).digest("hex");
  } finally {
    db.close();
  }
}

function query<T>(path: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const json = (cookie: string, body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Cookie: cookie },
  body: JSON.stringify(body),
});

function alphaSwingId(): number {
  return query<{ id: number }>(primaryMount.databasePath, "SELECT id FROM strategies WHERE slug = 'alpha-swing'")[0]!.id;
}

/** Opens `/api/signals/stream` on `server`; `events()` is what arrived so far, `close()` hangs up. */
function openStream(server: AppServer, cookie: string) {
  let raw = "";
  let status = 0;
  const outgoing = httpRequest({ host: "127.0.0.1", port: server.port, path: "/api/signals/stream", headers: { Cookie: cookie }, agent: false });
  const opened = new Promise<void>((resolve, reject) => {
    outgoing.on("response", (incoming) => {
      status = incoming.statusCode ?? 0;
      incoming.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
        resolve();
      });
    });
    outgoing.on("error", reject);
  });
  outgoing.end();
  return {
    opened,
    status: () => status,
    events: () =>
      raw
        .split("\n\n")
        .map((block) => /^data: (.*)$/m.exec(block)?.[1])
        .filter((data): data is string => data !== undefined)
        .map((data) => JSON.parse(data) as { seq: number; type: string; signal: { id: number } }),
    close: () => outgoing.destroy(),
  };
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  primaryMount = await prepareDatabase({ prefix: "fx-trader-primary-", fileName: DB_FILE, env: { SESSION_SECRET: HARNESS_SESSION_SECRET } });
  replicaDir = mkdtempSync(join(tmpdir(), "fx-trader-replica-"));
  writeFileSync(join(replicaDir, ".primary"), `${PRIMARY_HOST}\n`);
  traderKey = `fxt_${randomBytes(24).toString("hex")}`;
  const writer = new Database(primaryMount.databasePath);
  writer
    .prepare("INSERT INTO api_keys (user_id, prefix, key_hash, created_at) SELECT id, ?, ?, ? FROM users WHERE email = ?")
    .run(traderKey.slice(0, 12), hashApiKey(traderKey), Date.now(), DEMO_ACCOUNTS.trader.email);
  writer.close();
  writePos(primaryMount.dir, txid);
  await replicate();
  // The primary's worker is off so that the jobs a publish enqueues stay queued for the replica's worker to (not) claim.
  // The replica holds a request ahead of its copy for 5 s: long enough for the test's copy of the file to land on a loaded machine.
  [primary, replica] = await Promise.all([
    startAppServer(primaryMount.databasePath, { env: { LITEFS_DIR: primaryMount.dir, DELIVERY_WORKER: "off" } }),
    startAppServer(replicaPath(), { env: { LITEFS_DIR: replicaDir, DELIVERY_WORKER: "inline", LITEFS_TX_WAIT_MS: "5000" } }),
  ]);
  nextTx();
  adminCookie = await signIn(primary, DEMO_ACCOUNTS.admin);
  nextTx();
  traderCookie = await signIn(primary, DEMO_ACCOUNTS.trader);
  await replicate();
}, 120_000);

afterAll(async () => {
  await Promise.all([primary?.stop(), replica?.stop()]);
  primaryMount?.remove();
  if (replicaDir) rmSync(replicaDir, { recursive: true, force: true });
});

describe("a replica refuses every write and serves every read and calculation", () => {
  it("answers sign-in, a page action and /api writes with a 409 problem naming the primary, and its file is unchanged", async () => {
    const before = snapshot(replicaPath());
    const answers: HarnessResponse[] = [
      await send(replica, {
        method: "POST",
        path: "/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: replica.url },
        body: new URLSearchParams({ ...DEMO_ACCOUNTS.trader, returnTo: "/dashboard" }).toString(),
      }),
      await send(replica, { method: "POST", path: "/admin/signals", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie }, body: "intent=publish" }),
      await send(replica, { path: "/api/admin/signals", ...json(adminCookie, validSignalApiBody(alphaSwingId(), new Date(Date.now() + 24 * HOUR))) }),
      await send(replica, { method: "DELETE", path: "/api/webhooks/1", headers: { Cookie: traderCookie } }),
      await send(replica, { path: "/api/callback?code=x&state=y" }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/);
      const problem = JSON.parse(answer.body) as { status: number; detail: string; primaryInstance: string };
      expect(problem).toMatchObject({ status: 409, primaryInstance: PRIMARY_HOST });
      expect(problem.detail).toContain(PRIMARY_HOST);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(snapshot(replicaPath())).toBe(before);
  });

  it("serves reads (pages, a signed-in dashboard, /api with a session or an API key) and calculator posts without writing", async () => {
    const before = snapshot(replicaPath());
    // Past the minute after which a primary would refresh a session's last-seen time.
    const stale = new Database(replicaPath());
    stale.prepare("UPDATE sessions SET last_seen_at = ?").run(Date.now() - 10 * 60_000);
    stale.close();
    const touched = snapshot(replicaPath());
    expect(touched).not.toBe(before);
    const reads = [
      await send(replica, { path: "/" }),
      await send(replica, { path: "/performance" }),
      await send(replica, { path: "/dashboard", headers: { Cookie: traderCookie } }),
      await send(replica, { path: "/admin/signals", headers: { Cookie: adminCookie } }),
      await send(replica, { path: "/api/signals", headers: { Cookie: traderCookie } }),
      await send(replica, { path: "/api/signals", headers: { Authorization: `Bearer ${traderKey}` } }),
      await send(replica, { path: "/api/auth/user", headers: { Authorization: `Bearer ${traderKey}` } }),
      await send(replica, {
        method: "POST",
        path: "/api/calculators/position-size",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${traderKey}` },
        body: JSON.stringify({ accountBalance: 10000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 }),
      }),
    ];
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(reads[7]!.body)).toMatchObject({ stopPips: 50 });
    expect(JSON.parse(reads[6]!.body)).toMatchObject({ email: DEMO_ACCOUNTS.trader.email });
    expect(snapshot(replicaPath())).toBe(touched);
  });
});

describe("writes on the primary reach the replica", () => {
  let published: { id: number };
  let publishTx: number;

  it("the replica's live feed pushes a signal the primary published, once replicated", async () => {
    const stream = openStream(replica, traderCookie);
    await stream.opened;
    expect(stream.status()).toBe(200);
    publishTx = nextTx();
    const answer = await send(primary, { path: "/api/admin/signals", ...json(adminCookie, validSignalApiBody(alphaSwingId(), new Date(Date.now() + 24 * HOUR))) });
    expect(answer.status).toBe(201);
    published = JSON.parse(answer.body) as { id: number };
    // The primary tags its answer with the position the write reached (litefs-js's TXID cookie).
    expect(cookiePair(answer, "txnum")).toBe(`txnum=${publishTx}`);
    expect(stream.events()).toEqual([]);
    await replicate();
    const event = await until(() => stream.events().find((e) => e.signal.id === published.id), 15_000);
    stream.close();
    expect(event).toMatchObject({ type: "signal.published", signal: { id: published.id } });
    const ledger = query<{ seq: number }>(replicaPath(), "SELECT seq FROM signal_events WHERE signal_id = ?", published.id);
    expect(event!.seq).toBe(ledger[0]!.seq);
  });

  it("the replica's delivery worker neither expands nor claims the fan-out rows it received", async () => {
    type Fanout = { id: number; status: string; cursor: number; lease_owner: string | null };
    const fanouts = () => query<Fanout>(replicaPath(), "SELECT id, status, cursor, lease_owner FROM delivery_fanouts WHERE signal_id = ?", published.id);
    const jobs = () => query<{ id: number }>(replicaPath(), "SELECT id FROM delivery_jobs WHERE signal_id = ?", published.id);
    const pending = fanouts();
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.status === "pending" && row.cursor === 0 && row.lease_owner === null)).toBe(true);
    // The replica's worker polls every 500 ms: give it several turns.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(fanouts()).toEqual(pending);
    expect(jobs()).toEqual([]);
  });

  it("read-your-writes: a replica behind the admin's TXID cookie does not serve the old state; once caught up it serves and clears the cookie", async () => {
    const eventsPath = `/api/signals/${published.id}/events`;
    const closeTx = nextTx();
    const close = await send(primary, { path: `/api/admin/signals/${published.id}/close`, ...json(adminCookie, { exitPrice: 1.09, reason: "TP1" }) });
    expect(close.status).toBe(200);
    const txCookie = cookiePair(close, "txnum");
    expect(txCookie).toBe(`txnum=${closeTx}`);
    const cookie = `${adminCookie}; ${txCookie}`;

    const behind = await send(replica, { path: eventsPath, headers: { Cookie: cookie } });
    expect(behind.status).toBe(503);
    expect(behind.headers["retry-after"]).toBe("1");
    expect(JSON.parse(behind.body)).toMatchObject({ status: 503, primaryInstance: PRIMARY_HOST });
    // Without the cookie the replica answers from its copy, which does not have the close yet.
    const stale = await send(replica, { path: eventsPath, headers: { Cookie: adminCookie } });
    expect((JSON.parse(stale.body) as { events: unknown[] }).events).toHaveLength(1);

    const waiting = send(replica, { path: eventsPath, headers: { Cookie: cookie } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await replicate();
    const caughtUp = await waiting;
    expect(caughtUp.status).toBe(200);
    const types = (JSON.parse(caughtUp.body) as { events: { type: string }[] }).events.map((event) => event.type);
    expect(types).toHaveLength(2);
    expect(cookiePair(caughtUp, "txnum")).toBe("txnum=0");

    const onPrimary = await send(primary, { path: eventsPath, headers: { Cookie: cookie } });
    expect(onPrimary.status).toBe(200);
    expect(cookiePair(onPrimary, "txnum")).toBe("txnum=0");
  });

  it("the replica's copy holds what the primary wrote and nothing of its own", () => {
    expect(readFileSync(join(replicaDir, ".primary"), "utf8").trim()).toBe(PRIMARY_HOST);
    expect(snapshot(replicaPath())).toBe(snapshot(primaryMount.databasePath));
  });
});
