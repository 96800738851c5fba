import { describe, expect, it } from "vitest";
import {
  CHART_PERIODS,
  DEFAULT_PERIOD,
  DEFAULT_TAB,
  METRIC_TILES,
  MONTHLY_RETURNS,
  OVERVIEW_METRICS,
  CHART_PANEL_FIGURES,
  PERFORMANCE_METRICS,
  PERFORMANCE_TABS,
  SERIES_END_DATE,
  STARTING_EQUITY_USD,
  STRATEGY_PERFORMANCE,
} from "~/content/performance";
import { COST_ASSUMPTIONS, DISCLAIMERS, HYPOTHETICAL_PERFORMANCE_DISCLAIMER, TRACKING_PLATFORMS } from "~/content/performance-info";
import { equitySeries, parsePerformanceParams, performanceHref, roundedDays, windowFor } from "~/domain/performance-page";
import { drawdownSeries, formatPct, monthlyBreakdown, summarizeWindow } from "~/domain/performance-series";
import { compoundReturnPct, equityCurve } from "~/domain/returns";
import { formatUsd } from "~/domain/money";

describe("spec section 9 static metrics", () => {
  it("shows every metric once, as its number written out: eight tiles, the rest in the overview", () => {
    const m = PERFORMANCE_METRICS;
    expect(METRIC_TILES).toHaveLength(8);
    const shown = Object.fromEntries([...METRIC_TILES, ...OVERVIEW_METRICS].map((tile) => [tile.label, tile.value]));
    expect(shown).toEqual({
      "Annual Return": `${m.annualReturnPct}%`,
      "Max Drawdown": `${m.maxDrawdownPct}%`,
      "Win Rate": `${m.winRatePct}%`,
      "Risk/Reward": String(m.riskReward),
      "Trades per Month": String(m.tradesPerMonth),
      "Sharpe Ratio": String(m.sharpeRatio),
      "Sortino Ratio": String(m.sortinoRatio),
      "Profit Factor": String(m.profitFactor),
      "Average Drawdown": `${m.averageDrawdownPct}%`,
      "Average Recovery": `${m.averageRecoveryDays} days`,
      "Total Trades": String(m.totalTrades),
      "Active Trades": String(m.activeTrades),
    });
  });

  it("shows the chart panel's win rate, which rounds to the tile's", () => {
    expect(CHART_PANEL_FIGURES.equity.map((f) => f.value)).toContain(`${PERFORMANCE_METRICS.chartPanelWinRatePct}%`);
    expect(Math.round(PERFORMANCE_METRICS.chartPanelWinRatePct)).toBe(PERFORMANCE_METRICS.winRatePct);
  });

  it("keeps drawdowns negative and the average one shallower than the maximum", () => {
    expect(PERFORMANCE_METRICS.maxDrawdownPct).toBeLessThan(PERFORMANCE_METRICS.averageDrawdownPct);
    expect(PERFORMANCE_METRICS.averageDrawdownPct).toBeLessThan(0);
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

  it("lists the three strategies with their sample win rates, trades adding up to the total", () => {
    expect(STRATEGY_PERFORMANCE.map((s) => [s.name, s.riskClass, s.winRatePct])).toEqual([
      ["Alpha Swing", "Balanced", 68],
      ["London Breakout", "Aggressive", 72],
      ["Gold Intraday", "Conservative", 75],
    ]);
    expect(STRATEGY_PERFORMANCE.reduce((sum, s) => sum + s.trades, 0)).toBe(PERFORMANCE_METRICS.totalTrades);
  });

  it("has two third-party platforms with no links yet", () => {
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

describe("equitySeries", () => {
  const equity = equitySeries();

  it("is deterministic", () => {
    expect(equitySeries()).toEqual(equity);
    expect(JSON.stringify(equitySeries())).toBe(JSON.stringify(equity));
  });

  it("returns a fresh copy each call", () => {
    const copy = equitySeries();
    copy[0]!.value = 0;
    expect(equitySeries()[0]!.value).toBe(STARTING_EQUITY_USD);
  });

  it("covers about one year of weekdays, ending on the fixed date, from 100,000 USD to about +18.7%", () => {
    expect(equity.length).toBeGreaterThanOrEqual(255);
    expect(equity.length).toBeLessThanOrEqual(265);
    expect(equity[0]).toEqual({ time: "2025-10-31", value: 100_000 });
    expect(equity[equity.length - 1]!.time).toBe(SERIES_END_DATE);
    expect(SERIES_END_DATE).toBe("2026-10-30");
    const totalPct = (equity[equity.length - 1]!.value / STARTING_EQUITY_USD - 1) * 100;
    expect(Math.abs(totalPct - PERFORMANCE_METRICS.annualReturnPct)).toBeLessThan(0.1);
    for (let i = 1; i < equity.length; i++) {
      expect(equity[i]!.time > equity[i - 1]!.time).toBe(true);
      const weekday = new Date(`${equity[i]!.time}T00:00:00Z`).getUTCDay();
      expect(weekday).not.toBe(0);
      expect(weekday).not.toBe(6);
      expect(equity[i]!.value).toBeGreaterThan(0);
    }
  });
});

describe("drawdownSeries", () => {
  const equity = equitySeries();
  const drawdown = drawdownSeries(equity);

  it("is never above zero and matches the equity timeline", () => {
    expect(drawdown).toHaveLength(equity.length);
    drawdown.forEach((point, i) => {
      expect(point.time).toBe(equity[i]!.time);
      expect(point.value).toBeLessThanOrEqual(0);
    });
    expect(drawdown[0]!.value).toBe(0);
  });

  it("bottoms out at the stated max drawdown (within 0.1 percentage points)", () => {
    const deepest = Math.min(...drawdown.map((point) => point.value));
    expect(Math.abs(deepest - PERFORMANCE_METRICS.maxDrawdownPct)).toBeLessThanOrEqual(0.1);
  });

  it("measures percent below the running peak", () => {
    expect(
      drawdownSeries([
        { time: "2026-01-01", value: 100 },
        { time: "2026-01-02", value: 110 },
        { time: "2026-01-05", value: 99 },
        { time: "2026-01-06", value: 120 },
      ]).map((p) => p.value),
    ).toEqual([0, 0, -10, 0]);
  });
});

describe("windowFor", () => {
  const equity = equitySeries();
  const last = equity[equity.length - 1]!;
  const expected: Record<string, [number, number]> = { "1W": [5, 7], "1M": [21, 23], "3M": [63, 66] };

  for (const { id } of CHART_PERIODS) {
    it(`${id} ends at the last point with the expected number of trading days`, () => {
      const window = windowFor(id, equity);
      expect(window[window.length - 1]).toEqual(last);
      if (id === "1Y") {
        expect(window).toEqual(equity);
      } else {
        const [min, max] = expected[id]!;
        expect(window.length).toBeGreaterThanOrEqual(min);
        expect(window.length).toBeLessThanOrEqual(max);
      }
    });
  }

  it("maps the periods to week, month, quarter and year", () => {
    expect(CHART_PERIODS.map((p) => [p.label, p.name])).toEqual([
      ["1W", "week"],
      ["1M", "month"],
      ["3M", "quarter"],
      ["1Y", "year"],
    ]);
  });

  it("works on the drawdown series and does not mutate its input", () => {
    const drawdown = drawdownSeries(equity);
    const before = JSON.stringify(drawdown);
    expect(windowFor("1M", drawdown)).toEqual(drawdown.slice(-22));
    expect(JSON.stringify(drawdown)).toBe(before);
  });

  it("summarizes a window", () => {
    const summary = summarizeWindow(windowFor("1Y", equity));
    expect(summary.start).toBe(100_000);
    expect(summary.end).toBe(last.value);
    expect(formatPct(summary.changePct)).toBe("+18.7%");
  });
});

describe("monthly breakdown", () => {
  it("has twelve months compounding to about the annual return", () => {
    expect(MONTHLY_RETURNS).toHaveLength(12);
    expect(MONTHLY_RETURNS[0]!.label).toBe("Nov 2025");
    expect(MONTHLY_RETURNS[11]!.label).toBe("Oct 2026");
    expect(Math.abs(compoundReturnPct(MONTHLY_RETURNS.map((m) => m.returnPct)) - 18.7)).toBeLessThan(0.1);
  });

  it("agrees with the month-end closes of the daily series", () => {
    const rows = monthlyBreakdown(MONTHLY_RETURNS, equitySeries());
    let previous = STARTING_EQUITY_USD;
    for (const row of rows) {
      expect(Number.isFinite(row.endEquity)).toBe(true);
      expect(((row.endEquity / previous - 1) * 100).toFixed(1)).toBe(row.returnPct.toFixed(1));
      previous = row.endEquity;
    }
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

describe("equityCurve", () => {
  it("compounds each return onto the previous value, to the cent", () => {
    expect(equityCurve([10, -10])).toEqual([100, 110, 99]);
    expect(equityCurve([1.9, -0.8], 1000)).toEqual([1000, 1019, 1010.85]);
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
