/**
 * The result-figure check of the public pages walk (tests/e2e/result-figures.spec.ts):
 * it finds figures beside result labels and fails a hand-written one.
 */
import { describe, expect, it } from "vitest";
import { comesFromRecord, findResultFigures, type RecordFigures } from "../e2e/support/result-figures";

const record: RecordFigures = { trades: 41, winRate: 43.90243902439025, profitFactor: 0.8123, maxDrawdownPercent: -12.345, maxDrawdownR: -9.8, totalNetR: -7.68, sharpe: -0.41,
  pipsBySymbol: [{ symbol: "EURUSD", netPips: 25.3 }, { symbol: "XAUUSD", netPips: 1209.2 }],
};

describe("findResultFigures", () => {
  it("reads figures beside their labels in the same element or the next, with their precision", () => {
    const html = `<dl><dt>Win Rate</dt><dd>43.9%</dd><dt>Profit factor</dt><dd>0.81</dd></dl>
      <p>Closed signals: 41</p><div><span>Max drawdown</span><span>-9.8R / -12.3%</span></div>
      <p><span>43.9%</span> live win rate over <span>41</span> closed signals, net of costs</p>
      <dl><dt>Return at 1% risk</dt><dd>-6.1%</dd><dt>Sharpe (monthly, ×√12)</dt><dd>-0.41</dd></dl>
      <figure><figcaption>Drawdown</figcaption><span data-axis="y" class="x">0%</span></figure>
      <script>var winRate = 68;</script><p>This sentence mentions a win rate of 99% but is prose, not a label, so it is long.</p>`;
    expect(findResultFigures(html).map(({ kind, value, decimals }) => [kind, value, decimals])).toEqual([
      ["winRate", 43.9, 1],
      ["profitFactor", 0.81, 2],
      ["trades", 41, 0],
      ["drawdown", -9.8, 1],
      ["winRate", 43.9, 1],
      ["return", -6.1, 1],
      ["sharpe", -0.41, 2],
    ]);
  });
});

describe("comesFromRecord", () => {
  it("accepts the record's figures at the printed precision and fails a hand-written one", () => {
    const figures = findResultFigures(`<dt>Win Rate</dt><dd>43.9%</dd><dt>Win Rate</dt><dd>68%</dd><p>Sharpe -0.41</p><p>Trades 127</p>`);
    expect(figures.map((figure) => comesFromRecord(figure, [record]))).toEqual([true, false, true, false]);
  });

  it("reads each symbol's net pips (the label read out beside the symbol) and fails their sum", () => {
    const html = `<dt>Net pips by symbol</dt><dd><dl><div><dt>EURUSD<span class="sr-only"> net pips</span></dt><dd>+25.3</dd></div>
      <div><dt>XAUUSD<span class="sr-only"> net pips</span></dt><dd>+1209.2</dd></div></dl></dd><dt>Net pips</dt><dd>1234.5</dd>`;
    const figures = findResultFigures(html);
    expect(figures.map(({ kind, value }) => [kind, value])).toEqual([["pips", 25.3], ["pips", 1209.2], ["pips", 1234.5]]);
    expect(figures.map((figure) => comesFromRecord(figure, [record]))).toEqual([true, true, false]);
  });

  it("checks a figure against fields of its own kind only", () => {
    const [figure] = findResultFigures("<p>Win rate 41%</p>");
    expect(comesFromRecord(figure!, [record])).toBe(false);
  });
});
