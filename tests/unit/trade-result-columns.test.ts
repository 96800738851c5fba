/**
 * TradeResultColumns keeps per-trade results column by column and gives each
 * back equal field for field, in the same key order (docs/decisions/0084-track-record-in-columns.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLOSE_REASONS } from "~/domain/signal-lifecycle";
import { TradeResultColumns } from "~/domain/trade-result-columns";
import type { TradeResult } from "~/domain/track-record";

const MIN_MS = Date.UTC(2000, 0, 1);
const MAX_MS = Date.UTC(2099, 11, 31);
const iso = fc.integer({ min: MIN_MS, max: MAX_MS }).map((ms) => new Date(ms).toISOString());
const real = fc.double({ noDefaultInfinity: true });

/** Plain objects, as `tradeResult` makes them (fast-check's records carry a hidden symbol of their own). */
const tradeResult: fc.Arbitrary<TradeResult> = fc.record({
  id: fc.integer({ min: 1, max: 2_000_000_000 }),
  strategyId: fc.integer({ min: 1, max: 1000 }),
  symbol: fc.constantFrom("EURUSD", "GBPUSD", "USDJPY", "XAUUSD"),
  side: fc.constantFrom("LONG" as const, "SHORT" as const),
  openedAt: iso,
  closedAt: iso,
  closeReason: fc.constantFrom(...CLOSE_REASONS),
  entryPrice: real,
  originalSl: real,
  fillPrice: real,
  exitPrice: real,
  riskPips: real,
  grossPips: real,
  spreadPips: real,
  commissionPips: real,
  slippagePips: real,
  costPips: real,
  netPips: real,
  grossR: real,
  netR: real,
  holdingHours: real,
  outcome: fc.constantFrom("win" as const, "loss" as const, "breakeven" as const),
}).map((result) => ({ ...result }));

describe("TradeResultColumns", () => {
  it("gives every result back equal field for field, with the same keys in the same order", () => {
    fc.assert(
      fc.property(fc.array(tradeResult, { maxLength: 40 }), (results) => {
        const columns = new TradeResultColumns(results);
        expect(columns.length).toBe(results.length);
        results.forEach((result, row) => {
          const back = columns.at(row);
          expect(back).toStrictEqual(result);
          expect(Object.keys(back)).toEqual(Object.keys(result));
        });
      }),
    );
  });

  it("reads id, strategy and close time by row, and picks rows in the order asked", () => {
    const results = fc.sample(tradeResult, { numRuns: 5, seed: 84 });
    const columns = new TradeResultColumns(results);
    expect(columns.id(3)).toBe(results[3]!.id);
    expect(columns.strategyId(3)).toBe(results[3]!.strategyId);
    expect(columns.closedAtMsOf(2)).toBe(Date.parse(results[2]!.closedAt));
    expect(columns.pick(Int32Array.of(4, 0, 4))).toStrictEqual([results[4], results[0], results[4]]);
    expect(columns.pick([])).toEqual([]);
  });
});
