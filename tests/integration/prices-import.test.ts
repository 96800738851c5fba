/**
 * `npm run prices:import`: the HistData and Dukascopy M1 CSV layouts (small
 * recorded-format fixtures), and the command run on this file's temporary
 * database replaying a HistData file into the ledger with the source and
 * the bar in the event.
 */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parsePriceCsv, symbolFromFileName } from "~/domain/price-import";
import { feedSentence } from "~/domain/price-feed";
import { feedHealth } from "~/models/price-feed.server";
import { getSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { signalEvents } from "../../db/schema";
import { eq } from "drizzle-orm";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";

const HISTDATA = "tests/fixtures/prices/DAT_ASCII_EURUSD_M1_202611.csv";
const DUKASCOPY = "tests/fixtures/prices/EURUSD_Candlestick_1_M_BID_26.11.2026-26.11.2026.csv";

let adminId: number;
let strategyId: number;

beforeAll(() => {
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "import-swing", name: "Import Swing" }).id;
});

describe("prices:import", () => {
  it("reads HistData (EST, semicolons) and Dukascopy (GMT, header) as the same UTC bars, and refuses unreadable lines by number", () => {
    const histdata = parsePriceCsv("histdata", "EURUSD", readFileSync(HISTDATA, "utf8"));
    const dukascopy = parsePriceCsv("dukascopy", "EURUSD", readFileSync(DUKASCOPY, "utf8"));
    if (!histdata.ok || !dukascopy.ok) throw new Error("expected bars");
    expect(histdata.bars.map((bar) => bar.time.toISOString())).toEqual(["2026-11-26T12:00:00.000Z", "2026-11-26T12:01:00.000Z", "2026-11-26T12:02:00.000Z"]);
    expect(dukascopy.bars.map((bar) => [bar.time.toISOString(), bar.mid])).toEqual(histdata.bars.slice(0, 2).map((bar) => [bar.time.toISOString(), bar.mid]));
    expect(dukascopy.bars[0]!.stamp).toEqual({ source: "dukascopy", instrument: "EURUSD", granularity: "M1", bar: { time: "2026-11-26T12:00:00.000Z", mid: { o: "1.09210", h: "1.09230", l: "1.09200", c: "1.09220" } } });
    expect(parsePriceCsv("dukascopy", "EURUSD", "26.11.2026 14:00:00.000 GMT+0200,1.1,1.1,1.1,1.1,1")).toMatchObject({ ok: true, bars: [{ time: new Date("2026-11-26T12:00:00Z") }] });
    expect(parsePriceCsv("histdata", "EURUSD", "20261126 070000;1.1;1.0;1.1;1.1;0\nnonsense")).toEqual({
      ok: false,
      errors: [
        { line: 1, message: "low must be at most open and close, and high at least both" },
        { line: 2, message: "not a histdata M1 row" },
      ],
    });
    expect([symbolFromFileName("DAT_ASCII_EURUSD_M1_202611.csv"), symbolFromFileName("EURUSD_Candlestick_1_M_BID_x.csv"), symbolFromFileName("prices.csv")]).toEqual(["EURUSD", "EURUSD", null]);
  });

  it("replays a HistData file against the open signals, each event carrying the source and its bar", () => {
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.parse("2026-11-26T11:59:00Z") + DAY), { entryMethod: "market", entryPrice: 1.0921, sl: 1.0901, tp1: 1.095, tp2: undefined }), adminId, new Date("2026-11-26T11:59:00Z"));
    const out = execFileSync("npx", ["tsx", "scripts/prices-import.ts", "--source", "histdata", HISTDATA], { env: process.env, encoding: "utf8" });
    expect(out).toContain("3 EURUSD M1 bars from histdata: 1 events, 1 signals changed");
    expect(getSignal(signal.id)).toMatchObject({ status: "CLOSED", closeReason: "TP1", exitPrice: 1.095 });
    const closed = getDb().select().from(signalEvents).where(eq(signalEvents.signalId, signal.id)).all().at(-1)!;
    expect(feedSentence(closed.type, closed.payload)).toBe("Closed by HistData M1 bar 2026-11-26 12:02 UTC (high 1.095100)");
    expect(feedHealth(new Date("2026-11-26T12:03:00Z"))).toMatchObject([{ symbol: "EURUSD", source: "histdata", lastBarAt: new Date("2026-11-26T12:02:00Z") }]);
  });
});
