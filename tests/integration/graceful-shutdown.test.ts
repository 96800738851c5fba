/**
 * Graceful shutdown of the production server under load
 * (docs/decisions/0124-graceful-shutdown.md): SIGTERM arrives while
 * concurrent clients send requests (each on its own connection), one request
 * is still uploading its body, a live feed (/api/signals/stream) is open and
 * the delivery worker is waiting on a slow local webhook receiver. Then:
 * no request gets a reset (those in flight are answered, new connections are
 * refused), the live feed gets a final `retry:` and its end, the delivery
 * completes and no job is left leased, the WAL is checkpointed, and the
 * process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appModels, DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer, whoAmI, type AppServer } from "../../harness/app-server";
import type { HarnessDatabase } from "../../harness/production-build";

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long the webhook receiver takes to answer, ms. */
const RECEIVER_DELAY_MS = 2_500;
/** Concurrent clients, each sending one request after another, each on a new connection. */
const CLIENTS = 8;

interface Outcome {
  /** Sent as X-Request-Id, which the server keeps and logs. */
  id: string;
  path: string;
  startedAt: number;
  status?: number;
  error?: string;
}

let db: HarnessDatabase;
let server: AppServer;
let receiver: Server;
let receiverUrl: string;
const hookArrivals: number[] = [];
const outcomes: Outcome[] = [];
let slowUpload: Outcome;
let feed: { text: string; ended: boolean; error?: string };
let sigtermAt = 0;
let exitedAt = 0;

let sent = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a new connection (no keep-alive); resolves with its status or the error code. */
function once(path: string, body?: { chunks: string[]; gapMs: number }): Promise<Outcome> {
  const outcome: Outcome = { id: `shutdown-test-${++sent}`, path, startedAt: Date.now() };
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, method: body ? "POST" : "GET", agent: false, headers: { "X-Request-Id": outcome.id, ...(body ? { "Content-Type": "application/json", Origin: server.url, "Content-Length": String(body.chunks.join("").length) } : {}) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ...outcome, status: res.statusCode }));
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ ...outcome, error: error.code ?? error.message }));
        res.on("aborted", () => resolve({ ...outcome, error: "aborted" }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ ...outcome, error: error.code ?? error.message }));
    if (!body) return void req.end();
    void (async () => {
      for (const chunk of body.chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        await sleep(body.gapMs);
      }
      req.end();
    })();
  });
}

