/**
 * The seeded hourly price path: deterministic, well-formed bars, no weekend
 * bars, and the volatility it was asked for.
 */
import { describe, expect, it } from "vitest";
import { BAR_MS, generatePricePath, isWeekend } from "~/domain/price-path";

const PERIOD = { from: new Date("2026-01-05T00:00:00Z"), to: new Date("2026-07-06T00:00:00Z") };
const EURUSD = { symbol: "EURUSD", startPrice: 1.085, dailyVolatility: 0.005 };

describe("generatePricePath", () => {
  it("gives the same bars for the same seed, other bars for another seed or symbol", () => {
    const bars = generatePricePath(EURUSD, PERIOD, 7);
    expect(generatePricePath(EURUSD, PERIOD, 7)).toEqual(bars);
    expect(generatePricePath(EURUSD, PERIOD, 8)).not.toEqual(bars);
    const gbp = generatePricePath({ ...EURUSD, symbol: "GBPUSD" }, PERIOD, 7);
    expect(gbp.map((bar) => bar.close)).not.toEqual(bars.map((bar) => bar.close));
  });

  it("gives hourly bars on weekdays only, each well formed and opening at the previous close within the week", () => {
    const bars = generatePricePath(EURUSD, PERIOD, 1);
    expect(bars[0]!.time).toBe(PERIOD.from.getTime());
    expect(bars.at(-1)!.time).toBeLessThan(PERIOD.to.getTime());
    // 26 weeks of 5 days of 24 hours.
    expect(bars).toHaveLength(26 * 5 * 24);
    for (let i = 0; i < bars.length; i++) {
      const bar = bars[i]!;
      expect(isWeekend(bar.time)).toBe(false);
      expect(bar.time % BAR_MS).toBe(0);
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(Number(bar.close.toFixed(5))).toBe(bar.close);
      const previous = bars[i - 1];
      if (previous && bar.time - previous.time === BAR_MS) expect(bar.open).toBe(previous.close);
    }
    expect(bars.some((bar, i) => i > 0 && bar.time - bars[i - 1]!.time > 24 * BAR_MS)).toBe(true);
  });

  it("has the daily volatility it was given (standard deviation of daily log returns within 15 %)", () => {
    const bars = generatePricePath({ symbol: "XAUUSD", startPrice: 2380, dailyVolatility: 0.01 }, { from: PERIOD.from, to: new Date("2028-01-03T00:00:00Z") }, 3);
    const closes = bars.filter((_, i) => i % 24 === 23).map((bar) => bar.close);
    const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1));
    expect(sd).toBeGreaterThan(0.0085);
    expect(sd).toBeLessThan(0.0115);
    expect(Number(bars[0]!.close.toFixed(2))).toBe(bars[0]!.close);
  });

  it("refuses a start price not above 0 and a negative volatility", () => {
    expect(() => generatePricePath({ ...EURUSD, startPrice: 0 }, PERIOD, 1)).toThrow(/start price/);
    expect(() => generatePricePath({ ...EURUSD, dailyVolatility: -0.1 }, PERIOD, 1)).toThrow(/volatility/);
  });
});
