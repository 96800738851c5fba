import { describe, expect, it } from "vitest";
import * as performanceContent from "~/content/performance";
import { DEFAULT_PERIOD, DEFAULT_TAB, PERFORMANCE_TABS } from "~/content/performance";
import { COST_ASSUMPTIONS, DISCLAIMERS, HYPOTHETICAL_PERFORMANCE_DISCLAIMER, TRACKING_PLATFORMS } from "~/content/performance-info";
import { parsePerformanceParams, performanceHref, roundedDays } from "~/domain/performance-page";
import { formatPct } from "~/domain/performance-series";
import { formatUsd } from "~/domain/money";

describe("the performance content", () => {
  it("writes no result figure: no percentage, ratio or count of results, only labels (docs/decisions/0150)", () => {
    const text = JSON.stringify(performanceContent);
    expect(text).not.toMatch(/-?\d+(\.\d+)?%/);
    expect(Object.keys(performanceContent)).not.toEqual(expect.arrayContaining(["PERFORMANCE_METRICS"]));
  });

  it("states the cost assumptions exactly", () => {
    expect(COST_ASSUMPTIONS.spreads).toEqual([
      { pair: "EURUSD", pips: 0.8 },
      { pair: "GBPUSD", pips: 1.2 },
      { pair: "USDJPY", pips: 0.9 },
      { pair: "XAUUSD", pips: 2.5 },
    ]);
    expect(COST_ASSUMPTIONS.commissionUsdPerLotRoundTurn).toBe(3.5);
    expect(COST_ASSUMPTIONS.commissionText).toBe("$3.50 per 100k lot round-turn");
    expect(COST_ASSUMPTIONS.averageSlippagePips).toBe(0.5);
    expect(COST_ASSUMPTIONS.minimumBacktestYears).toBe(5);
    expect(COST_ASSUMPTIONS.backtestText).toBe("Backtests use 5 or more years of data");
  });

  it("has two tracking platforms with no links yet", () => {
    expect(TRACKING_PLATFORMS.map((p) => p.name)).toEqual(["Myfxbook", "FX Blue"]);
    for (const platform of TRACKING_PLATFORMS) {
      expect(platform.href).toBeNull();
      expect(platform.status).toBe("Not connected yet");
    }
  });

  it("carries a CFTC 4.41-style hypothetical performance disclaimer", () => {
    const text = HYPOTHETICAL_PERFORMANCE_DISCLAIMER.paragraphs.join(" ");
    expect(text).toMatch(/inherent limitations/);
    expect(text).toMatch(/do not represent actual trading/);
    expect(text).toMatch(/benefit of hindsight/);
    expect(text).toMatch(/No representation is being made that any account will or is likely to achieve profits or losses similar to those shown/);
    expect(DISCLAIMERS[0]).toBe(HYPOTHETICAL_PERFORMANCE_DISCLAIMER);
  });
});

describe("params and formatting", () => {
  it("parses tab and period with defaults", () => {
    expect(parsePerformanceParams(new URLSearchParams(""))).toEqual({ tab: DEFAULT_TAB, period: DEFAULT_PERIOD });
    expect(parsePerformanceParams(new URLSearchParams("tab=Methodology&period=3m"))).toEqual({ tab: "methodology", period: "3M" });
    expect(parsePerformanceParams(new URLSearchParams("tab=nope&period=5Y"))).toEqual({ tab: "overview", period: "1Y" });
    expect(PERFORMANCE_TABS.map((t) => t.label)).toEqual(["Overview", "Methodology", "Verification", "Disclaimers"]);
    expect(performanceHref("verification", "1M")).toBe("/performance?tab=verification&period=1M");
  });

  it("formats without locale dependence", () => {
    expect(formatUsd(118654.13)).toBe("$118,654");
    expect(formatUsd(-1234.5)).toBe("-$1,235");
    expect(formatPct(2.4)).toBe("+2.4%");
    expect(formatPct(-8.2)).toBe("-8.2%");
    expect(formatPct(-0.01)).toBe("0.0%");
  });
});

describe("roundedDays", () => {
  it("rounds the live record's equity to cents and its drawdown to 0.01 points, day by day in order", () => {
    expect(
      roundedDays([
        { time: "2026-03-03", equity: 10106.291005298131, drawdownPct: 0 },
        { time: "2026-03-04", equity: 10004.932056977757, drawdownPct: -1.002929247408744 },
        { time: "2026-03-05", equity: 9902.857262838925, drawdownPct: -2.0129416652712497 },
      ]),
    ).toEqual([
      { time: "2026-03-03", equity: 10106.29, drawdownPct: 0 },
      { time: "2026-03-04", equity: 10004.93, drawdownPct: -1 },
      { time: "2026-03-05", equity: 9902.86, drawdownPct: -2.01 },
    ]);
  });
});
