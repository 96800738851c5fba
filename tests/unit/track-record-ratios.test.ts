/**
 * The Sharpe and Sortino convention (docs/decisions/0038, issue 33 §4): daily
 * returns on weekdays from the period's first trade, √252, risk-free 0,
 * stated as `ratioConvention`. Empty days before the first trade change
 * nothing; the independent Python figures are in track-record.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTrackRecord, dailyReturnsFrom, RATIO_CONVENTION, ratios, type ClosedTrade } from "~/domain/track-record";

const DAY = 86_400_000;
/** Monday 2 March 2026, 08:00 UTC. */
const MONDAY = Date.parse("2026-03-02T08:00:00.000Z");

/** A EURUSD LONG from 1.085 with its stop at 1.080 (50 pips of risk), exiting at `exit`, open `openDay` and closed `holdDays` later. */
function trade(id: number, openDay: number, holdDays: number, exit: number): ClosedTrade {
  const openedAt = new Date(MONDAY + openDay * DAY);
  return {
    id,
    strategyId: 1,
    symbol: "EURUSD",
    side: "LONG",
    entryPrice: 1.085,
    originalSl: 1.08,
    fillPrice: 1.085,
    pipSize: 0.0001,
    openedAt,
    closedAt: new Date(openedAt.getTime() + holdDays * DAY + 3_600_000),
    closeReason: exit >= 1.085 ? "TP1" : "SL",
    exits: [{ exitPrice: exit, fraction: 1 }],
    simulated: false,
  };
}

describe("ratios", () => {
  it("annualises mean over sd (and over the target-0 downside deviation) by √252", () => {
    const returns = [0.01, -0.005, 0.002, 0.004];
    const mean = 0.00275;
    const sd = Math.sqrt(((0.00725 ** 2) + (0.00775 ** 2) + (0.00075 ** 2) + (0.00125 ** 2)) / 3);
    const downside = Math.sqrt(0.005 ** 2 / 4);
    const { sharpe, sortino } = ratios(returns);
    expect(sharpe).toBeCloseTo((mean / sd) * Math.sqrt(252), 12);
    expect(sortino).toBeCloseTo((mean / downside) * Math.sqrt(252), 12);
    expect(ratios([0.01])).toEqual({ sharpe: null, sortino: null });
  });
});

describe("dailyReturnsFrom", () => {
  it("starts at the first trade's day from the baseline and skips weekends", () => {
    const byDay = [
      { time: "2026-02-27", equity: 100 }, // Friday before the first trade: left out
      { time: "2026-03-02", equity: 101 }, // Monday, first trade's day
      { time: "2026-03-03", equity: 99.99 },
      { time: "2026-03-07", equity: 120 }, // Saturday: left out
      { time: "2026-03-09", equity: 101 },
    ];
    const returns = dailyReturnsFrom(byDay, "2026-03-02", 100);
    expect(returns).toHaveLength(3);
    expect(returns[0]).toBeCloseTo(0.01, 12);
    expect(returns[1]).toBeCloseTo(-0.01, 12);
    expect(returns[2]).toBeCloseTo(101 / 99.99 - 1, 12);
  });
});

describe("the record's ratios", () => {
  const trades = [trade(1, 0, 1, 1.09), trade(2, 2, 1, 1.082), trade(3, 7, 2, 1.0925), trade(4, 9, 1, 1.081), trade(5, 14, 1, 1.088)];

  it("state their convention and the day their returns start", () => {
    const record = computeTrackRecord(trades);
    expect(record.ratioConvention).toEqual({ ...RATIO_CONVENTION, from: "2026-03-02" });
    expect(record.sharpe).not.toBeNull();
  });

  it("do not move when the period starts any number of empty days before the first trade", () => {
    const to = new Date(MONDAY + 30 * DAY);
    const atFirst = computeTrackRecord(trades, { from: new Date(Date.parse("2026-03-02T00:00:00.000Z")), to });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (emptyDays) => {
        const earlier = computeTrackRecord(trades, { from: new Date(Date.parse("2026-03-02T00:00:00.000Z") - emptyDays * DAY), to });
        expect(earlier.ratioConvention.from).toBe("2026-03-02");
        expect(earlier.sharpe).toBeCloseTo(atFirst.sharpe!, 12);
        expect(earlier.sortino).toBeCloseTo(atFirst.sortino!, 12);
      }),
      { numRuns: 50 },
    );
  });
});
