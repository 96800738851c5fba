/**
 * The fast path that fills a seeded database up to a number of signals for
 * `npm run bench:scale` (docs/decisions/0061-scale-benchmark-data.md):
 * better-sqlite3 prepared statements on the file, one transaction, before the
 * server opens it. Rows look like the seed's: the seeded strategies and their
 * symbols, mostly CLOSED with outcomes, some CANCELLED and EXPIRED, and a
 * fixed handful of open ACTIVE and PENDING signals (a desk has a few dozen
 * open at once, whatever its history). Each signal gets its ledger events
 * (`published`, then `closed`/`cancelled`/`expired`), sealed onto the chain
 * after the seed's events, so the hash chain stays whole.
 */
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { instrumentSpec } from "../../app/domain/instruments";
import { sealEvent } from "../../app/domain/ledger";
import { mulberry32, UINT32_RANGE } from "../../app/domain/prng";

/** Open signals in a generated history, whatever its size. */
export const OPEN_ACTIVE = 20;
export const OPEN_PENDING = 10;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Close reasons of the generated CLOSED signals with their weights, and the exit they mean in R. */
const OUTCOMES: Array<{ reason: string; weight: number; r: (random: () => number) => number }> = [
  { reason: "TP1", weight: 35, r: () => 1.5 },
  { reason: "TP2", weight: 15, r: () => 3 },
  { reason: "SL", weight: 35, r: () => -1 },
  { reason: "BREAKEVEN", weight: 5, r: () => 0 },
  { reason: "MANUAL", weight: 7, r: (random) => Math.round((random() * 3 - 1) * 100) / 100 },
  { reason: "EXPIRY", weight: 3, r: (random) => Math.round((random() * 2 - 0.5) * 100) / 100 },
];
const OUTCOME_TOTAL = OUTCOMES.reduce((sum, outcome) => sum + outcome.weight, 0);

