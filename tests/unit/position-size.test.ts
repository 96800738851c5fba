import { describe, expect, it } from "vitest";

import { CalculatorInputError } from "~/domain/calculator-error";
import { instrumentSpec, requiresConversionRate } from "~/domain/instruments";
import {
  calculatePositionSize,
  stopDistancePips,
  type PositionSizeInput,
  type PositionSizeResult,
} from "~/domain/position-size";

function expectInputError(input: PositionSizeInput, field: string) {
  let caught: unknown;
  try {
    calculatePositionSize(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(CalculatorInputError);
  expect((caught as CalculatorInputError).field).toBe(field);
  return caught as CalculatorInputError;
}

function expectAllFinite(result: PositionSizeResult) {
  for (const key of ["lotSize", "riskAmount", "stopPips", "pipValuePerLot", "units", "actualRisk"] as const) {
    expect(Number.isFinite(result[key]), `${key} = ${result[key]}`).toBe(true);
    expect(result[key]).toBeGreaterThanOrEqual(0);
  }
}

describe("calculatePositionSize — worked cases", () => {
  it("default instrument: 10,000 / 1% / 1.0850 / 1.0800 → 0.20 lots, $100 risk, 50 pips", () => {
    const result = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 });
    expect(result).toEqual({
      lotSize: 0.2,
      riskAmount: 100,
      stopPips: 50,
      pipValuePerLot: 10,
      units: 20_000,
      actualRisk: 100,
    });
    expect(result).not.toHaveProperty("symbol");
  });

  it("USDJPY 10,000 / 2% / 150.00 / 149.40 → 0.50 lots (quote converted at the entry price)", () => {
    const result = calculatePositionSize({
      accountBalance: 10_000,
      riskPercent: 2,
      entryPrice: 150,
      stopLoss: 149.4,
      symbol: "USDJPY",
    });
    expect(result.lotSize).toBe(0.5);
    expect(result.riskAmount).toBe(200);
    expect(result.stopPips).toBe(60);
    expect(result.pipValuePerLot).toBeCloseTo(1000 / 150, 4);
    expect(result.units).toBe(50_000);
    expect(result.actualRisk).toBe(200);
    expect(result.symbol).toBe("USDJPY");
  });

  it("XAUUSD 10,000 / 1% / 2350 / 2335 → 0.06 lots (100 oz per lot, pip 0.01)", () => {
    const result = calculatePositionSize({
      accountBalance: 10_000,
      riskPercent: 1,
      entryPrice: 2350,
      stopLoss: 2335,
      symbol: "XAUUSD",
    });
    expect(result.lotSize).toBe(0.06);
    expect(result.stopPips).toBe(1500);
    expect(result.pipValuePerLot).toBe(1);
    expect(result.units).toBe(6);
    expect(result.actualRisk).toBe(90);
  });

  it("EURGBP 25,000 / 1% / 0.8500 / 0.8530 with conversionRate 1.27 → 0.65 lots", () => {
    const result = calculatePositionSize({
      accountBalance: 25_000,
      riskPercent: 1,
      entryPrice: 0.85,
      stopLoss: 0.853,
      symbol: "EURGBP",
      conversionRate: 1.27,
    });
    expect(result.lotSize).toBe(0.65);
    expect(result.riskAmount).toBe(250);
    expect(result.stopPips).toBe(30);
    expect(result.pipValuePerLot).toBe(12.7);
    expect(result.actualRisk).toBe(247.65);
  });

  it("USDCHF 50,000 / 1% / 0.9000 / 0.8975 → 1.80 lots (float noise removed before flooring)", () => {
    const result = calculatePositionSize({
      accountBalance: 50_000,
      riskPercent: 1,
      entryPrice: 0.9,
      stopLoss: 0.8975,
      symbol: "USDCHF",
    });
    expect(result.lotSize).toBe(1.8);
    expect(result.stopPips).toBe(25);
    expect(result.units).toBe(180_000);
    expect(result.actualRisk).toBe(500);
  });
});

