/**
 * The per-trade results in columns (app/domain/trade-result-table.ts): every
 * result comes back field for field, a table made by `withChanges` holds
 * exactly what a table made afresh from the same results holds, and the row
 * views (a strategy's rows, a period) pick what filtering the results would.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarizeResults, summarizeTable, summarizeTableWithoutCurve, tradeResult, type ClosedTrade, type TradeResult } from "~/domain/track-record";
import { TradeResultTable } from "~/domain/trade-result-table";

const INSTRUMENTS = [
  { symbol: "EURUSD", pipSize: 0.0001, price: 1.1 },
  { symbol: "USDJPY", pipSize: 0.01, price: 150 },
  { symbol: "XAUUSD", pipSize: 0.01, price: 2400 },
];
const START = Date.UTC(2025, 0, 1);

const tradeArb = fc
  .record({
    instrument: fc.constantFrom(...INSTRUMENTS),
    long: fc.boolean(),
    strategyId: fc.integer({ min: 1, max: 3 }),
    riskTenths: fc.integer({ min: 50, max: 2_000 }),
    exitTenths: fc.integer({ min: -4_000, max: 6_000 }),
    // Few distinct close hours, so that many trades share a close time and the id decides their order.
    closedHour: fc.integer({ min: 0, max: 400 }),
    heldMinutes: fc.integer({ min: 0, max: 20_000 }),
    closeReason: fc.constantFrom("TP1", "TP2", "SL", "MANUAL", "EXPIRY" as const),
    simulated: fc.boolean(),
  })
  .map(({ instrument, long, strategyId, riskTenths, exitTenths, closedHour, heldMinutes, closeReason, simulated }): Omit<ClosedTrade, "id"> => {
    const d = long ? 1 : -1;
    const at = (tenths: number) => Number((instrument.price + (d * tenths * instrument.pipSize) / 10).toFixed(6));
    const closed = START + closedHour * 3_600_000;
    return {
      strategyId,
      symbol: instrument.symbol,
      side: long ? "LONG" : "SHORT",
      entryPrice: instrument.price,
      originalSl: at(-riskTenths),
      fillPrice: instrument.price,
      pipSize: instrument.pipSize,
      openedAt: new Date(closed - heldMinutes * 60_000),
      closedAt: new Date(closed),
      closeReason,
      exits: [{ exitPrice: at(exitTenths), fraction: 1 }],
      simulated,
    };
  });

/** Results with ids 1..n. */
const resultsArb = fc.array(tradeArb, { maxLength: 120 }).map((list) => list.map((trade, i) => tradeResult({ ...trade, id: i + 1 })));

function inCloseOrder(results: readonly TradeResult[]): TradeResult[] {
  return [...results].sort((a, b) => (a.closedAt < b.closedAt ? -1 : a.closedAt > b.closedAt ? 1 : a.id - b.id));
}

