/**
 * POST /api/calculators/position-size and /api/calculators/risk-of-ruin,
 * calling the route modules' action and loader with real Request objects.
 */
import { describe, expect, it } from "vitest";

import * as positionSizeRoute from "~/routes/api.calculators.position-size";
import * as riskOfRuinRoute from "~/routes/api.calculators.risk-of-ruin";
import { checkApiResponse, jsonRequest, routeArgs } from "../support/http";

const POSITION_URL = "http://localhost/api/calculators/position-size";
const RUIN_URL = "http://localhost/api/calculators/risk-of-ruin";

function post(url: string, body: unknown, contentType = "application/json"): Request {
  return jsonRequest(url, body, { headers: { "Content-Type": contentType } });
}

type Route = typeof positionSizeRoute | typeof riskOfRuinRoute;

async function call(route: Route, request: Request) {
  const args = routeArgs(request);
  const response = request.method === "GET" ? await route.loader(args) : await route.action(args);
  await checkApiResponse(request, response);
  const text = await response.text();
  expect(text).not.toMatch(/NaN|Infinity/);
  return { response, status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

function fieldsOf(body: Record<string, unknown>): string[] {
  return (body.errors as Array<{ field: string; message: string }>).map((e) => e.field);
}

describe("POST /api/calculators/position-size", () => {
  it("200 with the documented fields for the default instrument", async () => {
    const { status, response, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 }),
    );
    expect(status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(body).toMatchObject({ lotSize: 0.2, riskAmount: 100, stopPips: 50, pipValuePerLot: 10, units: 20_000, actualRisk: 100 });
    expect(body).not.toHaveProperty("symbol");
    expect(body).toMatchObject({
      accountCurrency: "USD",
      lotStep: 0.01,
      orders: 1,
      riskAtMinLot: null,
      marginRequired: null,
      maxLotByMargin: null,
      targets: [],
      totalReward: null,
      totalRr: null,
      warnings: [],
      explanation: "Risking $100.00 with a 50.0-pip stop at $10.00 per pip per lot gives 0.20 lots",
    });
  });

  it("200 for a symbol, with string numbers and a lower-case symbol", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: "50000", riskPercent: "1", entryPrice: "0.9000", stopLoss: "0.8975", symbol: "usdchf" }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ lotSize: 1.8, stopPips: 25, units: 180_000, symbol: "USDCHF" });
  });

  it("200 for a cross with conversionRate", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 25_000, riskPercent: 1, entryPrice: 0.85, stopLoss: 0.853, symbol: "EURGBP", conversionRate: 1.27 }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ lotSize: 0.65, symbol: "EURGBP" });
  });

  it("400 naming a missing field", async () => {
    const { status, response, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085 }),
    );
    expect(status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ status: 400, title: "Invalid request" });
    expect(body.errors).toEqual([{ field: "stopLoss", message: "Stop loss is required" }]);
    expect(body.detail).toContain("stopLoss");
  });

  it("400 naming a negative balance", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: -10, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "accountBalance", message: "Account balance must be greater than 0" }]);
  });

  it("400 on stopLoss when entry equals stop", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.085 }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "stopLoss", message: "Stop loss must differ from the entry price" }]);
  });

  it("400 naming conversionRate for a cross without one", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 25_000, riskPercent: 1, entryPrice: 0.85, stopLoss: 0.853, symbol: "EURGBP" }),
    );
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["conversionRate"]);
    expect(body.detail).toMatch(/conversionRate/);
  });

  it("400 for non-numbers and a non-object body", async () => {
    const strings = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: "lots", riskPercent: "", entryPrice: null, stopLoss: "1e999" }),
    );
    expect(strings.status).toBe(400);
    expect(new Set(fieldsOf(strings.body))).toEqual(new Set(["accountBalance", "riskPercent", "entryPrice", "stopLoss"]));
    const array = await call(positionSizeRoute, post(POSITION_URL, "[1,2,3]"));
    expect(array.status).toBe(400);
    expect(fieldsOf(array.body)).toEqual(["body"]);
  });

  it("415 for a non-JSON content type", async () => {
    const { status, body } = await call(positionSizeRoute, post(POSITION_URL, "accountBalance=1", "application/x-www-form-urlencoded"));
    expect(status).toBe(415);
    expect(body.status).toBe(415);
  });

  it("400 for malformed JSON", async () => {
    const { status, body } = await call(positionSizeRoute, post(POSITION_URL, '{"accountBalance": 10000,'));
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "body", message: "Invalid JSON" }]);
  });

  it("405 with Allow: POST for GET and other methods", async () => {
    const get = await call(positionSizeRoute, new Request(POSITION_URL));
    expect(get.status).toBe(405);
    expect(get.response.headers.get("Allow")).toBe("POST");
    const put = await call(positionSizeRoute, new Request(POSITION_URL, { method: "PUT", body: "{}", headers: { "Content-Type": "application/json" } }));
    expect(put.status).toBe(405);
  });
});

