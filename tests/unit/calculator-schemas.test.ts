import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { CALCULATOR_FIELD_LABELS, positionSizeSchema, riskOfRuinSchema } from "~/schemas/calculators";

type Issues = Array<{ field: string; message: string }>;

function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: (string | number)[]; message: string }> } }): Issues {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

function messagesFor(issues: Issues, field: string): string[] {
  return issues.filter((issue) => issue.field === field).map((issue) => issue.message);
}

const validPosition = { accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 };
const validRuin = { winRate: 55, riskReward: 1.5, riskPerTrade: 2 };

describe("positionSizeSchema", () => {
  it("accepts JSON numbers and FormData-style decimal strings alike", () => {
    expect(positionSizeSchema.parse(validPosition)).toEqual(validPosition);
    expect(
      positionSizeSchema.parse({ accountBalance: " 10000 ", riskPercent: "1", entryPrice: "1.08500", stopLoss: "1.08", symbol: "" }),
    ).toEqual(validPosition);
  });

  it("normalises the symbol to upper case and keeps the conversion rate", () => {
    expect(positionSizeSchema.parse({ ...validPosition, symbol: "eurgbp", conversionRate: "1.27" })).toEqual({
      ...validPosition,
      symbol: "EURGBP",
      conversionRate: 1.27,
    });
    expect(positionSizeSchema.parse({ ...validPosition, symbol: null, conversionRate: null })).toEqual(validPosition);
  });

  it("reports missing and empty fields as required, by name", () => {
    const issues = issuesOf(positionSizeSchema.safeParse({ accountBalance: "", riskPercent: "  " }));
    expect(messagesFor(issues, "accountBalance")).toEqual(["Account balance is required"]);
    expect(messagesFor(issues, "riskPercent")).toEqual(["Risk percent is required"]);
    expect(messagesFor(issues, "entryPrice")).toEqual(["Entry price is required"]);
    expect(messagesFor(issues, "stopLoss")).toEqual(["Stop loss is required"]);
  });

  it("rejects non-numbers, NaN and infinities", () => {
    const issues = issuesOf(
      positionSizeSchema.safeParse({ accountBalance: "abc", riskPercent: Number.NaN, entryPrice: "Infinity", stopLoss: "0x10" }),
    );
    expect(messagesFor(issues, "accountBalance")).toEqual(["Account balance must be a number"]);
    expect(messagesFor(issues, "riskPercent")).toEqual(["Risk percent must be a number"]);
    expect(messagesFor(issues, "entryPrice")).toEqual(["Entry price must be a number"]);
    expect(messagesFor(issues, "stopLoss")).toEqual(["Stop loss must be a number"]);
    const overflow = issuesOf(positionSizeSchema.safeParse({ ...validPosition, entryPrice: "1e400", accountBalance: true }));
    expect(messagesFor(overflow, "entryPrice")).toContain("Entry price must be a finite number");
    expect(messagesFor(overflow, "accountBalance")).toEqual(["Account balance must be a number"]);
  });

  it("enforces the ranges with field-named messages", () => {
    const issues = issuesOf(
      positionSizeSchema.safeParse({ accountBalance: 0, riskPercent: 100.01, entryPrice: -1, stopLoss: 0, conversionRate: 0 }),
    );
    expect(messagesFor(issues, "accountBalance")).toEqual(["Account balance must be greater than 0"]);
    expect(messagesFor(issues, "riskPercent")).toEqual(["Risk percent must be at most 100"]);
    expect(messagesFor(issues, "entryPrice")).toEqual(["Entry price must be greater than 0"]);
    expect(messagesFor(issues, "stopLoss")).toContain("Stop loss must be greater than 0");
    expect(messagesFor(issues, "conversionRate")[0]).toBe("Conversion rate must be greater than 0");
    expect(messagesFor(issuesOf(positionSizeSchema.safeParse({ ...validPosition, riskPercent: 0 })), "riskPercent")).toEqual([
      "Risk percent must be greater than 0",
    ]);
    expect(positionSizeSchema.safeParse({ ...validPosition, riskPercent: 100 }).success).toBe(true);
  });

  it("puts entry = stop on stopLoss", () => {
    const issues = issuesOf(positionSizeSchema.safeParse({ ...validPosition, stopLoss: "1.085" }));
    expect(issues).toEqual([{ field: "stopLoss", message: "Stop loss must differ from the entry price" }]);
    const tooClose = issuesOf(positionSizeSchema.safeParse({ ...validPosition, stopLoss: 1.085001 }));
    expect(tooClose).toEqual([{ field: "stopLoss", message: "Stop loss must be at least 0.1 pip away from the entry price" }]);
  });

  it("validates the symbol and requires conversionRate for crosses", () => {
    expect(messagesFor(issuesOf(positionSizeSchema.safeParse({ ...validPosition, symbol: "EUR/USD" })), "symbol")).toEqual([
      "Symbol must be 6 letters, such as EURUSD",
    ]);
    expect(messagesFor(issuesOf(positionSizeSchema.safeParse({ ...validPosition, symbol: "XPTUSD" })), "symbol")[0]).toMatch(
      /^Symbol XPTUSD is not supported/,
    );
    const cross = issuesOf(positionSizeSchema.safeParse({ ...validPosition, symbol: "EURGBP" }));
    expect(cross).toHaveLength(1);
    expect(cross[0].field).toBe("conversionRate");
    expect(cross[0].message).toMatch(/^Conversion rate is required for EURGBP/);
    expect(positionSizeSchema.safeParse({ ...validPosition, symbol: "USDCHF" }).success).toBe(true);
  });

  it("rejects a body that is not an object", () => {
    expect(issuesOf(positionSizeSchema.safeParse(null))).toEqual([{ field: "", message: "Request body must be an object of fields" }]);
    expect(issuesOf(positionSizeSchema.safeParse([1, 2]))[0].message).toBe("Request body must be an object of fields");
  });
});

describe("riskOfRuinSchema", () => {
  it("accepts numbers and decimal strings, including the range ends", () => {
    expect(riskOfRuinSchema.parse(validRuin)).toEqual(validRuin);
    expect(riskOfRuinSchema.parse({ winRate: "55", riskReward: "1.5", riskPerTrade: "2", intent: "x" })).toEqual(validRuin);
    expect(riskOfRuinSchema.safeParse({ winRate: 0, riskReward: 0.1, riskPerTrade: 100 }).success).toBe(true);
    expect(riskOfRuinSchema.safeParse({ winRate: 100, riskReward: 1, riskPerTrade: 0.01 }).success).toBe(true);
  });

  it("enforces the ranges with field-named messages", () => {
    const high = issuesOf(riskOfRuinSchema.safeParse({ winRate: 100.5, riskReward: 0, riskPerTrade: 101 }));
    expect(high).toEqual([
      { field: "winRate", message: "Win rate must be between 0 and 100" },
      { field: "riskReward", message: "Risk reward must be greater than 0" },
      { field: "riskPerTrade", message: "Risk per trade must be at most 100" },
    ]);
    const low = issuesOf(riskOfRuinSchema.safeParse({ winRate: -1, riskReward: -2, riskPerTrade: 0 }));
    expect(messagesFor(low, "winRate")).toEqual(["Win rate must be between 0 and 100"]);
    expect(messagesFor(low, "riskPerTrade")).toEqual(["Risk per trade must be greater than 0"]);
  });

  it("rejects empty strings and non-numbers", () => {
    const issues = issuesOf(riskOfRuinSchema.safeParse({ winRate: "", riskReward: "1.5x", riskPerTrade: "-Infinity" }));
    expect(issues).toEqual([
      { field: "winRate", message: "Win rate is required" },
      { field: "riskReward", message: "Risk reward must be a number" },
      { field: "riskPerTrade", message: "Risk per trade must be a number" },
    ]);
  });
});

describe("every message names its field", () => {
  it("starts each field message with the field's label", () => {
    const bad = [
      positionSizeSchema.safeParse({}),
      positionSizeSchema.safeParse({ accountBalance: -1, riskPercent: 500, entryPrice: "x", stopLoss: "", conversionRate: -3 }),
      positionSizeSchema.safeParse({ ...validPosition, symbol: "EURJPY" }),
      positionSizeSchema.safeParse({ ...validPosition, symbol: "ABC" }),
      riskOfRuinSchema.safeParse({}),
      riskOfRuinSchema.safeParse({ winRate: "a", riskReward: 0, riskPerTrade: 200 }),
    ];
    let checked = 0;
    for (const result of bad) {
      for (const { field, message } of issuesOf(result)) {
        const label = CALCULATOR_FIELD_LABELS[field as keyof typeof CALCULATOR_FIELD_LABELS];
        expect(label, `unknown field ${field}`).toBeDefined();
        expect(message.startsWith(label), `${field}: ${message}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(12);
  });
});

describe("with Conform's parseWithZod (the /tools form action)", () => {
  it("parses FormData and reports field errors", () => {
    const ok = new FormData();
    for (const [k, v] of Object.entries({ intent: "position-size", accountBalance: "10000", riskPercent: "1", entryPrice: "1.085", stopLoss: "1.08", symbol: "", conversionRate: "" })) {
      ok.set(k, v);
    }
    const submission = parseWithZod(ok, { schema: positionSizeSchema, disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual(validPosition);

    const bad = new FormData();
    bad.set("winRate", "");
    bad.set("riskReward", "abc");
    bad.set("riskPerTrade", "0");
    const failed = parseWithZod(bad, { schema: riskOfRuinSchema, disableAutoCoercion: true });
    expect(failed.status).toBe("error");
    expect(failed.reply().error).toEqual({
      winRate: ["Win rate is required"],
      riskReward: ["Risk reward must be a number"],
      riskPerTrade: ["Risk per trade must be greater than 0"],
    });
  });
});

describe("positionSizeSchema — the extended request", () => {
  it("accepts every optional field, from JSON or strings, and normalises currency and symbol", () => {
    const parsed = positionSizeSchema.parse({
      accountBalance: "10000",
      riskAmount: "100",
      entryPrice: 1.1,
      stopLoss: 1.098,
      symbol: "eurusd",
      accountCurrency: "eur",
      commissionPerLot: "7",
      spreadPips: 0.8,
      lotStep: "0.001",
      minLot: 0.01,
      maxLot: 50,
      leverage: "30",
      takeProfits: [{ price: "1.104", share: 100 }],
    });
    expect(parsed).toMatchObject({ riskAmount: 100, symbol: "EURUSD", accountCurrency: "EUR", lotStep: 0.001, leverage: 30 });
    expect(parsed.takeProfits).toEqual([{ price: 1.104, share: 100 }]);
    expect(parsed.riskPercent).toBeUndefined();
  });

  it("caps each new field with a message that names it", () => {
    const issues = issuesOf(
      positionSizeSchema.safeParse({
        ...validPosition,
        accountCurrency: "XYZ",
        conversionRate: 1,
        commissionPerLot: 10_001,
        spreadPips: -1,
        lotStep: 0.02,
        minLot: 10_001,
        maxLot: -1,
        leverage: 0.5,
        contractSize: 2e9,
        pipSize: 0,
        pipValue: 0,
      }),
    );
    for (const field of ["accountCurrency", "commissionPerLot", "spreadPips", "lotStep", "minLot", "maxLot", "leverage", "contractSize", "pipSize", "pipValue"]) {
      const label = CALCULATOR_FIELD_LABELS[field as keyof typeof CALCULATOR_FIELD_LABELS];
      const messages = messagesFor(issues, field);
      expect(messages, field).toHaveLength(1);
      expect(messages[0].startsWith(label), messages[0]).toBe(true);
    }
  });

  it("requires one of riskPercent and riskAmount, and refuses both", () => {
    const { riskPercent: _omitted, ...noRisk } = validPosition;
    expect(issuesOf(positionSizeSchema.safeParse(noRisk))).toEqual([{ field: "riskPercent", message: "Risk percent is required" }]);
    expect(messagesFor(issuesOf(positionSizeSchema.safeParse({ ...validPosition, riskAmount: 50 })), "riskAmount")).toEqual([
      "Risk amount replaces risk percent: give one of them, not both",
    ]);
  });

  it("names the rate a cross needs in the account's currency", () => {
    const issues = issuesOf(positionSizeSchema.safeParse({ ...validPosition, symbol: "EURJPY", accountCurrency: "GBP" }));
    expect(issues).toEqual([
      { field: "conversionRate", message: "Conversion rate is required for EURJPY in a GBP account: enter the JPYGBP rate, GBP per JPY (1 ÷ GBPJPY)" },
    ]);
    expect(positionSizeSchema.safeParse({ ...validPosition, symbol: "EURGBP", accountCurrency: "GBP" }).success).toBe(true);
  });

  it("risk of ruin takes an optional ruinDrawdown in (0, 100]", () => {
    expect(riskOfRuinSchema.parse({ ...validRuin, ruinDrawdown: "30" })).toEqual({ ...validRuin, ruinDrawdown: 30 });
    expect(issuesOf(riskOfRuinSchema.safeParse({ ...validRuin, ruinDrawdown: 101 }))).toEqual([
      { field: "ruinDrawdown", message: "Ruin drawdown must be at most 100" },
    ]);
  });
});
