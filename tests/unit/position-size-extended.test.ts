/**
 * The extended position size calculator (`sizePosition`): instruments,
 * account currencies, costs, broker limits, margin, targets, warnings.
 *
 * Pip values follow the standard formulas as given in Babypips' "How to
 * Calculate Pip Value" and OANDA's pip value explanation:
 *   pip value per lot = pip size × contract size [quote currency],
 *   converted to the account currency (÷ price when the base is the account
 *   currency, × the quote→account rate otherwise).
 * Commission in the risk follows the EarnForex Position Sizer documentation
 * ("commission ... is included in the risk"). Each expected value is worked
 * by hand in the comment above it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { CalculatorInputError } from "~/domain/calculator-error";
import { conversionRateName, instrumentSpec, likelyInstruments, requiresConversionRate } from "~/domain/instruments";
import { LOT_STEPS, sizePosition, type PositionSizeInput } from "~/domain/position-size";

function fieldOf(input: PositionSizeInput): string {
  try {
    sizePosition(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CalculatorInputError);
    return (error as CalculatorInputError).field;
  }
  throw new Error("expected a CalculatorInputError");
}

const base = { accountBalance: 10_000, riskPercent: 1 };

describe("sizePosition — worked cases per instrument family (USD account)", () => {
  it("float trap: 5,800 / 1% / 20 pips on EURUSD gives 0.29 lots (0.29 × 100 = 28.999999999999996 in floats)", () => {
    // $58 / (20 pips × $10) = 0.29 lots exactly.
    const result = sizePosition({ accountBalance: 5_800, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.098, symbol: "EURUSD" });
    expect(result).toMatchObject({ lotSize: 0.29, actualRisk: 58, units: 29_000 });
    // $21 / (30 pips × $10) = 0.07 lots; 3,000 × 0.7 / 100 = 21.
    expect(sizePosition({ accountBalance: 3_000, riskPercent: 0.7, entryPrice: 1.1, stopLoss: 1.097 }).lotSize).toBe(0.07);
  });

  it("major, JPY quote (Babypips: 0.01 / price × 100,000): USDJPY 150.25 / 149.75 gives 0.30 lots", () => {
    // pip value = 1000 / 150.25 = $6.65557; $100 / (50 × 6.65557) = 0.3005 → 0.30; risk 0.30 × 50 × 6.65557 = $99.83.
    const result = sizePosition({ ...base, entryPrice: 150.25, stopLoss: 149.75, symbol: "USDJPY" });
    expect(result).toMatchObject({ lotSize: 0.3, stopPips: 50, pipValuePerLot: 6.65557, actualRisk: 99.83, warnings: [] });
    expect(result.explanation).toBe("Risking $100.00 with a 50.0-pip stop at $6.66 per pip per lot gives 0.30 lots");
  });

  it("gold (100 oz, pip 0.01 = $1 per lot): XAUUSD 2350 / 2340 gives 0.10 lots, 10 oz", () => {
    // 1000 pips × $1 = $1,000 per lot; $100 / $1,000 = 0.10.
    expect(sizePosition({ ...base, entryPrice: 2350, stopLoss: 2340, symbol: "XAUUSD" })).toMatchObject({
      lotSize: 0.1,
      stopPips: 1000,
      pipValuePerLot: 1,
      units: 10,
    });
  });

  it("silver (5,000 oz, pip 0.01 = $50 per lot): XAGUSD 30.00 / 29.80 gives 0.10 lots, 500 oz", () => {
    // 20 pips × $50 = $1,000 per lot; $100 / $1,000 = 0.10.
    expect(sizePosition({ ...base, entryPrice: 30, stopLoss: 29.8, symbol: "XAGUSD" })).toMatchObject({
      lotSize: 0.1,
      pipValuePerLot: 50,
      units: 500,
    });
  });

  it("cross with a JPY quote: EURJPY with the JPYUSD rate 1/150 gives 0.30 lots", () => {
    // 1000 JPY per pip per lot × (1/150) = $6.66667; $100 / (50 × 6.66667) = 0.30.
    const result = sizePosition({ ...base, entryPrice: 160, stopLoss: 159.5, symbol: "EURJPY", conversionRate: 1 / 150 });
    expect(result).toMatchObject({ lotSize: 0.3, pipValuePerLot: 6.66667, actualRisk: 100 });
  });
});

describe("sizePosition — account currencies", () => {
  it("JPY account, USDJPY (quote = account): ¥1,000 per pip per lot", () => {
    // ¥1,000,000 × 1% = ¥10,000; 50 pips × ¥1,000 = ¥50,000 per lot → 0.20 lots.
    const result = sizePosition({ accountBalance: 1_000_000, riskPercent: 1, entryPrice: 150, stopLoss: 149.5, symbol: "USDJPY", accountCurrency: "JPY" });
    expect(result).toMatchObject({ lotSize: 0.2, pipValuePerLot: 1000, actualRisk: 10_000, accountCurrency: "JPY" });
    expect(result.explanation).toBe("Risking ¥10,000 with a 50.0-pip stop at ¥1,000 per pip per lot gives 0.20 lots");
  });

  it("AUD account, AUDUSD (base = account): $10 ÷ 0.65 = A$15.3846 per pip per lot", () => {
    // A$100 / (20 × 15.3846) = 0.325 → 0.32; risk 0.32 × 20 × 15.3846 = A$98.46.
    expect(sizePosition({ ...base, entryPrice: 0.65, stopLoss: 0.648, symbol: "AUDUSD", accountCurrency: "AUD" })).toMatchObject({
      lotSize: 0.32,
      pipValuePerLot: 15.3846,
      actualRisk: 98.46,
    });
  });

  it("GBP, CHF, CAD accounts with a pair quoted in them: 10 units of quote per pip per lot", () => {
    // 20 pips × 10 = 200 per lot; 100 / 200 = 0.50.
    for (const [symbol, accountCurrency, entryPrice] of [
      ["EURGBP", "GBP", 0.85],
      ["USDCHF", "CHF", 0.9],
      ["USDCAD", "CAD", 1.36],
    ] as const) {
      const result = sizePosition({ ...base, entryPrice, stopLoss: entryPrice - 0.002, symbol, accountCurrency });
      expect(result, symbol).toMatchObject({ lotSize: 0.5, pipValuePerLot: 10 });
    }
  });

  it("NZD and EUR accounts with the base as account currency", () => {
    // NZDUSD at 0.60 in NZD: $10 / 0.6 = NZ$16.6667; NZ$100 / (20 × 16.6667) = 0.30.
    expect(sizePosition({ ...base, entryPrice: 0.6, stopLoss: 0.598, symbol: "NZDUSD", accountCurrency: "NZD" }).lotSize).toBe(0.3);
    // EURUSD at 1.25 in EUR: $10 / 1.25 = €8; €100 / (25 × 8) = 0.50.
    expect(sizePosition({ ...base, entryPrice: 1.25, stopLoss: 1.2475, symbol: "EURUSD", accountCurrency: "EUR" })).toMatchObject({
      lotSize: 0.5,
      pipValuePerLot: 8,
    });
  });

  it("asks for the rate by its market name when the pair lacks the account currency", () => {
    expect(requiresConversionRate("GBPUSD", "EUR")).toBe(true);
    expect(requiresConversionRate("EURUSD", "EUR")).toBe(false);
    expect(conversionRateName("GBP", "USD")).toBe("GBPUSD rate, USD per GBP");
    expect(conversionRateName("USD", "EUR")).toBe("USDEUR rate, EUR per USD (1 ÷ EURUSD)");
    expect(conversionRateName("JPY", "USD")).toBe("JPYUSD rate, USD per JPY (1 ÷ USDJPY)");
    let message = "";
    try {
      sizePosition({ ...base, entryPrice: 1.27, stopLoss: 1.268, symbol: "GBPUSD", accountCurrency: "EUR" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("Conversion rate is required for GBPUSD in a EUR account: enter the USDEUR rate, EUR per USD (1 ÷ EURUSD)");
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, accountCurrency: "BTC" })).toBe("accountCurrency");
  });
});

describe("sizePosition — costs, broker limits, margin, targets", () => {
  it("puts commission and spread in the risk (EarnForex Position Sizer convention)", () => {
    // $7 commission: per lot 20 × $10 + $7 = $207; $100 / $207 = 0.483 → 0.48; risk 0.48 × 207 = $99.36.
    expect(sizePosition({ ...base, entryPrice: 1.1, stopLoss: 1.098, commissionPerLot: 7 })).toMatchObject({ lotSize: 0.48, actualRisk: 99.36 });
    // 1.5-pip spread: per lot (20 + 1.5) × $10 = $215; 0.465 → 0.46; risk $98.90.
    expect(sizePosition({ ...base, entryPrice: 1.1, stopLoss: 1.098, spreadPips: 1.5 })).toMatchObject({ lotSize: 0.46, actualRisk: 98.9 });
  });

  it("returns 0 lots with the risk at the minimum lot instead of raising the size", () => {
    // $5 / (50 × $10) = 0.01 < minimum 0.10, which would risk 0.10 × $500 = $50.
    const result = sizePosition({ accountBalance: 1_000, riskPercent: 0.5, entryPrice: 1.1, stopLoss: 1.095, minLot: 0.1 });
    expect(result).toMatchObject({ lotSize: 0, units: 0, actualRisk: 0, orders: 0, riskAtMinLot: 50 });
    expect(result.warnings).toEqual([
      "The minimum lot (0.10) would risk $50.00, more than the $5.00 asked: 0 lots. Widen the risk or tighten the stop to trade.",
    ]);
  });

  it("sizes in steps of 0.001 and of 1 lot", () => {
    // $2 / $500 = 0.004 lots at step 0.001 (0 at the default 0.01).
    expect(sizePosition({ accountBalance: 200, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.095, lotStep: 0.001 }).lotSize).toBe(0.004);
    expect(sizePosition({ accountBalance: 200, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.095 }).lotSize).toBe(0);
    // $1,000 / $300 = 3.33 → 3 lots at step 1.
    expect(sizePosition({ accountBalance: 100_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.097, lotStep: 1 }).lotSize).toBe(3);
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, lotStep: 0.05 })).toBe("lotStep");
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, minLot: 0.015 })).toBe("minLot");
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, minLot: 1, maxLot: 0.5 })).toBe("maxLot");
  });

  it("splits a position above maxLot into orders", () => {
    // $1,000 / (10 pips × $10) = 10 lots; max 3 per order → 4 orders.
    const result = sizePosition({ accountBalance: 100_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.099, maxLot: 3 });
    expect(result).toMatchObject({ lotSize: 10, orders: 4 });
  });

  it("gives the margin and the largest position the balance allows", () => {
    // USDJPY in USD (base = account): 0.30 lots × 100,000 / 50 = $600; 10,000 × 50 / 100,000 = 5 lots.
    expect(sizePosition({ ...base, entryPrice: 150.25, stopLoss: 149.75, symbol: "USDJPY", leverage: 50 })).toMatchObject({
      marginRequired: 600,
      maxLotByMargin: 5,
    });
    // XAUUSD 1:100: 0.10 × 100 oz × $2,350 / 100 = $235; 10,000 × 100 / 235,000 = 4.255 → 4.25 lots.
    expect(sizePosition({ ...base, entryPrice: 2350, stopLoss: 2340, symbol: "XAUUSD", leverage: 100 })).toMatchObject({
      marginRequired: 235,
      maxLotByMargin: 4.25,
    });
    // 0.1-pip stop: 100 lots, far above what 1:10 margins (1.0 lots at EURUSD 1.0): warned, after the stop inside the spread.
    const heavy = sizePosition({ ...base, entryPrice: 1, stopLoss: 0.99999, leverage: 10 });
    expect(heavy.maxLotByMargin).toBe(1);
    expect(heavy.warnings[0]).toMatch(/^A 0\.1-pip stop is no wider than/);
    expect(heavy.warnings[1]).toMatch(/more than the balance: it allows at most 1\.00 lots/);
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, leverage: 1001 })).toBe("leverage");
  });

  it("rewards several targets, long and short", () => {
    // Short EURUSD 1.1000, stop 1.1020 (20 pips), 0.50 lots; target 1.0960 (40 pips): $200, rr 2.
    const short = sizePosition({ ...base, entryPrice: 1.1, stopLoss: 1.102, takeProfits: [{ price: 1.096, share: 100 }] });
    expect(short.targets).toEqual([{ price: 1.096, share: 100, reward: 200, rr: 2 }]);
    // Long, 0.50 lots: 1.1030 (30 pips, 40%) → 0.2 × 300 = $60, rr 1.5; 1.1060 (60 pips, 60%) → 0.3 × 600 = $180, rr 3.
    // Totals: $240, rr 0.4 × 1.5 + 0.6 × 3 = 2.4.
    const long = sizePosition({
      ...base,
      entryPrice: 1.1,
      stopLoss: 1.098,
      takeProfits: [
        { price: 1.103, share: 40 },
        { price: 1.106, share: 60 },
      ],
    });
    expect(long).toMatchObject({ totalReward: 240, totalRr: 2.4 });
    expect(long.targets.map((target) => [target.reward, target.rr])).toEqual([
      [60, 1.5],
      [180, 3],
    ]);
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.098, takeProfits: [{ price: 1.09, share: 100 }] })).toBe("takeProfits.0.price");
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.098, takeProfits: [{ price: 1.11, share: 33.3 }, { price: 1.12, share: 66.6 }] })).toBe(
      "takeProfits",
    );
  });

  it("sizes a custom instrument from its contract size, pip size and pip value", () => {
    // Index CFD: 1 contract, point 0.1 worth $0.10: stop 18,000 → 17,950 = 500 points → $50 per contract; $100 / $50 = 2.
    const result = sizePosition({ ...base, entryPrice: 18_000, stopLoss: 17_950, symbol: "custom", contractSize: 1, pipSize: 0.1, pipValue: 0.1, lotStep: 0.1 });
    expect(result).toMatchObject({ lotSize: 2, stopPips: 500, units: 2, symbol: "CUSTOM" });
    expect(fieldOf({ ...base, entryPrice: 18_000, stopLoss: 17_950, symbol: "CUSTOM", contractSize: 1, pipSize: 0.1 })).toBe("pipValue");
    expect(fieldOf({ ...base, entryPrice: 1.1, stopLoss: 1.09, symbol: "EURUSD", pipValue: 3 })).toBe("pipValue");
  });

  it("refuses a position above 10,000 lots or 1e9 units on the risk's field", () => {
    expect(fieldOf({ accountBalance: 1e12, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 })).toBe("accountBalance");
    expect(fieldOf({ accountBalance: 1e9, riskAmount: 1e8, entryPrice: 1.085, stopLoss: 1.08 })).toBe("riskAmount");
    // 10,000 lots exactly is allowed: $5,000,000 / (50 pips × $10).
    expect(sizePosition({ accountBalance: 1e9, riskAmount: 5e6, entryPrice: 1.085, stopLoss: 1.08 }).lotSize).toBe(10_000);
  });

  it("takes riskAmount instead of riskPercent, never both", () => {
    expect(sizePosition({ accountBalance: 10_000, riskAmount: 150, entryPrice: 1.1, stopLoss: 1.095 }).lotSize).toBe(0.3);
    expect(fieldOf({ accountBalance: 10_000, riskAmount: 150, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.095 })).toBe("riskAmount");
    expect(fieldOf({ accountBalance: 100, riskAmount: 150, entryPrice: 1.1, stopLoss: 1.095 })).toBe("riskAmount");
  });
});

describe("sizePosition — instrument hints", () => {
  it("says a yen price on the default instrument looks like a JPY pair, never a silent 0 lots", () => {
    const result = sizePosition({ ...base, entryPrice: 150.25, stopLoss: 149.75 });
    expect(result.lotSize).toBe(0);
    expect(result.warnings[0]).toBe(
      "Prices above 20 look like a JPY pair or a metal, not the default instrument (a pair quoted in USD, pip 0.0001); choose the instrument: likely USDJPY, EURJPY, GBPJPY, CHFJPY.",
    );
    expect(result.warnings[1]).toMatch(/^The minimum lot/);
    expect(likelyInstruments(2350)).toEqual(["XAUUSD"]);
  });

  it("flags an entry far from a catalogued symbol's range", () => {
    expect(sizePosition({ ...base, entryPrice: 150, stopLoss: 149.5, symbol: "EURUSD" }).warnings[0]).toMatch(/far from EURUSD's usual range/);
    expect(sizePosition({ ...base, entryPrice: 1.1, stopLoss: 1.09, symbol: "EURUSD" }).warnings).toEqual([]);
  });

  it("catalogues majors, minors, crosses and both metals", () => {
    expect(instrumentSpec("CHFJPY")).toMatchObject({ pipSize: 0.01, priceDecimals: 3, conversion: "conversion-rate" });
    expect(instrumentSpec("XAGUSD")).toMatchObject({ pipSize: 0.01, contractSize: 5_000, priceDecimals: 3 });
    expect(instrumentSpec("EURUSD", "EUR")).toMatchObject({ conversion: "inverse-entry" });
  });
});

describe("sizePosition — properties (fast-check)", () => {
  const symbols = [undefined, "EURUSD", "USDJPY", "XAUUSD", "XAGUSD"] as const;
  const arbitraryInput = fc.record({
    accountBalance: fc.integer({ min: 100, max: 10_000_000 }),
    riskTenthsPercent: fc.integer({ min: 1, max: 50 }),
    symbolIndex: fc.integer({ min: 0, max: symbols.length - 1 }),
    stopTenths: fc.integer({ min: 10, max: 20_000 }),
    spreadTenths: fc.integer({ min: 0, max: 50 }),
    commission: fc.integer({ min: 0, max: 20 }),
    lotStep: fc.constantFrom(...LOT_STEPS),
  });

  function toInput(v: typeof arbitraryInput extends fc.Arbitrary<infer T> ? T : never): PositionSizeInput {
    const symbol = symbols[v.symbolIndex];
    const entryPrice = symbol === "USDJPY" ? 150 : symbol === "XAUUSD" ? 2350 : symbol === "XAGUSD" ? 30 : 1.1;
    const pipSize = symbol === undefined || symbol === "EURUSD" ? 0.0001 : 0.01;
    const stop = Math.min(v.stopTenths / 10, (entryPrice * 0.5) / pipSize);
    return {
      accountBalance: v.accountBalance,
      riskPercent: v.riskTenthsPercent / 10,
      entryPrice,
      stopLoss: Number((entryPrice - stop * pipSize).toFixed(6)),
      symbol,
      spreadPips: v.spreadTenths / 10,
      commissionPerLot: v.commission,
      lotStep: v.lotStep,
    };
  }

  it("never risks more than asked, sizes in whole lot steps, and one more step would risk too much", () => {
    fc.assert(
      fc.property(arbitraryInput, (v) => {
        const input = toInput(v);
        let result;
        try {
          result = sizePosition(input);
        } catch (error) {
          expect((error as CalculatorInputError).field).toBe("accountBalance"); // the ceiling
          return;
        }
        expect(result.actualRisk).toBeLessThanOrEqual(result.riskAmount);
        const milli = Math.round(result.lotSize * 1000);
        expect(Math.abs(milli - result.lotSize * 1000)).toBeLessThan(1e-6);
        expect(milli % Math.round(v.lotStep * 1000)).toBe(0);
        const riskPerLot = (result.stopPips + (input.spreadPips ?? 0)) * result.pipValuePerLot + (input.commissionPerLot ?? 0);
        expect((result.lotSize + v.lotStep) * riskPerLot).toBeGreaterThan(result.riskAmount * (1 - 1e-6) - 0.005);
      }),
      { numRuns: 400, seed: 12 },
    );
  });

  it("gives exactly k lot steps when the risk is exactly k steps' worth (no float loss)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 999 }), fc.constantFrom(...LOT_STEPS), (k, stopPips, lotStep) => {
        const lots = k * lotStep;
        fc.pre(lots <= 10_000);
        // EURUSD-like default: $10 per pip per lot.
        const riskAmount = Number((lots * stopPips * 10).toPrecision(15));
        const result = sizePosition({ accountBalance: 1e12, riskAmount, entryPrice: 1.5, stopLoss: Number((1.5 - stopPips / 10_000).toFixed(4)), lotStep });
        expect(Math.round(result.lotSize / lotStep)).toBe(k);
      }),
      { numRuns: 400, seed: 34 },
    );
  });
});

describe("a stop inside the spread", () => {
  it("warns when the stop is no wider than the instrument's typical spread, or the spread entered", () => {
    // The case: a 0.1-pip stop on the default instrument sizes 100 lots on $10,000.
    const tiny = sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.09999 });
    expect(tiny.lotSize).toBe(100);
    expect(tiny.warnings).toContain("A 0.1-pip stop is no wider than a major pair's typical spread of about 1.5 pips: the spread alone could close the trade. Check the stop before trading this size.");
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.09985, symbol: "EURUSD" }).warnings[0]).toMatch(/^A 1\.5-pip stop is no wider than EURUSD's typical spread of about 1\.5 pips/);
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 160, stopLoss: 159.975, symbol: "GBPJPY", conversionRate: 0.0065 }).warnings[0]).toMatch(/GBPJPY's typical spread of about 3 pips/);
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 2400, stopLoss: 2399.8, symbol: "XAUUSD" }).warnings[0]).toMatch(/^A 20\.0-pip stop is no wider than XAUUSD's typical spread of about 30 pips/);
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.0997, spreadPips: 4 }).warnings[0]).toMatch(/^A 3\.0-pip stop is no wider than the 4\.0-pip spread entered/);
  });

  it("does not warn for a stop wider than the spread", () => {
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.0984, symbol: "EURUSD" }).warnings).toEqual([]);
    expect(sizePosition({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.0996, spreadPips: 1 }).warnings).toEqual([]);
  });
});
