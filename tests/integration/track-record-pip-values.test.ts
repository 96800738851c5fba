/**
 * Pips per symbol and pip values from the stored price bars
 * (docs/decisions/0155, 0156), through the models and the performance API on
 * this file's temporary database: a cross's commission is converted at its
 * quote currency's USD rate from the last bar at or before the exit (never a
 * later one); with no bar the assumed $10 is used and said to be estimated.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { priceBars } from "../../db/schema";
import { applyPriceBars, lastBarAtOrBefore } from "~/models/price-replay.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { loader as performanceLoader } from "~/routes/api.strategies.$slug.performance";
import { loader as csvLoader } from "~/routes/api.strategies.$slug.trades[.]csv";
import { createUser, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse("2026-03-02T08:00:00.000Z");

function bar(symbol: string, at: number, close: number) {
  return { symbol, time: new Date(at).toISOString(), open: close, high: close, low: close, close };
}

/** Publishes a LONG market signal of `symbol` at `at` and closes it a day later at `exitPrice`. */
function closedTrade(adminId: number, strategyId: number, at: number, levels: { symbol: string; entryPrice: number; sl: number; tp1: number; tp2: number }, exitPrice: number) {
  const signal = publishSignal(validSignalInput(strategyId, new Date(at + 7 * DAY), levels), adminId, new Date(at));
  const change = closeSignal(signal.id, { exitPrice, reason: "MANUAL", at: new Date(at + DAY) }, new Date(at + DAY));
  if (!change.ok) throw new Error(change.message);
}

async function performance(slug: string) {
  const response = await callRoute(performanceLoader, getRequest(`http://localhost/api/strategies/${slug}/performance`), { slug });
  return response.json();
}

beforeAll(() => {
  const adminId = createUser({ role: "admin" }).id;
  const crosses = insertStrategy({ slug: "crosses", name: "Crosses" }).id;
  // GBPUSD at 1.25 an hour after the EURGBP fill; a later bar at 1.40 after its exit must not count.
  const stored = applyPriceBars([bar("GBPUSD", T0 + HOUR, 1.25), bar("GBPUSD", T0 + 2 * DAY, 1.4)], new Date(T0 + 3 * DAY));
  expect(stored.ok).toBe(true);
  closedTrade(adminId, crosses, T0, { symbol: "EURGBP", entryPrice: 0.85, sl: 0.845, tp1: 0.855, tp2: 0.86 }, 0.853);
  // EURJPY: no USDJPY bar is stored.
  closedTrade(adminId, crosses, T0 + HOUR, { symbol: "EURJPY", entryPrice: 160, sl: 159.5, tp1: 160.5, tp2: 161 }, 160.3);
  closedTrade(adminId, crosses, T0 + 2 * HOUR, { symbol: "EURUSD", entryPrice: 1.085, sl: 1.08, tp1: 1.09, tp2: 1.095 }, 1.087);
});

describe("price bars", () => {
  it("keep each bar's close once, and give the last one at or before a time", () => {
    expect(applyPriceBars([bar("GBPUSD", T0 + HOUR, 9.99)], new Date(T0 + 3 * DAY)).ok).toBe(true);
    expect(getDb().select().from(priceBars).all()).toHaveLength(2);
    expect(lastBarAtOrBefore("GBPUSD", new Date(T0 + DAY))).toEqual({ time: new Date(T0 + HOUR), close: 1.25 });
    expect(lastBarAtOrBefore("GBPUSD", new Date(T0))).toBeNull();
    expect(lastBarAtOrBefore("USDJPY", new Date(T0 + DAY))).toBeNull();
  });
});

describe("a record of several symbols", () => {
  it("gives pips per symbol (A–Z) and no total across them", async () => {
    const body = await performance("crosses");
    expect(body.trades).toBe(3);
    expect(body).not.toHaveProperty("totalNetPips");
    expect(body.pipsBySymbol.map((symbol: { symbol: string; trades: number }) => [symbol.symbol, symbol.trades])).toEqual([
      ["EURGBP", 1],
      ["EURJPY", 1],
      ["EURUSD", 1],
    ]);
    expect(body.pipsBySymbol.map((symbol: { grossPips: number }) => symbol.grossPips)).toEqual([30, 30, 20]);
  });

  it("converts a cross's commission at the quote currency's rate at the exit, and marks the one without a bar as estimated", async () => {
    const [eurgbp, eurjpy, eurusd] = (await performance("crosses")).pipsBySymbol;
    // EURGBP: a pip is £10 a lot = $12.50 at GBPUSD 1.25 (not 1.40, a bar after the exit): 3.50 / 12.5 = 0.28 pips.
    expect(eurgbp.costPips).toBeCloseTo(1.5 + 0.28 + 0.5, 12);
    expect(eurgbp.estimatedPipValueTrades).toBe(0);
    // EURJPY: no USDJPY bar, so the assumed $10: 0.35 pips, counted as estimated.
    expect(eurjpy.costPips).toBeCloseTo(1.5 + 0.35 + 0.5, 12);
    expect(eurjpy.estimatedPipValueTrades).toBe(1);
    expect(eurusd.estimatedPipValueTrades).toBe(0);

    const response = await callRoute(csvLoader, getRequest("http://localhost/api/strategies/crosses/trades.csv"), { slug: "crosses" });
    const [header, ...rows] = (await response.text()).trim().split("\r\n");
    const columns = header!.split(",");
    const field = (row: string, name: string) => row.split(",")[columns.indexOf(name)];
    expect(rows.map((row) => [field(row, "symbol"), field(row, "pipValueUsd"), field(row, "pipValueEstimated")])).toEqual([
      ["EURGBP", "12.5", "false"],
      ["EURJPY", "10", "true"],
      ["EURUSD", "10", "false"],
    ]);
  });
});
