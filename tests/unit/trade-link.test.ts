/** "Size this trade": the risk templates, the /tools link of a signal and the reading of its query. */
import { describe, expect, it } from "vitest";

import { RISK_TEMPLATES } from "../../db/schema";
import { positionSizePrefill, RISK_TEMPLATE_PERCENT, riskPercentFor, sizeThisTradeHref } from "~/domain/trade-link";

describe("risk templates (decision record 0035)", () => {
  it("Conservative 0.5%, Balanced 1%, Aggressive 2%, one figure per stored template", () => {
    expect(RISK_TEMPLATE_PERCENT).toEqual({ Conservative: 0.5, Balanced: 1, Aggressive: 2 });
    expect(Object.keys(RISK_TEMPLATE_PERCENT).sort()).toEqual([...RISK_TEMPLATES].sort());
    expect(riskPercentFor("Aggressive")).toBe(2);
    expect(riskPercentFor("Conservative")).toBe(0.5);
  });

  it("a missing or unknown template risks the default, Balanced 1%", () => {
    expect(riskPercentFor(null)).toBe(1);
    expect(riskPercentFor(undefined)).toBe(1);
    expect(riskPercentFor("Reckless")).toBe(1);
  });
});

describe("sizeThisTradeHref", () => {
  it("carries symbol, entry, stop, both targets and the risk percent", () => {
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: 1.085, sl: 1.08, tp1: 1.09, tp2: 1.095 }, 1)).toBe(
      "/tools?symbol=EURUSD&entryPrice=1.085&stopLoss=1.08&tp1=1.09&tp2=1.095&riskPercent=1",
    );
  });

  it("leaves out targets the signal does not have", () => {
    expect(sizeThisTradeHref({ symbol: "USDJPY", entryPrice: 150.25, sl: 149.75, tp1: 151, tp2: null }, 0.5)).toBe(
      "/tools?symbol=USDJPY&entryPrice=150.25&stopLoss=149.75&tp1=151&riskPercent=0.5",
    );
    expect(sizeThisTradeHref({ symbol: "XAUUSD", entryPrice: 2350, sl: 2335 }, 2)).toBe(
      "/tools?symbol=XAUUSD&entryPrice=2350&stopLoss=2335&riskPercent=2",
    );
  });

  it("is null for a locked signal (no levels), an equal stop or a risk out of range", () => {
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: null, sl: null, tp1: null, tp2: null }, 1)).toBeNull();
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: 1.085, sl: null }, 1)).toBeNull();
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: 1.085, sl: 1.085 }, 1)).toBeNull();
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: 1.085, sl: 1.08 }, 0)).toBeNull();
    expect(sizeThisTradeHref({ symbol: "EURUSD", entryPrice: 1.085, sl: 1.08 }, 101)).toBeNull();
  });

  it("round-trips through positionSizePrefill", () => {
    const href = sizeThisTradeHref({ symbol: "GBPJPY", entryPrice: 190.5, sl: 191.2, tp1: 189.8, tp2: 188.4 }, 2)!;
    expect(positionSizePrefill(new URL(href, "http://localhost").searchParams)).toEqual({
      symbol: "GBPJPY",
      entryPrice: "190.5",
      stopLoss: "191.2",
      riskPercent: "2",
      takeProfits: [
        { price: "189.8", share: "50" },
        { price: "188.4", share: "50" },
      ],
    });
  });
});

describe("positionSizePrefill", () => {
  const read = (query: string) => positionSizePrefill(new URLSearchParams(query));

  it("normalises the symbol's case and gives a lone target the whole position", () => {
    expect(read("symbol=xauusd&entryPrice=2350&stopLoss=2335&tp1=2380")).toEqual({
      symbol: "XAUUSD",
      entryPrice: "2350",
      stopLoss: "2335",
      takeProfits: [{ price: "2380", share: "100" }],
    });
  });

  it("leaves out what it cannot use instead of failing", () => {
    expect(read("")).toEqual({});
    expect(read("symbol=BTCUSD&entryPrice=abc&stopLoss=-1&riskPercent=150&tp1=1e9&tp2=")).toEqual({});
    expect(read(`entryPrice=${"9".repeat(500)}&riskPercent=0`)).toEqual({});
  });
});
