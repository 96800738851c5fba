/**
 * `npm run bench:delivery`: one publish to 1,000 subscribers, each with a
 * webhook endpoint on a local receiver (signatures verified with
 * `standardwebhooks`) and email alerts to a local `smtp-server`, on a fresh
 * temporary database, delivered by one in-process worker (as `npm start`
 * runs it). Prints: the publish transaction's time with and without the
 * outbox rows (the added latency of the publish request), the time from the
 * publish to the last delivery, deliveries per second, and p50/p99 of
 * publish-to-arrival per channel. A benchmark that prints figures, not a test.
 */
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";

const SUBSCRIBERS = 1_000;
const TIMEOUT_MS = 120_000;

const dir = mkdtempSync(join(tmpdir(), "fx-delivery-bench-"));
process.env.DATABASE_PATH = join(dir, "bench.db");
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";
process.env.WEBHOOK_ALLOW_PRIVATE = "1";

/** The q-th quantile (0..1) of sorted `values`, nearest rank. */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

const webhookArrivals: number[] = [];
const mailArrivals: number[] = [];
let badSignatures = 0;
const secrets = new Map<string, string>();

const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk));
  req.on("end", () => {
    try {
      new Webhook(secrets.get(req.url ?? "")!).verify(body, req.headers as Record<string, string>);
    } catch {
      badSignatures += 1;
    }
    webhookArrivals.push(performance.now());
    res.writeHead(204).end();
  });
});
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      mailArrivals.push(performance.now());
      callback();
    });
  },
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

try {
  const { migrateDatabase } = await import("../db/connection");
  const { strategies, strategyAccess, subscriptions, users } = await import("../db/schema");
  const { getDb } = await import("../app/platform/db.server");
  const { publishSignal } = await import("../app/models/signals.server");
  const { createWebhook } = await import("../app/models/webhooks.server");
  const { createDeliveryWorker } = await import("../app/services/delivery-worker.server");
  const { DELIVERY_EVENT_TYPES } = await import("../app/domain/delivery");
  const db = getDb();
  migrateDatabase(db);
  const admin = db.insert(users).values({ email: "admin@bench.example", role: "admin" }).returning().get();
  const strategy = db
    .insert(strategies)
    .values({ slug: "bench", name: "Bench", description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD" })
    .returning()
    .get();
  const now = Date.now();
  db.transaction((tx) => {
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const user = tx.insert(users).values({ email: `trader${i}@bench.example` }).returning().get();
      tx.insert(subscriptions).values({ userId: user.id, plan: "starter", status: "ACTIVE", startDate: new Date(now - 86_400_000), endDate: new Date(now + 30 * 86_400_000) }).run();
      tx.insert(strategyAccess).values({ userId: user.id, strategyId: strategy.id }).run();
    }
  });
  for (const user of db.select().from(users).all()) {
    if (user.role === "admin") continue;
    const path = `/hook/${user.id}`;
    secrets.set(path, createWebhook(user.id, { url: `${receiverUrl}${path}`, eventTypes: [...DELIVERY_EVENT_TYPES] }).secret);
  }
  const input = (strategyId: number) => ({
    strategyId,
    symbol: "EURUSD",
    side: "LONG" as const,
    entryPrice: 1.085,
    entryMethod: "market" as const,
    sl: 1.08,
    tp1: 1.09,
    tp2: 1.095,
    rationale: "Benchmark",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const lonely = db
    .insert(strategies)
    .values({ slug: "lonely", name: "Lonely", description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD" })
    .returning()
    .get();
  const baselines: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t0 = performance.now();
    publishSignal(input(lonely.id), admin.id);
    baselines.push(performance.now() - t0);
  }
  baselines.sort((a, b) => a - b);

  const worker = createDeliveryWorker();
  worker.start();
  const publishedAt = performance.now();
  publishSignal(input(strategy.id), admin.id);
  const publishMs = performance.now() - publishedAt;

  const expected = SUBSCRIBERS * 2;
  while (webhookArrivals.length + mailArrivals.length < expected && performance.now() - publishedAt < TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await worker.stop();
  const hooks = webhookArrivals.map((t) => t - publishedAt).sort((a, b) => a - b);
  const mails = mailArrivals.map((t) => t - publishedAt).sort((a, b) => a - b);
  const last = Math.max(hooks.at(-1) ?? 0, mails.at(-1) ?? 0);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`Subscribers: ${SUBSCRIBERS} (a webhook and email alerts each)`);
  console.log(`Publish with ${expected} outbox rows: ${fmt(publishMs)} (publish with none, median of 20: ${fmt(quantile(baselines, 0.5))}; added ${fmt(publishMs - quantile(baselines, 0.5))})`);
  console.log(`Delivered: ${hooks.length} webhooks (${badSignatures} bad signatures), ${mails.length} emails`);
  console.log(`Publish to last delivery: ${fmt(last)}; ${((hooks.length + mails.length) / (last / 1000)).toFixed(0)} deliveries/s`);
  console.log(`Webhooks: last ${fmt(hooks.at(-1) ?? NaN)}, p50 ${fmt(quantile(hooks, 0.5))}, p99 ${fmt(quantile(hooks, 0.99))}`);
  console.log(`Email:    last ${fmt(mails.at(-1) ?? NaN)}, p50 ${fmt(quantile(mails, 0.5))}, p99 ${fmt(quantile(mails, 0.99))}`);
} finally {
  receiver.close();
  smtp.close();
  rmSync(dir, { recursive: true, force: true });
}