describe("calculatePositionSize — rounding", () => {
  it("never loses a hundredth of a lot to float noise (0.01 … 5.00 lots exactly)", () => {
    for (let hundredths = 1; hundredths <= 500; hundredths++) {
      // 50-pip stop on a USD-quoted pair: $500 of risk per lot.
      const riskAmount = (hundredths / 100) * 500;
      const result = calculatePositionSize({
        accountBalance: 100_000,
        riskPercent: riskAmount / 1000,
        entryPrice: 1.1,
        stopLoss: 1.095,
      });
      expect(Math.round(result.lotSize * 100), `${hundredths / 100} lots`).toBe(hundredths);
    }
  });

  it("rounds lots DOWN to the 0.01 step", () => {
    // 100 / (30 pips × $10) = 0.3333 lots → 0.33
    const result = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.2, stopLoss: 1.197 });
    expect(result.lotSize).toBe(0.33);
    expect(result.actualRisk).toBe(99);
  });

  it("rounds the stop distance to 0.1 pip before sizing", () => {
    expect(stopDistancePips(1.085, 1.080004)).toBe(50); // 49.96 pips
    expect(stopDistancePips(1.085, 1.08004)).toBe(49.6);
    expect(stopDistancePips(150, 149.955, "USDJPY")).toBe(4.5);
    const result = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.080004 });
    expect(result.stopPips).toBe(50);
    expect(result.lotSize).toBe(0.2);
  });

  it("treats a short (stop above entry) like a long of the same distance", () => {
    const long = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 });
    const short = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.08, stopLoss: 1.085 });
    expect(short.lotSize).toBe(long.lotSize);
    expect(short.stopPips).toBe(long.stopPips);
  });

  it("rounds riskAmount and actualRisk to cents", () => {
    const result = calculatePositionSize({ accountBalance: 12_345.67, riskPercent: 1.5, entryPrice: 1.3, stopLoss: 1.2963 });
    expect(result.riskAmount).toBe(185.19);
    expect(Math.round(result.actualRisk * 100) / 100).toBe(result.actualRisk);
    expect(result.actualRisk).toBeLessThanOrEqual(result.riskAmount);
  });
});