describe("POST /api/calculators/position-size — extended request", () => {
  it("200 with costs, broker limits, margin and targets", async () => {
    // EURUSD, 10,000 USD, 1%, 20-pip stop, 1-pip spread, $7 commission per lot, 1:30, two targets.
    // Risk per lot = (20 + 1) × $10 + $7 = $217 → $100 / $217 = 0.4608 → 0.46 lots; actual risk 0.46 × 217 = $99.82.
    // Margin: 0.46 × 100,000 × 1.1 / 30 = $1,686.67; max by margin: 10,000 × 30 / 110,000 = 2.727 → 2.72 lots.
    // Target 1.1040 (40 pips, 50%): (40 − 1) × $10 − $7 = $383 per lot → 0.23 lots × 383 = $88.09, rr 383 / 217 = 1.76.
    // Target 1.1080 (80 pips, 50%): $783 per lot → $180.09, rr 3.61; total $268.18, rr (1.765 + 3.608) / 2 = 2.69.
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, {
        accountBalance: 10_000,
        riskPercent: 1,
        entryPrice: 1.1,
        stopLoss: 1.098,
        symbol: "EURUSD",
        spreadPips: 1,
        commissionPerLot: 7,
        leverage: 30,
        takeProfits: [
          { price: 1.104, share: 50 },
          { price: "1.1080", share: "50" },
        ],
      }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      lotSize: 0.46,
      actualRisk: 99.82,
      marginRequired: 1686.67,
      maxLotByMargin: 2.72,
      orders: 1,
      targets: [
        { price: 1.104, share: 50, reward: 88.09, rr: 1.76 },
        { price: 1.108, share: 50, reward: 180.09, rr: 3.61 },
      ],
      totalReward: 268.18,
      totalRr: 2.69,
      warnings: [],
    });
    expect(body.explanation).toBe(
      "Risking $100.00 with a 20.0-pip stop plus a 1.0-pip spread and $7.00 commission per lot, at $10.00 per pip per lot gives 0.46 lots",
    );
  });

  it("200 with riskAmount, an account currency and the orders above maxLot", async () => {
    // EURUSD in a EUR account (base = account): pip value = 10 USD / 1.25 = €8 per lot.
    // €5,000 / (25 pips × €8) = 25 lots; at most 10 per order → 3 orders.
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 100_000, riskAmount: 5_000, entryPrice: 1.25, stopLoss: 1.2475, symbol: "EURUSD", accountCurrency: "eur", maxLot: 10 }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ lotSize: 25, pipValuePerLot: 8, riskAmount: 5_000, accountCurrency: "EUR", orders: 3 });
    expect(body.warnings).toEqual(["25.00 lots is above the maximum of 10.00 lots per order: place 3 orders."]);
  });

  it("200 with 0 lots and a warning for a yen price on the default instrument", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 150.25, stopLoss: 149.75 }),
    );
    expect(status).toBe(200);
    expect(body.lotSize).toBe(0);
    const warnings = body.warnings as string[];
    expect(warnings[0]).toMatch(/look like a JPY pair or a metal.*likely USDJPY, EURJPY/);
    expect(warnings[1]).toMatch(/^The minimum lot \(0\.01\) would risk \$500\.00, more than the \$100\.00 asked/);
  });

  it("400 naming each new field that is out of range", async () => {
    const { status, body } = await call(
      positionSizeRoute,
      post(POSITION_URL, {
        accountBalance: 10_000,
        riskPercent: 1,
        entryPrice: 1.1,
        stopLoss: 1.098,
        accountCurrency: "BTC",
        commissionPerLot: -1,
        spreadPips: 20_000,
        lotStep: 0.05,
        minLot: 0,
        maxLot: 20_000,
        leverage: 2_000,
        takeProfits: [{ price: 0, share: 150 }],
      }),
    );
    expect(status).toBe(400);
    expect(new Set(fieldsOf(body))).toEqual(
      new Set([
        "accountCurrency",
        "commissionPerLot",
        "spreadPips",
        "lotStep",
        "minLot",
        "maxLot",
        "leverage",
        "takeProfits.0.price",
        "takeProfits.0.share",
      ]),
    );
  });

  it("400 on the ceiling, on both risks, on shares and on a cross without its rate", async () => {
    const huge = await call(positionSizeRoute, post(POSITION_URL, { accountBalance: 1e12, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 }));
    expect(huge.status).toBe(400);
    expect(fieldsOf(huge.body)).toEqual(["accountBalance"]);
    expect((huge.body.errors as Array<{ message: string }>)[0].message).toMatch(/ceiling of 10,000 lots/);

    const both = await call(positionSizeRoute, post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, riskAmount: 50, entryPrice: 1.1, stopLoss: 1.09 }));
    expect(fieldsOf(both.body)).toEqual(["riskAmount"]);
    const neither = await call(positionSizeRoute, post(POSITION_URL, { accountBalance: 10_000, entryPrice: 1.1, stopLoss: 1.09 }));
    expect(neither.body.errors).toEqual([{ field: "riskPercent", message: "Risk percent is required" }]);

    const shares = await call(
      positionSizeRoute,
      post(POSITION_URL, { ...{ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.1, stopLoss: 1.09 }, takeProfits: [{ price: 1.11, share: 60 }, { price: 1.12, share: 30 }] }),
    );
    expect(shares.body.errors).toEqual([{ field: "takeProfits", message: "Take-profit shares must add up to 100" }]);

    const cross = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 0.85, stopLoss: 0.853, symbol: "EURGBP", accountCurrency: "JPY" }),
    );
    expect(cross.body.errors).toEqual([
      { field: "conversionRate", message: "Conversion rate is required for EURGBP in a JPY account: enter the GBPJPY rate, JPY per GBP" },
    ]);
  });

  it("400 naming the custom instrument's missing fields, 200 once given", async () => {
    const missing = await call(positionSizeRoute, post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 18_000, stopLoss: 17_950, symbol: "custom" }));
    expect(new Set(fieldsOf(missing.body))).toEqual(new Set(["contractSize", "pipSize", "pipValue"]));
    // An index CFD: 1 point = $1 per contract; 50-point stop → $100 / $50 = 2 contracts.
    const given = await call(
      positionSizeRoute,
      post(POSITION_URL, { accountBalance: 10_000, riskPercent: 1, entryPrice: 18_000, stopLoss: 17_950, symbol: "custom", contractSize: 1, pipSize: 1, pipValue: 1, lotStep: 1 }),
    );
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ lotSize: 2, units: 2, stopPips: 50, symbol: "CUSTOM", actualRisk: 100 });
  });
});