/** Opens the live feed of one strategy as a visitor; collects what arrives until the server ends it. */
function openFeed(slug: string): Promise<void> {
  feed = { text: "", ended: false };
  return new Promise((opened, failed) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: `/api/signals/stream?strategy=${slug}`, agent: false }, (res) => {
      if (res.statusCode !== 200) return failed(new Error(`the live feed answered ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (feed.text += chunk));
      res.on("end", () => (feed.ended = true));
      res.on("error", (error: NodeJS.ErrnoException) => (feed.error = error.code ?? error.message));
      res.on("aborted", () => (feed.error = "aborted"));
      opened();
    });
    req.on("error", (error: NodeJS.ErrnoException) => (feed.error = error.code ?? error.message));
    req.end();
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    hookArrivals.push(Date.now());
    req.resume();
    setTimeout(() => res.writeHead(200, { "Content-Type": "text/plain" }).end("ok"), RECEIVER_DELAY_MS);
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  db = await prepareHarnessDatabase();
  server = await startAppServer(db.databasePath, { env: { WEBHOOK_ALLOW_PRIVATE: "1", SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: "info" } });
  const adminId = (await whoAmI(server, await signIn(server, DEMO_ACCOUNTS.admin))).id;
  await appModels(server);
  const { createWebhook } = await import("~/models/webhooks.server");
  const { enqueueJob } = await import("~/models/outbox.server");
  const { endpoint } = createWebhook(adminId, { url: receiverUrl, eventTypes: ["signal.published"] });
  enqueueJob({ userId: adminId, channel: "webhook", targetId: endpoint.id, eventType: "webhook.test", payload: { message: "shutdown test" }, now: new Date() });
  const slug = (JSON.parse((await send(server, { path: "/api/strategies" })).body) as { slug: string }[])[0]!.slug;
  await openFeed(slug);

  // The delivery is in flight once the receiver has the request (the worker polls every 0.5 s).
  for (let i = 0; i < 60 && hookArrivals.length === 0; i++) await sleep(100);
  expect(hookArrivals.length).toBe(1);

  let stopping = false;
  const paths = ["/", "/api/signals?limit=5", "/api/strategies", "/healthz", "/strategies"];
  const clients = Array.from({ length: CLIENTS }, async (_, n) => {
    for (let i = n; !stopping; i++) outcomes.push(await once(paths[i % paths.length]!));
  });
  await sleep(1_000);
  const body = JSON.stringify({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 });
  const upload = once("/api/calculators/position-size", { chunks: [body.slice(0, 10), body.slice(10, 30), body.slice(30)], gapMs: 400 });
  await sleep(200);
  sigtermAt = Date.now();
  process.kill(-server.pid, "SIGTERM");
  while (!server.exited() && Date.now() - sigtermAt < SHUTDOWN_TIMEOUT_MS + 5_000) await sleep(20);
  exitedAt = Date.now();
  stopping = true;
  await Promise.all(clients);
  slowUpload = await upload;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  await new Promise((resolve) => receiver?.close(resolve));
  db?.remove();
});

describe("SIGTERM under load", () => {
  it("exits 0 within SHUTDOWN_TIMEOUT_MS", () => {
    expect(server.exitCode(), server.output()).toBe(0);
    expect(exitedAt - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  });

  it("resets no request: every request the server took is answered, new connections are refused", () => {
    expect(outcomes.filter((o) => o.startedAt < sigtermAt).length).toBeGreaterThan(CLIENTS);
    // What the server logged, by request id: each request it read, with the status it answered (or "aborted").
    const logged = new Map<string, number | string>();
    for (const line of server.output().split("\n")) {
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { reqId?: string; status?: number | string };
      if (entry.reqId?.startsWith("shutdown-test-")) logged.set(entry.reqId, entry.status!);
    }
    const taken = outcomes.filter((o) => logged.has(o.id));
    expect(taken.filter((o) => o.status !== logged.get(o.id))).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);
    expect(outcomes.some((o) => o.error === "ECONNREFUSED")).toBe(true);
    // The kernel resets connections still queued (not yet accepted) when the listening socket closes:
    // the server never read those requests, and each client has at most one such connection.
    const reset = outcomes.filter((o) => o.error !== undefined && o.error !== "ECONNREFUSED");
    expect(reset.filter((o) => o.error !== "ECONNRESET" || logged.has(o.id))).toEqual([]);
    expect(reset.length).toBeLessThanOrEqual(CLIENTS);
    console.log(`shutdown under load: ${exitedAt - sigtermAt} ms; ${outcomes.length} requests, ${taken.length} of the last ones logged, ${reset.length} reset unread in the kernel's queue`);
  });

  it("answers the request whose body was still arriving", () => {
    expect(slowUpload.error).toBeUndefined();
    expect(slowUpload.status).toBe(200);
  });

  it("tells the live feed to reconnect and ends it", () => {
    expect(feed.error).toBeUndefined();
    expect(feed.ended).toBe(true);
    expect(feed.text).toMatch(/retry: \d+\n\n$/);
  });

  it("lets the delivery in flight finish, leaves no job leased and checkpoints the WAL", () => {
    const wal = `${db.databasePath}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const file = new Database(db.databasePath, { readonly: true });
    try {
      const jobs = file.prepare("SELECT channel, status, lease_owner AS leaseOwner FROM delivery_jobs").all() as { channel: string; status: string; leaseOwner: string | null }[];
      expect(jobs.filter((job) => job.leaseOwner !== null || job.status === "sending")).toEqual([]);
      expect(jobs.filter((job) => job.channel === "webhook")).toEqual([{ channel: "webhook", status: "sent", leaseOwner: null }]);
    } finally {
      file.close();
    }
  });
});