/** A plausible price for a symbol (no market data needed: the levels only have to be consistent). */
function basePrice(symbol: string): number {
  if (symbol.startsWith("XAU")) return 2300;
  if (symbol.endsWith("JPY")) return 150;
  return 1.1;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** What `fillSignals` added. */
export interface FillResult {
  signals: number;
  events: number;
  ms: number;
}

/**
 * Adds signals to the database at `databasePath` until it holds `total`
 * (nothing when it already holds as many), with their ledger events.
 * Generated signals were published over the five years before `now`, in id
 * order, and ended at most 7 days later, a day before the open ones, published
 * in the last two days and expiring after `now`.
 * @param seed the PRNG seed (the same seed gives the same rows, salts aside).
 * @returns how many signals and events were added, and the time it took.
 */
export function fillSignals(databasePath: string, total: number, now: Date, seed = 15): FillResult {
  const started = performance.now();
  const sqlite = new Database(databasePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  try {
    const existing = (sqlite.prepare("SELECT count(*) AS n FROM signals").get() as { n: number }).n;
    const count = Math.max(0, total - existing);
    if (count === 0) return { signals: 0, events: 0, ms: performance.now() - started };
    const symbols = sqlite.prepare("SELECT DISTINCT strategy_id AS strategyId, symbol FROM signals ORDER BY strategy_id, symbol").all() as Array<{ strategyId: number; symbol: string }>;
    if (symbols.length === 0) throw new Error("The seeded database has no signals to take strategies and symbols from");
    const admin = sqlite.prepare("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1").get() as { id: number } | undefined;
    let head = (sqlite.prepare("SELECT seq, hash FROM signal_events ORDER BY seq DESC LIMIT 1").get() as { seq: number; hash: string } | undefined) ?? null;

    const insertSignal = sqlite.prepare(
      `INSERT INTO signals (strategy_id, symbol, side, status, entry_price, entry_method, sl, tp1, tp2, rationale, created_by_id,
        created_at, expires_at, closed_at, original_sl, fill_price, triggered_at, remaining, exit_price, close_reason, result_pips, result_r)
       VALUES (@strategyId, @symbol, @side, @status, @entryPrice, @entryMethod, @sl, @tp1, @tp2, @rationale, @createdById,
        @createdAt, @expiresAt, @closedAt, @originalSl, @fillPrice, @triggeredAt, @remaining, @exitPrice, @closeReason, @resultPips, @resultR)`,
    );
    const insertEvent = sqlite.prepare(
      `INSERT INTO signal_events (seq, signal_id, type, payload, salt, payload_hash, occurred_at, recorded_at, prev_hash, hash)
       VALUES (@seq, @signalId, @type, @payload, @salt, @payloadHash, @occurredAt, @recordedAt, @prevHash, @hash)`,
    );
    const next = mulberry32(seed);
    const random = () => next() / UINT32_RANGE;
    const salts = randomBytes(16 * 4096);
    let saltIndex = 0;
    const newSalt = () => {
      if (saltIndex === 4096) {
        randomBytes(16 * 4096).copy(salts);
        saltIndex = 0;
      }
      saltIndex += 1;
      return salts.subarray((saltIndex - 1) * 16, saltIndex * 16).toString("hex");
    };
    let events = 0;
    const append = (signalId: number, type: string, payload: unknown, at: number) => {
      const row = sealEvent(head, { signalId, type, payload, occurredAt: new Date(at), recordedAt: new Date(at) }, newSalt());
      insertEvent.run({ ...row, occurredAt: at, recordedAt: at });
      head = { seq: row.seq, hash: row.hash };
      events += 1;
    };

    const nowMs = now.getTime();
    const historyStart = nowMs - 5 * 365 * DAY;
    // Ended signals end (at most 7 days after publishing) before the open ones were published.
    const historyEnd = nowMs - 8 * DAY;
    const openStart = nowMs - 2 * DAY;
    const open = Math.min(count, OPEN_ACTIVE + OPEN_PENDING);
    const ended = count - open;

    sqlite.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        const isOpen = index >= ended;
        const pick = symbols[Math.floor(random() * symbols.length)]!;
        const pip = instrumentSpec(pick.symbol).pipSize;
        const decimals = Math.max(0, Math.round(-Math.log10(pip)) + 1);
        const side = random() < 0.5 ? "LONG" : "SHORT";
        const direction = side === "LONG" ? 1 : -1;
        const entryPrice = round(basePrice(pick.symbol) * (1 + (random() - 0.5) * 0.1), decimals);
        const riskPips = 15 + Math.floor(random() * 45);
        const sl = round(entryPrice - direction * riskPips * pip, decimals);
        const tp1 = round(entryPrice + direction * riskPips * 1.5 * pip, decimals);
        const tp2 = round(entryPrice + direction * riskPips * 3 * pip, decimals);
        const createdAt = isOpen
          ? openStart + Math.floor(((index - ended + 1) / (open + 1)) * 2 * DAY)
          : historyStart + Math.floor((index / Math.max(1, ended)) * (historyEnd - historyStart));
        const expiresAt = isOpen ? nowMs + 3 * DAY : createdAt + 7 * DAY;
        const roll = random();
        const status = isOpen ? (index - ended < OPEN_ACTIVE ? "ACTIVE" : "PENDING") : roll < 0.9 ? "CLOSED" : roll < 0.95 ? "CANCELLED" : "EXPIRED";
        const filled = status === "ACTIVE" || status === "CLOSED";
        const row = {
          strategyId: pick.strategyId,
          symbol: pick.symbol,
          side,
          status,
          entryPrice,
          entryMethod: filled ? "market" : "limit",
          sl,
          tp1,
          tp2,
          rationale: "Generated for the scale benchmark.",
          createdById: admin?.id ?? null,
          createdAt,
          expiresAt,
          closedAt: null as number | null,
          originalSl: sl,
          fillPrice: filled ? entryPrice : null,
          triggeredAt: filled ? createdAt : null,
          remaining: 1,
          exitPrice: null as number | null,
          closeReason: null as string | null,
          resultPips: null as number | null,
          resultR: null as number | null,
        };
        let terminal: { type: string; payload: unknown } | null = null;
        if (status === "CLOSED") {
          let draw = random() * OUTCOME_TOTAL;
          const outcome = OUTCOMES.find((candidate) => (draw -= candidate.weight) < 0) ?? OUTCOMES[0]!;
          const r = outcome.r(random);
          row.exitPrice = round(entryPrice + direction * r * riskPips * pip, decimals);
          row.closeReason = outcome.reason;
          row.resultPips = round(((row.exitPrice - entryPrice) * direction) / pip, 1);
          row.resultR = round(((row.exitPrice - entryPrice) * direction) / (riskPips * pip), 2);
          row.closedAt = createdAt + 2 * HOUR + Math.floor(random() * 5 * DAY);
          row.remaining = 0;
          terminal = { type: "closed", payload: { exitPrice: row.exitPrice, reason: row.closeReason } };
        } else if (status === "CANCELLED") {
          row.closedAt = createdAt + HOUR;
          terminal = { type: "cancelled", payload: {} };
        } else if (status === "EXPIRED") {
          row.closedAt = expiresAt;
          terminal = { type: "expired", payload: {} };
        }
        const signalId = Number(insertSignal.run(row).lastInsertRowid);
        append(
          signalId,
          "published",
          {
            strategyId: row.strategyId,
            symbol: row.symbol,
            side,
            entryMethod: row.entryMethod,
            entryPrice,
            sl,
            tp1,
            tp2,
            expiresAt: new Date(expiresAt).toISOString(),
            pipSize: pip,
            rationale: row.rationale,
          },
          createdAt,
        );
        if (terminal) append(signalId, terminal.type, terminal.payload, row.closedAt!);
      }
    })();
    return { signals: count, events, ms: performance.now() - started };
  } finally {
    sqlite.close();
  }
}