describe("TradeResultTable", () => {
  it("gives back every result, field for field, in close order", () => {
    fc.assert(
      fc.property(resultsArb, (results) => {
        const table = TradeResultTable.of(results);
        expect(table.length).toBe(results.length);
        expect(table.pick(table.allRows())).toStrictEqual(inCloseOrder(results));
      }),
    );
  });

  it("withChanges holds what a table made afresh from the changed results holds", () => {
    const changeArb = resultsArb.chain((results) =>
      fc.record({
        results: fc.constant(results),
        removed: fc.subarray(results.map((r) => r.id)),
        added: fc.array(tradeArb, { maxLength: 20 }),
        replaced: fc.subarray(results.map((r) => r.id)).map((ids) => ids.slice(0, 5)),
        replacements: fc.array(tradeArb, { minLength: 5, maxLength: 5 }),
      }),
    );
    fc.assert(
      fc.property(changeArb, ({ results, removed, added, replaced, replacements }) => {
        const before = TradeResultTable.of(results);
        // New signals get new ids; a replaced signal (closed again with other figures) keeps its id.
        const fresh = [
          ...added.map((trade, i) => tradeResult({ ...trade, id: results.length + 1 + i })),
          ...replaced.map((id, i) => tradeResult({ ...replacements[i]!, id })),
        ];
        const gone = new Set([...removed, ...replaced]);
        const after = before.withChanges(gone, fresh);
        const expected = inCloseOrder([...results.filter((r) => !gone.has(r.id)), ...fresh]);
        expect(after.length).toBe(expected.length);
        expect(after.pick(after.allRows())).toStrictEqual(expected);
        // The table it came from is unchanged.
        expect(before.pick(before.allRows())).toStrictEqual(inCloseOrder(results));
      }),
    );
  });

  it("a strategy's rows and a period's rows are those the results filter to", () => {
    const periodArb = fc.record({
      strategyId: fc.integer({ min: 1, max: 4 }),
      fromMs: fc.option(fc.integer({ min: -30_000, max: 30_000 }).map((m) => START + m * 60_000), { nil: undefined }),
      toMs: fc.option(fc.integer({ min: -30_000, max: 30_000 }).map((m) => START + m * 60_000), { nil: undefined }),
    });
    fc.assert(
      fc.property(resultsArb, periodArb, (results, { strategyId, fromMs, toMs }) => {
        const table = TradeResultTable.of(results);
        const rows = table.closedIn(table.strategyRows(strategyId), fromMs, toMs);
        const closedIn = (r: TradeResult) => (fromMs === undefined || Date.parse(r.closedAt) >= fromMs) && (toMs === undefined || Date.parse(r.closedAt) <= toMs);
        expect(table.pick(rows)).toStrictEqual(inCloseOrder(results.filter((r) => r.strategyId === strategyId && closedIn(r))));
      }),
    );
  });

  it("a basis keeps the live trades, the simulated ones, or all of them, in close order", () => {
    fc.assert(
      fc.property(resultsArb, fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), (results, strategyId) => {
        const table = TradeResultTable.of(results);
        const scope = strategyId === undefined ? table.allRows() : table.strategyRows(strategyId);
        const inScope = results.filter((r) => strategyId === undefined || r.strategyId === strategyId);
        expect(table.pick(table.onBasis(scope, "live"))).toStrictEqual(inCloseOrder(inScope.filter((r) => !r.simulated)));
        expect(table.pick(table.onBasis(scope, "simulated"))).toStrictEqual(inCloseOrder(inScope.filter((r) => r.simulated)));
        expect(table.onBasis(scope, "all")).toBe(scope);
        expect(table.onBasis(scope, "live")).toBe(table.onBasis(scope, "live"));
      }),
    );
  });

  it("summarises a strategy's rows as the record of that strategy's results, with and without the curve by trade", () => {
    fc.assert(
      fc.property(resultsArb, fc.integer({ min: 1, max: 3 }), (results, strategyId) => {
        const table = TradeResultTable.of(results);
        const expected = summarizeResults(results.filter((r) => r.strategyId === strategyId));
        expect(summarizeTable(table, table.strategyRows(strategyId))).toStrictEqual(expected);
        const { equity, ...figures } = expected;
        expect(summarizeTableWithoutCurve(table, table.strategyRows(strategyId))).toStrictEqual({ ...figures, equity: { byDay: equity.byDay } });
      }),
    );
  });

  it("refuses times that toISOString would not write (they would not come back the same)", () => {
    const result = tradeResult({ ...fc.sample(tradeArb, { seed: 1, numRuns: 1 })[0]!, id: 1 });
    expect(() => TradeResultTable.of([{ ...result, closedAt: "2025-01-01T00:00:00Z" }])).toThrow(RangeError);
    expect(() => TradeResultTable.of([{ ...result, openedAt: "yesterday" }])).toThrow(RangeError);
  });
});
