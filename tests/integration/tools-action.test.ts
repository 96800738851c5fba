/**
 * The /tools route action: native form posts (what a browser without
 * JavaScript sends, and what the fetchers send) for both calculators.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { action, loader, meta } from "~/routes/tools";
import { positionSizeNumbersSchema, riskOfRuinNumbersSchema } from "~/schemas/calculators";
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

/** The Advanced part as the browser posts it: real defaults and three empty take-profit rows. */
const advanced = {
  accountCurrency: "USD",
  lotStep: "0.01",
  riskAmount: "",
  commissionPerLot: "",
  spreadPips: "",
  minLot: "",
  maxLot: "",
  leverage: "",
  contractSize: "",
  pipSize: "",
  pipValue: "",
  "takeProfits[0].price": "",
  "takeProfits[0].share": "",
  "takeProfits[1].price": "",
  "takeProfits[1].share": "",
  "takeProfits[2].price": "",
  "takeProfits[2].share": "",
};

describe("tools action — position-size, Advanced fields", () => {
  it("sizes the issue's yen pair sensibly once the instrument is chosen, and explains it in one line", async () => {
    // USDJPY in a USD account: pip value per lot = 0.01 × 100,000 / 150.25 = $6.6556; 100 / (50 × 6.6556) = 0.30 lots.
    const { status, data } = await submit(form({ ...position, ...advanced, symbol: "USDJPY", entryPrice: "150.25", stopLoss: "149.75" }));
    expect(status).toBe(200);
    expect(data.data.result).toMatchObject({ lotSize: 0.3, stopPips: 50, pipValuePerLot: 6.65557, symbol: "USDJPY", warnings: [] });
    expect(data.data.result.explanation).toBe("Risking $100.00 with a 50.0-pip stop at $6.66 per pip per lot gives 0.30 lots");
  });

  it("warns, next to the result, when yen prices are sized on the default instrument", async () => {
    const { status, data } = await submit(form({ ...position, ...advanced, entryPrice: "150.25", stopLoss: "149.75" }));
    expect(status).toBe(200);
    // 5000 "pips" of 0.0001: never a silent 0 lots — the price hint and the minimum-lot warning come with it.
    expect(data.data.result.lotSize).toBe(0);
    expect(data.data.result.warnings).toEqual([
      expect.stringMatching(/look like a JPY pair or a metal.*likely USDJPY/),
      expect.stringContaining("The minimum lot (0.01) would risk $500.00, more than the $100.00 asked: 0 lots"),
    ]);
  });

  it("takes the filled take-profit rows, drops the empty ones, and reports each target", async () => {
    const { status, data } = await submit(
      form({
        ...position,
        ...advanced,
        "takeProfits[0].price": "1.0900",
        "takeProfits[0].share": "50",
        "takeProfits[1].price": "1.0950",
        "takeProfits[1].share": "50",
      }),
    );
    expect(status).toBe(200);
    // 0.20 lots at $10 per pip per lot: 50 pips on half is $50, 100 pips on the other half $100.
    expect(data.data.result.targets).toEqual([
      { price: 1.09, share: 50, reward: 50, rr: 1 },
      { price: 1.095, share: 50, reward: 100, rr: 2 },
    ]);
    expect(data.data.result).toMatchObject({ totalReward: 150, totalRr: 1.5 });
  });

  it("marks the take-profit field at fault by its form name, from the schema and from the calculator", async () => {
    const gap = await submit(form({ ...position, ...advanced, "takeProfits[1].price": "1.095", "takeProfits[1].share": "100" }));
    expect(gap.status).toBe(400);
    expect(gap.data.submission.error).toEqual({
      "takeProfits[0].price": ["Take-profit price is required"],
      "takeProfits[0].share": ["Take-profit share is required"],
    });
    const wrongSide = await submit(form({ ...position, ...advanced, "takeProfits[0].price": "1.07", "takeProfits[0].share": "100" }));
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.data.submission.error).toEqual({
      "takeProfits[0].price": ["Take-profit price must be above the entry price for a long trade"],
    });
  });

  it("risks a fixed amount instead of a percent; neither marks the risk percent", async () => {
    const amount = await submit(form({ ...position, ...advanced, riskPercent: "", riskAmount: "250" }));
    expect(amount.status).toBe(200);
    expect(amount.data.data.result).toMatchObject({ lotSize: 0.5, riskAmount: 250 });
    const neither = await submit(form({ ...position, ...advanced, riskPercent: "" }));
    expect(neither.status).toBe(400);
    expect(neither.data.submission.error).toEqual({ riskPercent: ["Risk percent is required"] });
  });

  it("names the conversion pair for a cross in a EUR account, and sizes with costs, limits and margin", async () => {
    const cross = await submit(form({ ...position, ...advanced, accountCurrency: "EUR", symbol: "GBPJPY", entryPrice: "190.50", stopLoss: "190.00" }));
    expect(cross.status).toBe(400);
    expect(cross.data.submission.error).toEqual({
      conversionRate: ["Conversion rate is required for GBPJPY in a EUR account: enter the JPYEUR rate, EUR per JPY (1 ÷ EURJPY)"],
    });
    const costs = await submit(
      form({ ...position, ...advanced, spreadPips: "1", commissionPerLot: "7", leverage: "30", maxLot: "0.1", minLot: "0.01" }),
    );
    expect(costs.status).toBe(200);
    // Risk per lot: (50 + 1) pips × $10 + $7 = $517; 100 / 517 = 0.193 → 0.19 lots, in 2 orders of at most 0.10.
    expect(costs.data.data.result).toMatchObject({ lotSize: 0.19, orders: 2, actualRisk: 98.23 });
    expect(costs.data.data.result.marginRequired).toBeCloseTo((0.19 * 100_000 * 1.085) / 30, 2);
    expect(costs.data.data.result.explanation).toBe(
      "Risking $100.00 with a 50.0-pip stop plus a 1.0-pip spread and $7.00 commission per lot, at $10.00 per pip per lot gives 0.19 lots",
    );
  });

  it("marks each custom-instrument field that is missing", async () => {
    const { status, data } = await submit(form({ ...position, ...advanced, symbol: "CUSTOM", entryPrice: "18000", stopLoss: "17950" }));
    expect(status).toBe(400);
    expect(Object.keys(data.submission.error).sort()).toEqual(["contractSize", "pipSize", "pipValue"]);
  });
});

