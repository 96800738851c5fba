/**
 * `npm run bench:track-record`: the cost of the live track record at 1,000,
 * 10,000 and 100,000 closed signals, on a fresh temporary database
 * (DATABASE_PATH is set to it).
 *
 * The first 10,000 signals are published and closed through the signals model
 * (`publishSignal`, `closeSignal`; every tenth with a partial close first), so
 * their rows and ledger events are exactly what the desk produces. Publishing
 * and closing 100,000 that way takes minutes, so the other 90,000 are
 * inserted in bulk as CLOSED rows with the outcome columns the model writes
 * (the read model reads the rows, and the ledger events only of signals with
 * partial closes) and given their ledger history by the backfill, as the
 * signals of a database from before the ledger get theirs; then one more close
 * through the model moves the ledger head.
 *
 * At each size it prints: the full read (every closed signal read and
 * computed, as on the first request after a start), and the median of 5 runs of
 * the read right after a close through the model (the cache reads only the
 * signals with new events, then the record is computed again), a cached read,
 * and the Performance tab's server work for one strategy (its record and its
 * latest 50 trades) right after one of its signals closed.
 */
import { loadavg } from "node:os";
import { median } from "../harness/stats";
import { temporaryDatabase } from "../harness/temporary";

const SIZES = [1_000, 10_000, 100_000];
const THROUGH_MODEL = 10_000;
const RUNS = 5;
const HOUR = 3_600_000;

const database = temporaryDatabase("fx-track-bench-", { useAsApp: true });
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";

try {
  const { migrateDatabase } = await import("../db/connection");
  const { signals, strategies, users } = await import("../db/schema");
  const { getDb } = await import("../app/platform/db.server");
  const { backfillLedger } = await import("../app/models/ledger-backfill.server");
  const { closeSignal, partiallyCloseSignal, publishSignal } = await import("../app/models/signals.server");
  const { getTrackRecordFigures, getTrackRecordView } = await import("../app/models/read-models/track-record.server");
  const { mulberry32, UINT32_RANGE } = await import("../app/domain/prng");
  const db = getDb();
  migrateDatabase(db);
  const admin = db.insert(users).values({ email: "bench@example.com", role: "admin" }).returning().get();
  const strategyIds = ["alpha-swing", "london-breakout", "gold-intraday"].map(
    (slug) =>
      db
        .insert(strategies)
        .values({ slug, name: slug, description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD" })
        .returning()
        .get().id,
  );
  const random = mulberry32(0x7e57);
  const uniform = () => random() / UINT32_RANGE;
  const start = Date.UTC(2016, 0, 4, 8);
  let closed = 0;

  /** A EURUSD LONG signal (entry 1.08500, stop 50 pips below) published and closed through the model, an hour apart. */
  function closeThroughModel(publishedAt: number, strategyIndex = closed % 3): void {
    const at = new Date(publishedAt);
    const input = {
      strategyId: strategyIds[strategyIndex]!,
      symbol: "EURUSD",
      side: "LONG",
      entryPrice: 1.085,
      entryMethod: "market",
      sl: 1.08,
      tp1: 1.09,
      tp2: 1.095,
      rationale: "Benchmark",
      expiresAt: new Date(publishedAt + 48 * HOUR),
    } as const;
    const signal = publishSignal(input, admin.id, at);
    const closeAt = new Date(publishedAt + HOUR);
    if (closed % 10 === 0) partiallyCloseSignal(signal.id, { exitPrice: 1.09, fraction: 0.5, at: new Date(publishedAt + HOUR / 2) }, closeAt);
    const exitPrice = uniform() < 0.55 ? 1.09 : 1.08;
    const change = closeSignal(signal.id, { exitPrice, reason: "MANUAL", at: closeAt }, closeAt);
    if (!change.ok) throw new Error(change.message);
    closed += 1;
  }

  /** `count` closed rows in one transaction, with the outcome columns the model would write for the same trade. */
  function insertClosedRows(count: number, fromMs: number): void {
    db.transaction((tx) => {
      for (let i = 0; i < count; i++) {
        const createdAt = new Date(fromMs + i * 2 * HOUR);
        const win = uniform() < 0.55;
        tx.insert(signals)
          .values({
            strategyId: strategyIds[(closed + i) % 3]!,
            symbol: "EURUSD",
            side: "LONG",
            status: "CLOSED",
            entryPrice: 1.085,
            sl: 1.08,
            originalSl: 1.08,
            tp1: 1.09,
            tp2: 1.095,
            fillPrice: 1.085,
            triggeredAt: createdAt,
            remaining: 0,
            exitPrice: win ? 1.09 : 1.08,
            closeReason: "MANUAL",
            resultPips: win ? 50 : -50,
            resultR: win ? 1 : -1,
            createdAt,
            expiresAt: new Date(createdAt.getTime() + 48 * HOUR),
            closedAt: new Date(createdAt.getTime() + HOUR),
          })
          .run();
      }
    });
    closed += count;
  }

  /** Median wall-clock and CPU (user + system) milliseconds of `run` over RUNS runs, `before` run untimed before each. */
  function time(run: () => unknown, before?: () => void): string {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      before?.();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      run();
      wall.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
    }
    return `${median(wall).toFixed(1)} (cpu ${median(cpu).toFixed(1)})`;
  }

  /** Closes one more signal of the first strategy through the model (moves the ledger head). */
  function nextClose(): void {
    closeThroughModel(start + closed * 2 * HOUR, 0);
  }

  console.log(`Track record compute time in ms (after a close and cached: median of ${RUNS}, wall-clock with CPU time in brackets).`);
  console.log("Columns: closed signals | full read, all | read after a close, all | cached read, all | Performance tab of one strategy after one of its signals closed | seconds to build the data");
  for (const size of SIZES) {
    const viaModel = Math.min(size, THROUGH_MODEL);
    const t0 = performance.now();
    while (closed < viaModel) closeThroughModel(start + closed * 2 * HOUR);
    if (closed < size) {
      insertClosedRows(size - closed, start + closed * 2 * HOUR);
      backfillLedger(db, new Date());
      closeThroughModel(start + closed * 2 * HOUR);
    }
    const built = performance.now() - t0;
    const t1 = performance.now();
    const total = getTrackRecordFigures("all", {}).trades;
    const full = performance.now() - t1;
    const afterClose = time(() => getTrackRecordFigures("all", {}), nextClose);
    const cached = time(() => getTrackRecordFigures("all", {}));
    const tab = time(() => getTrackRecordView({ strategyId: strategyIds[0]! }, {}, 50), nextClose);
    console.log(
      [total.toLocaleString("en-US"), full.toFixed(1), afterClose, cached, tab, (built / 1000).toFixed(1)].map((cell) => cell.padStart(12)).join(" |"),
    );
  }
  console.log(`load average (1, 5, 15 min): ${loadavg().map((n) => n.toFixed(1)).join(", ")} on this machine's shared cores`);
  db.$client.close();
} finally {
  database.remove();
}
