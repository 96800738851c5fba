/**
 * `npm run bench:storage [-- --signals N --jobs M]`: what the database file
 * grows by, on a fresh temporary database. Publishes N signals (default
 * 10,000) with `publishSignal` and closes each with `closeSignal` (two ledger
 * events per signal, as most signals have: published then closed; varied
 * levels, a 100-character rationale), then writes M delivered jobs (default
 * 100,000) with one attempt each, as the worker leaves them. Prints the bytes
 * per signal and per delivered job (signals, ledger and outbox tables with their
 * indexes, from SQLite's `dbstat`), the file size after a checkpoint, and the
 * extrapolation to one million signals. The first half of the deliveries is dated 60 days
 * back; it then prunes with the retention job (`pruneSentDeliveries`, 30 days)
 * and prints the outbox's bytes and the file after pruning (the freed pages are
 * reused by later writes; the file only shrinks with VACUUM). A benchmark that
 * prints figures, not a test.
 */
import { statSync } from "node:fs";
import { temporaryDatabase } from "../harness/temporary";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { signals: { type: "string", default: "10000" }, jobs: { type: "string", default: "100000" } } });
const SIGNALS = Number(values.signals);
const JOBS = Number(values.jobs);
const RATIONALE = "Pullback into the rising H4 20-EMA with a bullish engulfing close; RSI(14) reset to 45 on the retest.";

const database = temporaryDatabase("fx-storage-bench-", { useAsApp: true });
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";

try {
  const { migrateDatabase } = await import("../db/connection");
  const { strategies, users } = await import("../db/schema");
  const { getDb } = await import("../app/platform/db.server");
  const { closeSignal, publishSignal } = await import("../app/models/signals.server");
  const db = getDb();
  migrateDatabase(db);
  const admin = db.insert(users).values({ email: "bench@example.com", role: "admin" }).returning().get();
  const follower = db.insert(users).values({ email: "follower@example.com", role: "user" }).returning().get();
  const strategy = db
    .insert(strategies)
    .values({ slug: "bench", name: "Bench", description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD" })
    .returning()
    .get();

  /** Bytes of each table with its indexes, from dbstat. */
  const tableBytes = () =>
    new Map(
      (db.$client
        .prepare("SELECT m.tbl_name AS name, SUM(s.pgsize) AS bytes FROM dbstat s JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name")
        .all() as { name: string; bytes: number }[]).map((row) => [row.name, row.bytes]),
    );
  const bytesOf = (sizes: Map<string, number>, names: string[]) => names.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);

  const before = tableBytes();
  const started = performance.now();
  for (let i = 0; i < SIGNALS; i++) {
    const entry = 1.05 + (i % 500) / 10_000;
    const signal = publishSignal(
      {
        strategyId: strategy.id,
        symbol: "EURUSD",
        side: i % 2 === 0 ? "LONG" : "SHORT",
        entryPrice: entry,
        entryMethod: "market",
        sl: i % 2 === 0 ? entry - 0.005 : entry + 0.005,
        tp1: i % 2 === 0 ? entry + 0.0075 : entry - 0.0075,
        tp2: i % 2 === 0 ? entry + 0.0125 : entry - 0.0125,
        rationale: RATIONALE,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
      admin.id,
    );
    closeSignal(signal.id, { exitPrice: signal.tp1!, reason: "TP1" });
  }
  const elapsedS = (performance.now() - started) / 1000;
  const afterSignals = tableBytes();
  const ledgerTables = ["signals", "signal_events"];
  const perSignal = (bytesOf(afterSignals, ledgerTables) - bytesOf(before, ledgerTables)) / SIGNALS;

  const seqs = db.$client.prepare("SELECT seq, signal_id FROM signal_events ORDER BY seq").all() as { seq: number; signal_id: number }[];
  const insertJob = db.$client.prepare(
    "INSERT INTO delivery_jobs (seq, signal_id, user_id, channel, target_id, event_type, status, attempts, next_attempt_at, created_at, sent_at) VALUES (?, ?, ?, 'webhook', ?, 'signal.published', 'sent', 1, ?, ?, ?)",
  );
  const insertAttempt = db.$client.prepare(
    "INSERT INTO delivery_attempts (job_id, attempt, attempted_at, status_code, latency_ms, response_excerpt) VALUES (?, 1, ?, 200, 42, 'OK')",
  );
  const now = Date.now();
  const DAY_MS = 86_400_000;
  db.$client.transaction(() => {
    for (let i = 0; i < JOBS; i++) {
      const event = seqs[i % seqs.length]!;
      // The older half of the deliveries is 60 days old: past the default 30-day retention.
      const at = i < JOBS / 2 ? now - 60 * DAY_MS : now;
      const job = insertJob.run(event.seq, event.signal_id, follower.id, Math.floor(i / seqs.length) + 1, at, at, at + 40);
      insertAttempt.run(job.lastInsertRowid, at + 40);
    }
  })();
  const afterJobs = tableBytes();
  const outboxTables = ["delivery_jobs", "delivery_attempts"];
  const perJob = (bytesOf(afterJobs, outboxTables) - bytesOf(afterSignals, outboxTables)) / JOBS;

  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  const fileBytes = statSync(database.databasePath).size;
  const mb = (bytes: number) => (bytes / 1_000_000).toFixed(0);
  console.log(`published and closed ${SIGNALS.toLocaleString("en-US")} signals in ${elapsedS.toFixed(1)} s (${(SIGNALS / elapsedS).toFixed(0)} signals/s, 2 transactions each)`);
  console.log(`signals + ledger (2 events each), indexes included: ${perSignal.toFixed(0)} bytes per signal → ${mb(perSignal * 1_000_000)} MB per million signals`);
  console.log(`delivered job + its attempt, indexes included: ${perJob.toFixed(0)} bytes per delivery → ${mb(perJob * 1_000_000)} MB per million deliveries`);
  console.log(`file after checkpoint: ${mb(fileBytes)} MB (${SIGNALS.toLocaleString("en-US")} signals, ${JOBS.toLocaleString("en-US")} deliveries)`);

  const { pruneSentDeliveries } = await import("../app/models/retention.server");
  const pruneStarted = performance.now();
  const pruned = await pruneSentDeliveries(new Date(now), 30, db);
  const pruneS = (performance.now() - pruneStarted) / 1000;
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  const afterPrune = tableBytes();
  const free = (db.$client.pragma("freelist_count", { simple: true }) as number) * (db.$client.pragma("page_size", { simple: true }) as number);
  console.log(`pruned ${pruned.jobs.toLocaleString("en-US")} sent jobs and ${pruned.attempts.toLocaleString("en-US")} attempts older than 30 days in ${pruneS.toFixed(1)} s (batches of 500)`);
  console.log(`outbox after pruning: ${mb(bytesOf(afterPrune, outboxTables))} MB (was ${mb(bytesOf(afterJobs, outboxTables))} MB); ${mb(free)} MB of free pages for later writes; file ${mb(statSync(database.databasePath).size)} MB`);
  db.$client.close();
} finally {
  database.remove();
}
