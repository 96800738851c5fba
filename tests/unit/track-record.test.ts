/**
 * The track record maths (app/domain/track-record.ts) against figures that
 * tests/fixtures/track-record/compute.py computed independently from the same
 * trade list (every figure to 1e-9, relative to its size), the edge cases, and
 * properties over random trades.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commissionPips,
  pipValueUsdPerLot,
  quoteUsdPairOf,
  quoteUsdRate,
  computeTrackRecord,
  periodRange,
  summarizeResults,
  tradeResult,
  type ClosedTrade,
  type TrackRecordOptions,
} from "~/domain/track-record";

const DIR = join(process.cwd(), "tests", "fixtures", "track-record");

interface FixtureTrade extends Omit<ClosedTrade, "openedAt" | "closedAt"> {
  openedAt: string;
  closedAt: string;
}
interface FixtureCase {
  name: string;
  strategyId?: number;
  tradeIds?: number[];
  riskPct?: number;
  from?: string;
  to?: string;
}

const fixture = JSON.parse(readFileSync(join(DIR, "trades.json"), "utf8")) as { trades: FixtureTrade[]; cases: FixtureCase[] };
const expected = JSON.parse(readFileSync(join(DIR, "expected.json"), "utf8")) as Record<string, { record: unknown; results: unknown }>;

function toTrade(t: FixtureTrade): ClosedTrade {
  return { ...t, openedAt: new Date(t.openedAt), closedAt: new Date(t.closedAt) };
}

const TRADES = fixture.trades.map(toTrade);

function tradesFor(c: FixtureCase): ClosedTrade[] {
  return TRADES.filter((t) => (c.strategyId === undefined || t.strategyId === c.strategyId) && (c.tradeIds === undefined || c.tradeIds.includes(t.id)));
}

function optionsFor(c: FixtureCase): TrackRecordOptions {
  return {
    ...(c.riskPct !== undefined ? { riskPct: c.riskPct } : {}),
    ...(c.from ? { from: new Date(c.from) } : {}),
    ...(c.to ? { to: new Date(c.to) } : {}),
  };
}

/** Every leaf of `actual` equals the one of `wanted` (numbers within 1e-9 of their size); the paths of the differences. */
function differences(actual: unknown, wanted: unknown, path = "$"): string[] {
  if (typeof wanted === "number" && typeof actual === "number") {
    return Math.abs(actual - wanted) <= 1e-9 * Math.max(1, Math.abs(wanted)) ? [] : [`${path}: ${actual} ≠ ${wanted}`];
  }
  if (Array.isArray(wanted)) {
    if (!Array.isArray(actual) || actual.length !== wanted.length) return [`${path}: length ${Array.isArray(actual) ? actual.length : "none"} ≠ ${wanted.length}`];
    return wanted.flatMap((item, i) => differences(actual[i], item, `${path}[${i}]`));
  }
  if (wanted !== null && typeof wanted === "object") {
    if (actual === null || typeof actual !== "object") return [`${path}: not an object`];
    const keys = new Set([...Object.keys(wanted), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => differences((actual as Record<string, unknown>)[key], (wanted as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return actual === wanted ? [] : [`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(wanted)}`];
}

describe("the track record against the independent fixture", () => {
  it("covers every case the fixture lists, edge cases included", () => {
    expect(fixture.cases.map((c) => c.name).sort()).toEqual(Object.keys(expected).sort());
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(["no-trades", "only-wins", "only-losses", "one-trade", "all-breakeven"]));
  });

  for (const c of fixture.cases) {
    it(`matches every figure of case "${c.name}"`, () => {
      const trades = tradesFor(c);
      const record = computeTrackRecord(trades, optionsFor(c));
      expect(differences(record, expected[c.name]!.record)).toEqual([]);
      const results = trades
        .filter((t) => (!c.from || t.closedAt >= new Date(c.from)) && (!c.to || t.closedAt <= new Date(c.to)))
        .map(tradeResult)
        .sort((a, b) => a.closedAt.localeCompare(b.closedAt) || a.id - b.id);
      expect(differences(results, expected[c.name]!.results)).toEqual([]);
    });
  }

  it("summarizes kept per-trade results to the same record", () => {
    const c = fixture.cases.find((item) => item.name === "range")!;
    expect(summarizeResults(TRADES.map(tradeResult), optionsFor(c))).toEqual(computeTrackRecord(TRADES, optionsFor(c)));
  });
});

describe("the edge cases read as they should", () => {
  const record = (name: string) => computeTrackRecord(tradesFor(fixture.cases.find((c) => c.name === name)!), optionsFor(fixture.cases.find((c) => c.name === name)!));

  it("no trades: zero counts, no averages or ratios, empty series", () => {
    const empty = record("no-trades");
    expect(empty).toMatchObject({ trades: 0, winRate: null, expectancyR: null, profitFactor: null, sharpe: null, cagr: null, endingEquity: 10_000 });
    expect(empty.equity).toEqual({ byTrade: [], byDay: [] });
  });

  it("only wins: no profit factor (no loss), no drawdown", () => {
    expect(record("only-wins")).toMatchObject({ losses: 0, winRate: 100, profitFactor: null, maxDrawdownR: 0, maxDrawdownPercent: 0 });
  });

  it("only losses: profit factor 0 and a drawdown that never recovers", () => {
    const losses = record("only-losses");
    expect(losses).toMatchObject({ wins: 0, winRate: 0, profitFactor: 0, avgWinR: null });
    expect(losses.maxDrawdown.recoveredAt).toBeNull();
  });

  it("all breakeven: neither wins nor losses", () => {
    expect(record("all-breakeven")).toMatchObject({ wins: 0, losses: 0, breakevens: 6, longestWinStreak: 0, longestLossStreak: 0 });
  });
});

describe("costs", () => {
  it("convert the $3.50 round-turn commission into pips of each instrument", () => {
    expect(commissionPips("EURUSD", 0.0001, 1.1)).toBeCloseTo(0.35, 12);
    expect(commissionPips("USDJPY", 0.01, 150)).toBeCloseTo(0.525, 12);
    expect(commissionPips("XAUUSD", 0.01, 2400)).toBeCloseTo(3.5, 12);
    // A cross at its quote currency's USD rate at the exit: GBPUSD 1.25 → $12.50 a pip; USDJPY 160 → ¥1,000 = $6.25 a pip.
    const gbp = quoteUsdRate({ symbol: "GBPUSD", invert: false }, { time: new Date("2026-03-02T10:00:00Z"), close: 1.25 });
    const jpy = quoteUsdRate({ symbol: "USDJPY", invert: true }, { time: new Date("2026-03-02T10:00:00Z"), close: 160 });
    expect(gbp).toEqual({ usdPerQuote: 1.25, symbol: "GBPUSD", time: "2026-03-02T10:00:00.000Z" });
    expect(commissionPips("EURGBP", 0.0001, 0.85, gbp)).toBeCloseTo(0.28, 12);
    expect(commissionPips("EURJPY", 0.01, 170, jpy)).toBeCloseTo(0.56, 12);
    // No bar: the assumed $10, said to be estimated.
    expect(commissionPips("EURGBP", 0.0001, 0.85)).toBeCloseTo(0.35, 12);
    expect(pipValueUsdPerLot("EURGBP", 0.0001, 0.85, null)).toEqual({ usd: 10, estimated: true });
    expect(pipValueUsdPerLot("EURGBP", 0.0001, 0.85, gbp)).toEqual({ usd: 12.5, estimated: false });
    expect(pipValueUsdPerLot("USDJPY", 0.01, 160, gbp).estimated).toBe(false);
  });

  it("take a cross's USD rate from its quote currency's USD pair, and need none for a USD pair", () => {
    expect(quoteUsdPairOf("EURGBP")).toEqual({ symbol: "GBPUSD", invert: false });
    expect(quoteUsdPairOf("GBPJPY")).toEqual({ symbol: "USDJPY", invert: true });
    expect(quoteUsdPairOf("EURCHF")).toEqual({ symbol: "USDCHF", invert: true });
    expect(quoteUsdPairOf("AUDNZD")).toEqual({ symbol: "NZDUSD", invert: false });
    for (const symbol of ["EURUSD", "USDJPY", "XAUUSD"]) expect(quoteUsdPairOf(symbol)).toBeNull();
  });
});

describe("periodRange", () => {
  it("covers whole UTC days, from the start of the day N days ago to the end of today", () => {
    const asOf = new Date("2026-11-23T17:45:12.345Z");
    expect(periodRange("1W", asOf)).toEqual({ from: new Date("2026-11-16T00:00:00.000Z"), to: new Date("2026-11-23T23:59:59.999Z") });
    expect(periodRange("1Y", asOf).from).toEqual(new Date("2025-11-23T00:00:00.000Z"));
    expect(periodRange("1M", new Date("2026-11-23T00:00:00.000Z"))).toEqual(periodRange("1M", new Date("2026-11-23T23:59:59.999Z")));
  });
});

const SYMBOLS = [
  { symbol: "EURUSD", pipSize: 0.0001, price: 1.1 },
  { symbol: "USDJPY", pipSize: 0.01, price: 150 },
  { symbol: "XAUUSD", pipSize: 0.01, price: 2400 },
  { symbol: "EURGBP", pipSize: 0.0001, price: 0.85 },
];

const tradeArb = fc
  .record({
    instrument: fc.constantFrom(...SYMBOLS),
    long: fc.boolean(),
    riskTenths: fc.integer({ min: 50, max: 20_000 }),
    exitTenths: fc.integer({ min: -40_000, max: 60_000 }),
    partial: fc.option(fc.record({ fraction: fc.constantFrom(0.25, 0.5, 0.7), exitTenths: fc.integer({ min: -40_000, max: 60_000 }) })),
    openedMinute: fc.integer({ min: 0, max: 500_000 }),
    heldMinutes: fc.integer({ min: 1, max: 20_000 }),
  })
  .map(({ instrument, long, riskTenths, exitTenths, partial, openedMinute, heldMinutes }, ): Omit<ClosedTrade, "id"> => {
    const d = long ? 1 : -1;
    const { symbol, pipSize, price } = instrument;
    const at = (tenths: number) => Number((price + (d * tenths * pipSize) / 10).toFixed(6));
    const opened = Date.UTC(2026, 0, 1) + openedMinute * 60_000;
    const exits = partial
      ? [
          { exitPrice: at(partial.exitTenths), fraction: partial.fraction },
          { exitPrice: at(exitTenths), fraction: Number((1 - partial.fraction).toFixed(9)) },
        ]
      : [{ exitPrice: at(exitTenths), fraction: 1 }];
    return {
      strategyId: 1,
      symbol,
      side: long ? "LONG" : "SHORT",
      entryPrice: price,
      originalSl: at(-riskTenths),
      fillPrice: price,
      pipSize,
      openedAt: new Date(opened),
      closedAt: new Date(opened + heldMinutes * 60_000),
      closeReason: "MANUAL",
      exits: exits.filter((e) => e.exitPrice > 0),
      simulated: false,
    };
  })
  .filter((t) => t.exits.length > 0 && t.originalSl > 0);

const tradesArb = fc.array(tradeArb, { maxLength: 40 }).map((list) => list.map((t, i) => ({ ...t, id: i + 1 })));

describe("properties", () => {
  it("net = gross − costs, in pips and in R, for every trade", () => {
    fc.assert(
      fc.property(tradeArb, (trade) => {
        const r = tradeResult({ ...trade, id: 1 });
        expect(r.netPips).toBeCloseTo(r.grossPips - r.costPips, 9);
        expect(r.costPips).toBeCloseTo(r.spreadPips + r.commissionPips + r.slippagePips, 12);
        expect(r.netR * r.riskPips).toBeCloseTo(r.netPips, 6);
      }),
    );
  });

  it("equity never goes negative at any risk up to 100%, and the counts add up", () => {
    fc.assert(
      fc.property(tradesArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (trades, riskPct) => {
        const record = computeTrackRecord(trades, { riskPct });
        for (const point of record.equity.byTrade) expect(point.equity).toBeGreaterThanOrEqual(0);
        for (const point of record.equity.byDay) expect(point.equity).toBeGreaterThanOrEqual(0);
        expect(record.wins + record.losses + record.breakevens).toBe(trades.length);
        expect(record.maxDrawdownPercent).toBeLessThanOrEqual(0);
        expect(record.maxDrawdownPercent).toBeGreaterThanOrEqual(-100);
        expect(record.maxDrawdownR).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("the monthly returns compound to the total return", () => {
    fc.assert(
      fc.property(tradesArb, (trades) => {
        const record = computeTrackRecord(trades, { riskPct: 1 });
        const growth = record.monthly.reduce((g, m) => g * (1 + m.returnPct / 100), 1);
        if (record.trades > 0) expect((growth - 1) * 100).toBeCloseTo(record.totalReturnPct, 6);
      }),
    );
  });
});
