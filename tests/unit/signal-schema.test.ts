import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  apiFieldName,
  apiSignalErrors,
  buildSignalSchema,
  defaultExpiryValue,
  parseExpiry,
  signalInputFromApiBody,
  signalSchema,
} from "~/schemas/signal";
import { validSignalForm } from "../support/fixtures";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const schema = buildSignalSchema({ now: () => NOW });

/** The valid LONG EURUSD signal as the form posts it (strings), expiring a day after NOW. */
function longForm(overrides: Record<string, string> = {}): Record<string, string> {
  return validSignalForm(1, new Date("2026-03-11T12:00:00.000Z"), overrides);
}

function shortForm(overrides: Record<string, string> = {}) {
  return longForm({ side: "SHORT", entryPrice: "1.08500", sl: "1.09000", tp1: "1.08000", tp2: "1.07500", ...overrides });
}

function errorsOf(input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return result.error.flatten((issue) => issue.message).fieldErrors as Record<string, string[]>;
}

function toFormData(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe("signal schema: geometry", () => {
  it("accepts a well-formed LONG and converts types", () => {
    const result = schema.parse(longForm());
    expect(result).toEqual({
      strategyId: 1,
      symbol: "EURUSD",
      side: "LONG",
      entryPrice: 1.085,
      entryMethod: "market",
      sl: 1.08,
      tp1: 1.09,
      tp2: 1.095,
      rationale: "Breakout retest",
      expiresAt: new Date("2026-03-11T12:00:00.000Z"),
    });
  });

  it("accepts a well-formed SHORT", () => {
    expect(schema.safeParse(shortForm()).success).toBe(true);
  });

  it("LONG: stop loss must be below entry, TP1 above entry, TP2 above TP1 — each on its own field", () => {
    expect(errorsOf(longForm({ sl: "1.09000" }))).toEqual({
      sl: ["Stop loss must be below the entry price for a LONG signal"],
    });
    expect(errorsOf(longForm({ sl: "1.08500" })).sl).toEqual(["Stop loss must be below the entry price for a LONG signal"]);
    expect(errorsOf(longForm({ tp1: "1.08000", tp2: "" }))).toEqual({
      tp1: ["Take profit 1 must be above the entry price for a LONG signal"],
    });
    expect(errorsOf(longForm({ tp2: "1.08900" }))).toEqual({
      tp2: ["Take profit 2 must be above take profit 1 for a LONG signal"],
    });
  });

  it("SHORT: mirrored rules", () => {
    expect(errorsOf(shortForm({ sl: "1.08000" }))).toEqual({
      sl: ["Stop loss must be above the entry price for a SHORT signal"],
    });
    expect(errorsOf(shortForm({ tp1: "1.09000", tp2: "" }))).toEqual({
      tp1: ["Take profit 1 must be below the entry price for a SHORT signal"],
    });
    expect(errorsOf(shortForm({ tp2: "1.08100" }))).toEqual({
      tp2: ["Take profit 2 must be below take profit 1 for a SHORT signal"],
    });
  });

  it("a LONG signal's levels are wrong for SHORT and vice versa", () => {
    const flipped = errorsOf(longForm({ side: "SHORT" }));
    expect(Object.keys(flipped).sort()).toEqual(["sl", "tp1", "tp2"]);
    expect(Object.keys(errorsOf(shortForm({ side: "LONG" }))).sort()).toEqual(["sl", "tp1", "tp2"]);
  });

  it("prices must be finite numbers greater than 0", () => {
    expect(errorsOf(longForm({ entryPrice: "" })).entryPrice).toEqual(["Entry price is required"]);
    expect(errorsOf(longForm({ entryPrice: "abc" })).entryPrice).toEqual(["Entry price must be a number"]);
    expect(errorsOf(longForm({ sl: "0" })).sl).toEqual(["Stop loss must be greater than 0"]);
    expect(errorsOf(longForm({ tp1: "-1" })).tp1).toEqual(["Take profit 1 must be greater than 0"]);
    expect(errorsOf({ ...longForm(), entryPrice: Number.POSITIVE_INFINITY }).entryPrice).toBeDefined();
    expect(errorsOf(longForm({ entryPrice: "Infinity" })).entryPrice).toEqual(["Entry price must be a number"]);
  });
});

describe("signal schema: optional fields and defaults", () => {
  it("tp2 is optional: empty means undefined, never 0", () => {
    const empty = schema.parse(longForm({ tp2: "" }));
    expect(empty.tp2).toBeUndefined();
    const { tp2: _omit, ...withoutTp2 } = longForm();
    expect(schema.parse(withoutTp2).tp2).toBeUndefined();
    expect(schema.parse({ ...longForm(), tp2: null }).tp2).toBeUndefined();
    expect(errorsOf(longForm({ tp2: "0" })).tp2).toEqual(["Take profit 2 must be greater than 0"]);
  });

  it("entry method defaults to market and accepts limit/stop in any case", () => {
    expect(schema.parse(longForm({ entryMethod: "" })).entryMethod).toBe("market");
    expect(schema.parse(longForm({ entryMethod: "LIMIT" })).entryMethod).toBe("limit");
    expect(schema.parse(longForm({ entryMethod: "stop" })).entryMethod).toBe("stop");
    expect(errorsOf(longForm({ entryMethod: "iceberg" })).entryMethod).toEqual([
      "Entry method must be market, limit or stop",
    ]);
  });

  it("rationale is optional, trimmed, at most 2000 characters", () => {
    expect(schema.parse(longForm({ rationale: "   " })).rationale).toBeUndefined();
    expect(schema.parse(longForm({ rationale: "  why  " })).rationale).toBe("why");
    expect(schema.safeParse(longForm({ rationale: "x".repeat(2000) })).success).toBe(true);
    expect(errorsOf(longForm({ rationale: "x".repeat(2001) })).rationale).toEqual([
      "Rationale must be at most 2000 characters",
    ]);
  });

  it("side must be LONG or SHORT (case-insensitive) and is required", () => {
    expect(schema.parse(longForm({ side: "long" })).side).toBe("LONG");
    expect(errorsOf(longForm({ side: "" })).side).toEqual(["Choose LONG or SHORT"]);
    expect(errorsOf(longForm({ side: "BUY" })).side).toEqual(["Side must be LONG or SHORT"]);
  });

  it("strategyId must be a positive integer", () => {
    expect(errorsOf(longForm({ strategyId: "" })).strategyId).toEqual(["Choose a strategy"]);
    for (const bad of ["0", "-3", "1.5", "abc"]) {
      expect(errorsOf(longForm({ strategyId: bad })).strategyId, bad).toEqual(["Strategy must be a strategy id"]);
    }
    expect(schema.parse({ ...longForm(), strategyId: 7 }).strategyId).toBe(7);
  });
});

describe("signal schema: symbol", () => {
  it("trims and upper-cases", () => {
    expect(schema.parse(longForm({ symbol: "  eurusd " })).symbol).toBe("EURUSD");
    expect(schema.parse(longForm({ symbol: "xauusd", entryPrice: "2350", sl: "2340", tp1: "2370", tp2: "" })).symbol).toBe(
      "XAUUSD",
    );
  });

  it("rejects anything that is not 6 letters naming two currencies", () => {
    for (const bad of ["EUR/USD", "EURUSDX", "EUR", "EURUS1", "EUR USD"]) {
      expect(errorsOf(longForm({ symbol: bad })).symbol, bad).toEqual(["Symbol must be 6 letters, such as EURUSD or XAUUSD"]);
    }
    expect(errorsOf(longForm({ symbol: "usdusd" })).symbol).toEqual([
      "Symbol must name two different currencies, such as EURUSD",
    ]);
    expect(errorsOf(longForm({ symbol: "" })).symbol).toEqual(["Symbol is required"]);
  });
});

describe("signal schema: expiry", () => {
  it("reads datetime-local values as UTC and accepts ISO strings with an offset", () => {
    expect(schema.parse(longForm({ expiresAt: "2026-03-10T13:30" })).expiresAt.toISOString()).toBe("2026-03-10T13:30:00.000Z");
    expect(schema.parse(longForm({ expiresAt: "2026-03-11T09:00:00.000Z" })).expiresAt.toISOString()).toBe(
      "2026-03-11T09:00:00.000Z",
    );
    expect(schema.parse(longForm({ expiresAt: "2026-03-11T09:00:00+02:00" })).expiresAt.toISOString()).toBe(
      "2026-03-11T07:00:00.000Z",
    );
  });

  it("must be in the future and at most 30 days ahead", () => {
    expect(errorsOf(longForm({ expiresAt: "2026-03-10T12:00" })).expiresAt).toEqual(["Expiry must be in the future"]);
    expect(errorsOf(longForm({ expiresAt: "2025-01-01T00:00" })).expiresAt).toEqual(["Expiry must be in the future"]);
    expect(schema.safeParse(longForm({ expiresAt: "2026-04-09T12:00" })).success).toBe(true);
    expect(errorsOf(longForm({ expiresAt: "2026-04-09T12:01" })).expiresAt).toEqual([
      "Expiry must be at most 30 days from now",
    ]);
  });

  it("rejects invalid and missing date-times", () => {
    const format = "Expiry must be a date and time such as 2026-01-31T14:00 (UTC) or an ISO 8601 timestamp";
    for (const bad of ["tomorrow", "2026-03-11", "2026-02-30T10:00", "2026-03-11T24:00", "2026-13-01T10:00", "11/03/2026 10:00"]) {
      expect(errorsOf(longForm({ expiresAt: bad })).expiresAt, bad).toEqual([format]);
    }
    expect(errorsOf({ ...longForm(), expiresAt: 1773230400000 }).expiresAt).toEqual([format]);
    expect(errorsOf(longForm({ expiresAt: "" })).expiresAt).toEqual(["Expiry is required"]);
  });

  it("parseExpiry and defaultExpiryValue", () => {
    expect(parseExpiry("2028-02-29T23:59")?.toISOString()).toBe("2028-02-29T23:59:00.000Z");
    expect(parseExpiry("2027-02-29T23:59")).toBeNull();
    expect(defaultExpiryValue(new Date("2026-03-10T12:34:56.789Z"))).toBe("2026-03-11T12:34");
  });

  it("uses the real clock by default", () => {
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect(signalSchema.safeParse(longForm({ expiresAt: future })).success).toBe(true);
  });
});

describe("signal schema with Conform (FormData)", () => {
  it("parses a posted form and reports errors per field", () => {
    const ok = parseWithZod(toFormData(longForm({ tp2: "", symbol: "gbpusd" })), { schema, disableAutoCoercion: true });
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.tp2).toBeUndefined();
      expect(ok.value.symbol).toBe("GBPUSD");
    }
    const bad = parseWithZod(toFormData(longForm({ sl: "1.1" })), { schema, disableAutoCoercion: true });
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toEqual({ sl: ["Stop loss must be below the entry price for a LONG signal"] });
  });
});

