/**
 * The /tools route action: native form posts (what a browser without
 * JavaScript sends, and what the fetchers send) for both calculators.
 */
import { describe, expect, it } from "vitest";

import { action, meta } from "~/routes/tools";
import { formRequest, jsonRequest, routeArgs } from "../support/http";

function form(fields: Record<string, string>): Request {
  return formRequest("http://localhost/tools", fields);
}

async function submit(request: Request) {
  const response = await action(routeArgs(request));
  const text = await response.text();
  expect(text).not.toMatch(/NaN|Infinity/);
  return { status: response.status, data: JSON.parse(text) as any };
}

const position = { intent: "position-size", accountBalance: "10000", riskPercent: "1", entryPrice: "1.0850", stopLoss: "1.0800", symbol: "", conversionRate: "" };
const ruin = { intent: "risk-of-ruin", winRate: "50", riskReward: "2", riskPerTrade: "20" };

describe("tools action — position-size", () => {
  it("returns the result and a successful submission", async () => {
    const { status, data } = await submit(form(position));
    expect(status).toBe(200);
    expect(data.intent).toBe("position-size");
    expect(data.data).toMatchObject({
      intent: "position-size",
      result: { lotSize: 0.2, riskAmount: 100, stopPips: 50, pipValuePerLot: 10, units: 20_000, actualRisk: 100 },
    });
    expect(data.submission.status).toBe("success");
    // The submitted values come back so the no-JS page can refill the form.
    expect(data.submission.initialValue).toMatchObject({ accountBalance: "10000", entryPrice: "1.0850" });
  });

  it("sizes a symbol (XAUUSD) sent from the select", async () => {
    const { status, data } = await submit(form({ ...position, symbol: "XAUUSD", entryPrice: "2350", stopLoss: "2335" }));
    expect(status).toBe(200);
    expect(data.data.result).toMatchObject({ lotSize: 0.06, symbol: "XAUUSD" });
  });

  it("400 with field errors and no result", async () => {
    const { status, data } = await submit(form({ ...position, accountBalance: "", riskPercent: "-2", stopLoss: "1.0850" }));
    expect(status).toBe(400);
    expect(data.intent).toBe("position-size");
    expect(data.data).toBeUndefined();
    expect(data.submission.status).toBe("error");
    expect(data.submission.error).toMatchObject({
      accountBalance: ["Account balance is required"],
      riskPercent: ["Risk percent must be greater than 0"],
    });
  });

  it("400 on stopLoss when entry equals stop, and on conversionRate for a cross without one", async () => {
    const same = await submit(form({ ...position, stopLoss: "1.085" }));
    expect(same.status).toBe(400);
    expect(same.data.submission.error).toEqual({ stopLoss: ["Stop loss must differ from the entry price"] });
    const cross = await submit(form({ ...position, symbol: "EURGBP", entryPrice: "0.8500", stopLoss: "0.8530" }));
    expect(cross.status).toBe(400);
    expect(Object.keys(cross.data.submission.error)).toEqual(["conversionRate"]);
    const withRate = await submit(form({ ...position, symbol: "EURGBP", entryPrice: "0.8500", stopLoss: "0.8530", accountBalance: "25000", conversionRate: "1.27" }));
    expect(withRate.status).toBe(200);
    expect(withRate.data.data.result.lotSize).toBe(0.65);
  });
});

describe("tools action — risk-of-ruin", () => {
  it("returns the risk of ruin and its level", async () => {
    const { status, data } = await submit(form(ruin));
    expect(status).toBe(200);
    expect(data.intent).toBe("risk-of-ruin");
    expect(data.data).toMatchObject({ intent: "risk-of-ruin", result: { riskOfRuin: 9.017, riskLevel: "Moderate" } });
    expect(data.submission.status).toBe("success");
  });

  it("400 with field errors", async () => {
    const { status, data } = await submit(form({ ...ruin, winRate: "abc", riskReward: "0", riskPerTrade: "150" }));
    expect(status).toBe(400);
    expect(data.data).toBeUndefined();
    expect(data.submission.error).toEqual({
      winRate: ["Win rate must be a number"],
      riskReward: ["Risk reward must be greater than 0"],
      riskPerTrade: ["Risk per trade must be at most 100"],
    });
  });
});

describe("tools action — bad requests never 500", () => {
  it("400 with a message for an unknown or missing intent", async () => {
    for (const intent of ["bogus", ""]) {
      const { status, data } = await submit(form({ ...ruin, intent }));
      expect(status).toBe(400);
      expect(data.data).toBeUndefined();
      expect(data.submission.error.intent).toEqual([expect.stringMatching(/Unknown calculator/)]);
    }
    const { status } = await submit(form({ winRate: "50" }));
    expect(status).toBe(400);
  });

  it("415 for a body that is not form data", async () => {
    const thrown = await action(routeArgs(jsonRequest("http://localhost/tools", "{}"))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });

  it("400 quickly for a 1 MB balance, echoing back no more than a number's length", async () => {
    const started = Date.now();
    const response = await action(routeArgs(form({ ...position, accountBalance: "9".repeat(1_000_000) })));
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text.length).toBeLessThan(2_000);
    expect(JSON.parse(text).submission.error).toEqual({ accountBalance: ["Account balance must be a number"] });
  });
});

describe("tools meta", () => {
  it("sets the title and a description", () => {
    const tags = meta({} as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Risk Calculators | FX Trader" });
    expect(tags.some((tag) => "name" in tag && tag.name === "description")).toBe(true);
  });
});
