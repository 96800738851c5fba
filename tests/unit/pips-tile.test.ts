/**
 * The net pips tile (docs/decisions/0155, 0156): one symbol's figure labelled
 * with the symbol, a line per symbol otherwise and never their sum; an "est."
 * mark where a commission was converted at the assumed pip value. Read back
 * with the public pages walk's own reader, so the walk checks each line.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveTiles } from "~/components/performance/live-record";
import type { SymbolPips } from "~/domain/track-record";
import type { TrackRecordFigures } from "~/models/read-models/track-record.server";
import { comesFromRecord, findResultFigures } from "../e2e/support/result-figures";

const symbol = (name: string, netPips: number, estimated = 0): SymbolPips => ({ symbol: name, trades: 2, grossPips: netPips + 3, costPips: 3, netPips, estimatedPipValueTrades: estimated });

function render(pipsBySymbol: SymbolPips[]): string {
  const record = { riskPct: 1, trades: 4, winRate: 50, expectancyR: 0.1, profitFactor: 1.2, totalNetR: 0.4, maxDrawdownR: -1, maxDrawdownPercent: -1, totalReturnPct: 0.4, cagr: null, sharpe: null, sortino: null, longestWinStreak: 1, longestLossStreak: 1, pipsBySymbol };
  return renderToStaticMarkup(createElement(LiveTiles, { record: record as unknown as TrackRecordFigures, only: ["net-pips"] }));
}

describe("the net pips tile", () => {
  it("labels one symbol's figure with the symbol", () => {
    const html = render([symbol("EURUSD", 25.34)]);
    expect(html).toContain("Net pips (EURUSD)");
    expect(findResultFigures(html).map(({ kind, value }) => [kind, value])).toEqual([["pips", 25.3]]);
    expect(html).not.toContain("est.");
  });

  it("gives a line per symbol and no sum across them; the walk finds each line", () => {
    const pipsBySymbol = [symbol("EURJPY", -40.12, 1), symbol("XAUUSD", 2393.5)];
    const html = render(pipsBySymbol);
    expect(html).toContain("Net pips by symbol");
    const figures = findResultFigures(html);
    expect(figures.map(({ value }) => value)).toEqual([-40.1, 2393.5]);
    expect(figures.every((figure) => comesFromRecord(figure, [{ pipsBySymbol }]))).toBe(true);
    expect(html).not.toContain("2353.4");
    // EURJPY's commission used the assumed $10 for one of its two trades: marked, with the reason.
    expect(html.match(/data-testid="pips-estimated"/g)).toHaveLength(1);
    expect(html).toContain("the commission of 1 of 2 EURJPY trades was converted at an assumed $10 a pip");
  });

  it("shows a dash with no trade", () => {
    expect(render([])).toContain("—");
  });
});