describe("API body mapping", () => {
  const nested = {
    strategyId: 2,
    symbol: "usdjpy",
    side: "SHORT",
    entryJson: { price: 151.2, method: "limit" },
    sl: 151.7,
    tpJson: { tp1: 150.7, tp2: 150.2 },
    rationale: "BoJ risk",
    expiresAt: "2026-03-11T12:00:00Z",
  };

  it("maps the nested shape to the flat input the schema validates", () => {
    expect(signalInputFromApiBody(nested)).toEqual({
      strategyId: 2,
      symbol: "usdjpy",
      side: "SHORT",
      entryPrice: 151.2,
      entryMethod: "limit",
      sl: 151.7,
      tp1: 150.7,
      tp2: 150.2,
      rationale: "BoJ risk",
      expiresAt: "2026-03-11T12:00:00Z",
    });
    expect(schema.parse(signalInputFromApiBody(nested))).toMatchObject({
      symbol: "USDJPY",
      side: "SHORT",
      entryPrice: 151.2,
      entryMethod: "limit",
      tp2: 150.2,
    });
  });

  it("accepts the flat aliases when the nested fields are absent", () => {
    const flat = {
      strategyId: 2,
      symbol: "USDJPY",
      direction: "SHORT",
      entryPrice: 151.2,
      stopLoss: 151.7,
      takeProfit1: 150.7,
      takeProfit2: null,
      expiresAt: "2026-03-11T12:00:00Z",
    };
    const input = signalInputFromApiBody(flat);
    expect(input).toEqual({
      strategyId: 2,
      symbol: "USDJPY",
      side: "SHORT",
      entryPrice: 151.2,
      sl: 151.7,
      tp1: 150.7,
      tp2: null,
      expiresAt: "2026-03-11T12:00:00Z",
    });
    const parsed = schema.parse(input);
    expect(parsed.tp2).toBeUndefined();
    expect(parsed.entryMethod).toBe("market");
  });

  it("prefers nested fields over aliases", () => {
    expect(signalInputFromApiBody({ ...nested, direction: "LONG", stopLoss: 1 })).toMatchObject({ side: "SHORT", sl: 151.7 });
  });

  it("names errors with the client's own field names", () => {
    const bad = { ...nested, entryJson: { price: "x", method: "limit" }, tpJson: { tp1: 152 } };
    const result = schema.safeParse(signalInputFromApiBody(bad));
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(apiSignalErrors(result.error, bad)).toEqual([{ field: "entryJson.price", message: "Entry price must be a number" }]);
    }
    const geometry = { ...nested, tpJson: { tp1: 152 } };
    const g = schema.safeParse(signalInputFromApiBody(geometry));
    expect(g.success).toBe(false);
    if (!g.success) {
      expect(apiSignalErrors(g.error, geometry)).toEqual([
        { field: "tpJson.tp1", message: "Take profit 1 must be below the entry price for a SHORT signal" },
      ]);
    }
    const aliased = { strategyId: 2, symbol: "USDJPY", direction: "SHORT", entryPrice: 151.2, stopLoss: 150, takeProfit1: 150.7 };
    expect(apiFieldName(["sl"], aliased)).toBe("stopLoss");
    expect(apiFieldName(["side"], aliased)).toBe("direction");
    expect(apiFieldName(["entryPrice"], aliased)).toBe("entryPrice");
    expect(apiFieldName(["sl"], nested)).toBe("sl");
    expect(apiFieldName(["entryMethod"], nested)).toBe("entryJson.method");
    expect(apiFieldName(["tp2"], nested)).toBe("tpJson.tp2");
    expect(apiFieldName([], nested)).toBe("body");
  });

  it("leaves a non-object body for the schema to reject", () => {
    for (const body of [null, [1, 2], "text", 5]) {
      expect(signalInputFromApiBody(body)).toBe(body);
      const result = schema.safeParse(signalInputFromApiBody(body));
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(apiSignalErrors(result.error, body)).toEqual([{ field: "body", message: "Request body must be an object of fields" }]);
      }
    }
  });
});