describe("tools loader — Size this trade pre-fill", () => {
  it("reads the link's query into the position size form's values", async () => {
    const response = await loader(
      routeArgs(new Request("http://localhost/tools?symbol=usdjpy&entryPrice=150.25&stopLoss=149.75&tp1=151&tp2=152&riskPercent=0.5")),
    );
    expect(await response.json()).toEqual({
      prefill: {
        symbol: "USDJPY",
        entryPrice: "150.25",
        stopLoss: "149.75",
        riskPercent: "0.5",
        takeProfits: [
          { price: "151", share: "50" },
          { price: "152", share: "50" },
        ],
      },
    });
  });

  it("pre-fills nothing from a plain visit or unusable values", async () => {
    expect(await (await loader(routeArgs(new Request("http://localhost/tools")))).json()).toEqual({ prefill: {} });
    const junk = await loader(routeArgs(new Request("http://localhost/tools?symbol=%3Cscript%3E&entryPrice=NaN&riskPercent=1000")));
    expect(await junk.json()).toEqual({ prefill: {} });
  });
});

/** What the browser pre-check (spec section 5) says about a form, before anything is sent. */
function precheck(schema: typeof positionSizeNumbersSchema | typeof riskOfRuinNumbersSchema, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? null : submission.reply().error;
}

describe("the browser pre-check marks each field that does not parse as a number", () => {
  it("position size: required fields and filled optional ones, take-profit rows included; ranges are left to the server", () => {
    expect(precheck(positionSizeNumbersSchema, { ...position, ...advanced })).toBeNull();
    expect(precheck(positionSizeNumbersSchema, { ...position, ...advanced, accountBalance: "-100" })).toBeNull();
    expect(
      precheck(positionSizeNumbersSchema, {
        ...position,
        ...advanced,
        accountBalance: "",
        entryPrice: "abc",
        spreadPips: "one",
        "takeProfits[0].price": "1.09",
      }),
    ).toEqual({
      accountBalance: ["Account balance is required"],
      entryPrice: ["Entry price must be a number"],
      spreadPips: ["Spread must be a number"],
      "takeProfits[0].share": ["Take-profit share is required"],
    });
    expect(precheck(positionSizeNumbersSchema, { ...position, ...advanced, riskPercent: "", riskAmount: "100" })).toBeNull();
    expect(precheck(positionSizeNumbersSchema, { ...position, ...advanced, riskPercent: "" })).toEqual({
      riskPercent: ["Risk percent is required"],
    });
  });

  it("risk of ruin: the spec's three fields, and the ruin drawdown when filled in", () => {
    expect(precheck(riskOfRuinNumbersSchema, { ...ruin, ruinDrawdown: "" })).toBeNull();
    expect(precheck(riskOfRuinNumbersSchema, { ...ruin, riskReward: "", ruinDrawdown: "x" })).toEqual({
      riskReward: ["Risk reward is required"],
      ruinDrawdown: ["Ruin drawdown must be a number"],
    });
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

  it("answers the extended figures: ruin drawdown, Kelly, expectancy, drawdown odds, method, explanation", async () => {
    const { status, data } = await submit(form({ ...ruin, ruinDrawdown: "50" }));
    expect(status).toBe(200);
    const result = data.data.result;
    expect(result).toMatchObject({ ruinDrawdown: 50, expectancyR: 0.5, kellyFraction: 0.25, method: "closed-form" });
    expect(Object.keys(result.drawdownProbabilities)).toEqual(["10", "20", "50"]);
    expect(result.fixedFractional.method).toBe("monte-carlo");
    expect(result.fixedFractional.belowStartStandardErrors["10"]).toBeGreaterThan(0);
    expect(Object.keys(result.belowStartProbabilities)).toEqual(["10", "20", "50"]);
    expect(result.drawdownHorizonTrades).toBe(500);
    expect(result.explanation).toMatch(/^Winning 50% of trades at 2R while risking 20% of the starting balance per trade gives a [\d.]+% chance of a 50% drawdown/);
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
