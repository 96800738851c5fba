/**
 * `npm run bench:ledger`: the ledger's two figures, on a fresh temporary
 * database: the time to append one event (median over 1,000 `publishSignal`
 * calls, each one transaction with its projected row) and the time to verify a
 * 100,000-event chain read from the file (`verifyChain` over `iterateLedger`).
 * Prints both in milliseconds. DATABASE_PATH is set to the temporary file.
 */
import { median } from "../harness/stats";
import { temporaryDatabase } from "../harness/temporary";

const PUBLISHES = 1_000;
const CHAIN_EVENTS = 100_000;

const database = temporaryDatabase("fx-ledger-bench-", { useAsApp: true });
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";

try {
  const { migrateDatabase } = await import("../db/connection");
  const { signals, strategies, users } = await import("../db/schema");
  const { getDb } = await import("../app/platform/db.server");
  const { backfillLedger } = await import("../app/models/ledger-backfill.server");
  const { iterateLedger } = await import("../app/models/ledger.server");
  const { publishSignal } = await import("../app/models/signals.server");
  const { verifyChain } = await import("../app/domain/ledger");
  const db = getDb();
  migrateDatabase(db);
  const admin = db.insert(users).values({ email: "bench@example.com", role: "admin" }).returning().get();
  const strategy = db
    .insert(strategies)
    .values({ slug: "bench", name: "Bench", description: "d", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD" })
    .returning()
    .get();

  const durations: number[] = [];
  for (let i = 0; i < PUBLISHES; i++) {
    const input = {
      strategyId: strategy.id,
      symbol: "EURUSD",
      side: "LONG",
      entryPrice: 1.085,
      entryMethod: "market",
      sl: 1.08,
      tp1: 1.09,
      tp2: 1.095,
      rationale: "Benchmark",
      expiresAt: new Date(Date.now() + 86_400_000),
    } as const;
    const start = performance.now();
    publishSignal(input, admin.id);
    durations.push(performance.now() - start);
  }
  console.log(`append one event (publishSignal, median of ${PUBLISHES}): ${median(durations).toFixed(3)} ms`);

  // Fill the chain to 100,000 events quickly: signal rows inserted in bulk, then given their events by the backfill.
  const missing = CHAIN_EVENTS - PUBLISHES;
  const now = Date.now();
  db.transaction((tx) => {
    for (let i = 0; i < missing; i++) {
      tx.insert(signals)
        .values({ strategyId: strategy.id, symbol: "EURUSD", side: "LONG", entryPrice: 1.085, sl: 1.08, tp1: 1.09, createdAt: new Date(now + i), expiresAt: new Date(now + 86_400_000) })
        .run();
    }
  });
  backfillLedger(db, new Date());
  const start = performance.now();
  const result = verifyChain(iterateLedger(db));
  const elapsed = performance.now() - start;
  if (!result.ok || result.head?.seq !== CHAIN_EVENTS) throw new Error(`unexpected verification result ${JSON.stringify(result)}`);
  console.log(`verify a ${CHAIN_EVENTS.toLocaleString("en-US")}-event chain from the file: ${elapsed.toFixed(0)} ms`);
  db.$client.close();
} finally {
  database.remove();
}
