/**
 * POST /api/calculators/position-size and /api/calculators/risk-of-ruin,
 * calling the route modules' action and loader with real Request objects.
 */
import { describe, expect, it } from "vitest";

import * as positionSizeRoute from "~/routes/api.calculators.position-size";
import * as riskOfRuinRoute from "~/routes/api.calculators.risk-of-ruin";
import { jsonRequest, routeArgs } from "../support/http";

const POSITION_URL = "http://localhost/api/calculators/position-size";
const RUIN_URL = "http://localhost/api/calculators/risk-of-ruin";

function post(url: string, body: unknown, contentType = "application/json"): Request {
  return jsonRequest(url, body, { headers: { "Content-Type": contentType } });
}

type Route = typeof positionSizeRoute | typeof riskOfRuinRoute;

async function call(route: Route, request: Request) {
  const args = routeArgs(request);
  const response = request.method === "GET" ? await route.loader(args) : await route.action(args);
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
    expect(body).toEqual({ lotSize: 0.2, riskAmount: 100, stopPips: 50, pipValuePerLot: 10, units: 20_000, actualRisk: 100 });
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

describe("POST /api/calculators/risk-of-ruin", () => {
  it("200 with riskOfRuin and riskLevel", async () => {
    const { status, body } = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 60, riskReward: 1, riskPerTrade: 10 }));
    expect(status).toBe(200);
    expect(body).toEqual({ riskOfRuin: 1.734, riskLevel: "Low" });
  });

  it("200 for each band", async () => {
    const moderate = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 50, riskReward: 2, riskPerTrade: 20 }));
    expect(moderate.body).toEqual({ riskOfRuin: 9.017, riskLevel: "Moderate" });
    const high = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: "40", riskReward: "1.5", riskPerTrade: "1" }));
    expect(high.body).toEqual({ riskOfRuin: 100, riskLevel: "High" });
  });

  it("400 naming missing and out-of-range fields", async () => {
    const missing = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 55, riskReward: 1.5 }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "riskPerTrade", message: "Risk per trade is required" }]);
    const range = await call(riskOfRuinRoute, post(RUIN_URL, { winRate: 120, riskReward: -1, riskPerTrade: 0 }));
    expect(range.status).toBe(400);
    expect(fieldsOf(range.body)).toEqual(["winRate", "riskReward", "riskPerTrade"]);
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