describe("POST /api/calculators/risk-of-ruin", () => {
  it("200 with riskOfRuin and riskLevel", async () => {
    const { status, body } = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 60, riskReward: 1, riskPerTrade: 10 }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ riskOfRuin: 1.734, riskLevel: "Low" });
    // (0.4/0.6)^(X/10) for X = 10, 20, 50: 66.667%, 44.444%, 13.169%.
    expect(body).toMatchObject({
      ruinDrawdown: 100,
      expectancyR: 0.2,
      kellyFraction: 0.2,
      belowStartProbabilities: { "10": 66.667, "20": 44.444, "50": 13.169 },
      drawdownHorizonTrades: 500,
      method: "closed-form",
    });
    const fixedFractional = body.fixedFractional as Record<string, unknown>;
    expect(fixedFractional).toMatchObject({ riskOfRuin: 0, method: "monte-carlo", paths: 100_000 });
    expect(typeof fixedFractional.seed).toBe("number");
  });

  it("answers the odds of a drawdown from a peak as traders mean it, apart from a fall below the starting balance", async () => {
    const { body } = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 55, riskReward: 1.5, riskPerTrade: 1 }));
    const fixedFractional = body.fixedFractional as { drawdownProbabilities: Record<string, number>; belowStartProbabilities: Record<string, number> };
    // Risking 1% of equity, a 10% fall below the peak within 500 trades: about 28–29% (an independent simulation of
    // 20,000 accounts gave 28.4%), where a fall 10% below the starting balance is about 0.5%.
    expect(fixedFractional.drawdownProbabilities["10"]).toBeGreaterThan(27.5);
    expect(fixedFractional.drawdownProbabilities["10"]).toBeLessThan(30);
    expect(fixedFractional.belowStartProbabilities["10"]).toBeLessThan(1);
    expect((body.belowStartProbabilities as Record<string, number>)["10"]).toBe(0.708);
  });

  it("200 for each band", async () => {
    const moderate = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 50, riskReward: 2, riskPerTrade: 20 }));
    expect(moderate.body).toMatchObject({ riskOfRuin: 9.017, riskLevel: "Moderate" });
    const high = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: "40", riskReward: "1.5", riskPerTrade: "1" }));
    expect(high.body).toMatchObject({ riskOfRuin: 100, riskLevel: "High", expectancyR: 0, kellyFraction: 0 });
  });

  it("400 naming missing and out-of-range fields", async () => {
    const missing = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 55, riskReward: 1.5 }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "riskPerTrade", message: "Risk per trade is required" }]);
    const range = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 120, riskReward: -1, riskPerTrade: 0 }));
    expect(range.status).toBe(400);
    expect(fieldsOf(range.body)).toEqual(["winRate", "riskReward", "riskPerTrade"]);
  });

  it("ruinDrawdown moves the ruin barrier; 400 when out of range", async () => {
    // (60%, 1R, 10%) with ruin at a 30% drawdown: (0.4/0.6)^3 = 29.630%.
    const { status, body } = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 60, riskReward: 1, riskPerTrade: 10, ruinDrawdown: 30 }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ riskOfRuin: 29.63, riskLevel: "High", ruinDrawdown: 30 });
    const bad = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 60, riskReward: 1, riskPerTrade: 10, ruinDrawdown: 0 }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "ruinDrawdown", message: "Ruin drawdown must be greater than 0" }]);
  });

  it("415, 400 (malformed) and 405 like the other endpoint", async () => {
    expect((await call(riskOfRuinRoute, post(RUIN_URL, "winRate=50", "text/plain"))).status).toBe(415);
    expect((await call(riskOfRuinRoute, post(RUIN_URL, "{not json"))).status).toBe(400);
    const get = await call(riskOfRuinRoute, new Request(RUIN_URL));
    expect(get.status).toBe(405);
    expect(get.response.headers.get("Allow")).toBe("POST");
  });

  it("never returns NaN or Infinity for extreme valid inputs", async () => {
    for (const body of [
      { winRate: 100, riskReward: 1e-9, riskPerTrade: 1e-9 },
      { winRate: 0, riskReward: 1e300, riskPerTrade: 100 },
      { winRate: 50, riskReward: 1.0000001, riskPerTrade: 0.001 },
    ]) {
      const result = await call(riskOfRuinRoute, post(RUIN_URL, body));
      expect(result.status).toBe(200);
      expect(Number.isFinite(result.body.riskOfRuin)).toBe(true);
    }
  });
});