describe("calculatePositionSize — edge cases", () => {
  it("a tiny stop gives a large position", () => {
    // 0.1 pip stop: $100 / (0.1 × $10) = 100 lots
    const result = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08499 });
    expect(result.stopPips).toBe(0.1);
    expect(result.lotSize).toBe(100);
    expect(result.units).toBe(10_000_000);
  });

  it("a risk smaller than 0.01 lot gives 0 lots, 0 units and 0 actual risk", () => {
    const result = calculatePositionSize({ accountBalance: 100, riskPercent: 0.1, entryPrice: 1.085, stopLoss: 1.08 });
    expect(result).toMatchObject({ lotSize: 0, units: 0, actualRisk: 0, riskAmount: 0.1 });
    expectAllFinite(result);
  });

  it("rejects a stop closer than 0.1 pip (no division by zero) on stopLoss", () => {
    expectInputError({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.085001 }, "stopLoss");
    expectInputError({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.085 }, "stopLoss");
  });

  it("rejects out-of-range and non-finite inputs naming the field", () => {
    const ok = { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 };
    expectInputError({ ...ok, accountBalance: 0 }, "accountBalance");
    expectInputError({ ...ok, accountBalance: Number.NaN }, "accountBalance");
    expectInputError({ ...ok, riskPercent: 101 }, "riskPercent");
    expectInputError({ ...ok, riskPercent: -1 }, "riskPercent");
    expectInputError({ ...ok, entryPrice: Number.POSITIVE_INFINITY }, "entryPrice");
    expectInputError({ ...ok, stopLoss: -1.08 }, "stopLoss");
    expectInputError({ ...ok, conversionRate: 0 }, "conversionRate");
  });

  it("requires conversionRate for a cross, naming conversionRate", () => {
    const error = expectInputError(
      { accountBalance: 25_000, riskPercent: 1, entryPrice: 0.85, stopLoss: 0.853, symbol: "EURGBP" },
      "conversionRate",
    );
    expect(error.message).toMatch(/Conversion rate/);
    expectInputError({ accountBalance: 25_000, riskPercent: 1, entryPrice: 160, stopLoss: 159.5, symbol: "EURJPY" }, "conversionRate");
  });

  it("lets conversionRate override the rate for any pair, and for no symbol", () => {
    const usdjpy = calculatePositionSize({
      accountBalance: 10_000,
      riskPercent: 2,
      entryPrice: 150,
      stopLoss: 149.4,
      symbol: "USDJPY",
      conversionRate: 0.01,
    });
    expect(usdjpy.pipValuePerLot).toBe(10); // 1000 JPY × 0.01
    expect(usdjpy.lotSize).toBe(0.33);
    const plain = calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08, conversionRate: 0.5 });
    expect(plain.pipValuePerLot).toBe(5);
    expect(plain.lotSize).toBe(0.4);
  });

  it("normalises the symbol and rejects unsupported ones on symbol", () => {
    expect(calculatePositionSize({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08, symbol: " eurusd " }).symbol).toBe(
      "EURUSD",
    );
    const base = { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 };
    expectInputError({ ...base, symbol: "EURO" }, "symbol");
    expectInputError({ ...base, symbol: "EUR/USD" }, "symbol");
    expectInputError({ ...base, symbol: "USDUSD" }, "symbol");
    expectInputError({ ...base, symbol: "XPTUSD" }, "symbol");
  });

  it("knows pip sizes, contract sizes and conversions per instrument", () => {
    expect(instrumentSpec()).toMatchObject({ pipSize: 0.0001, contractSize: 100_000, conversion: "direct" });
    expect(instrumentSpec("GBPUSD")).toMatchObject({ pipSize: 0.0001, contractSize: 100_000, conversion: "direct" });
    expect(instrumentSpec("USDJPY")).toMatchObject({ pipSize: 0.01, contractSize: 100_000, conversion: "inverse-entry" });
    expect(instrumentSpec("USDCAD")).toMatchObject({ pipSize: 0.0001, conversion: "inverse-entry" });
    expect(instrumentSpec("EURJPY")).toMatchObject({ pipSize: 0.01, conversion: "conversion-rate" });
    expect(instrumentSpec("XAUUSD")).toMatchObject({ pipSize: 0.01, contractSize: 100, conversion: "direct" });
    expect(requiresConversionRate("EURGBP")).toBe(true);
    expect(requiresConversionRate("EURUSD")).toBe(false);
    expect(requiresConversionRate("USDCHF")).toBe(false);
    expect(requiresConversionRate(undefined)).toBe(false);
  });

  it("returns finite, non-negative numbers with actualRisk ≤ riskAmount across many inputs", () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const symbols = [undefined, "EURUSD", "USDJPY", "USDCHF", "XAUUSD", "EURGBP"];
    for (let i = 0; i < 2000; i++) {
      const symbol = symbols[i % symbols.length];
      const entryPrice = symbol === "USDJPY" ? 100 + rand() * 60 : symbol === "XAUUSD" ? 1500 + rand() * 1500 : 0.5 + rand();
      const distance = (symbol === "USDJPY" || symbol === "XAUUSD" ? 0.01 : 0.0001) * (0.1 + Math.floor(rand() * 5000) / 10);
      const input = {
        accountBalance: Math.round(rand() * 10_000_000) / 100 + 0.01,
        riskPercent: Math.max(0.01, Math.round(rand() * 10_000) / 100),
        entryPrice,
        stopLoss: entryPrice - distance,
        symbol,
        conversionRate: symbol === "EURGBP" ? 1 + rand() : undefined,
      };
      let result: PositionSizeResult;
      try {
        result = calculatePositionSize(input);
      } catch (error) {
        // Only the 10,000-lot ceiling may refuse these inputs, and only when the unrounded size is above it.
        expect(error).toBeInstanceOf(CalculatorInputError);
        expect((error as CalculatorInputError).field).toBe("accountBalance");
        const spec = instrumentSpec(symbol);
        const pipValue = spec.pipSize * spec.contractSize * (input.conversionRate ?? (symbol === "USDJPY" || symbol === "USDCHF" ? 1 / entryPrice : 1));
        const stop = Math.round((distance / spec.pipSize) * 10) / 10;
        expect((input.accountBalance * input.riskPercent) / 100 / (stop * pipValue)).toBeGreaterThan(9_999);
        continue;
      }
      expectAllFinite(result);
      expect(result.actualRisk).toBeLessThanOrEqual(result.riskAmount);
    }
  });
});
