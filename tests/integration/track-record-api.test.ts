/**
 * GET /api/strategies/{slug}/performance and /api/strategies/{slug}/trades.csv
 * against this file's temporary database, with signals published, partially
 * closed and closed through the signals model: the figures, range filters,
 * `risk`, unknown slugs, bad parameters, CSV quoting, and a close moving the figures.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { listTradeResults } from "~/models/read-models/track-record.server";
import { closeSignal, partiallyCloseSignal, publishSignal } from "~/models/signals.server";
import { loader as performanceLoader } from "~/routes/api.strategies.$slug.performance";
import { loader as csvLoader } from "~/routes/api.strategies.$slug.trades[.]csv";
import { loader as performancePageLoader } from "~/routes/performance";
import { loader as strategyPageLoader } from "~/routes/strategies.$slug";
import { loader as strategiesLoader } from "~/routes/strategies._index";
import { createUser, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
const DAY = 86_400_000;
let adminId: number;

/** Publishes a EURUSD LONG market signal (entry 1.08500, stop 1.08000: 50 pips of risk) at `publishedAt` and closes it at `exitPrice` a day later. */
function closedTrade(strategyId: number, publishedAt: string, exitPrice: number, partial?: { exitPrice: number; fraction: number }) {
  const at = new Date(publishedAt);
  const signal = publishSignal(validSignalInput(strategyId, new Date(at.getTime() + 7 * DAY)), adminId, at);
  const closeAt = new Date(at.getTime() + DAY);
  if (partial) {
    const change = partiallyCloseSignal(signal.id, { ...partial, at: new Date(at.getTime() + DAY / 2) }, closeAt);
    if (!change.ok) throw new Error(change.message);
  }
  const change = closeSignal(signal.id, { exitPrice, reason: "MANUAL", at: closeAt }, closeAt);
  if (!change.ok) throw new Error(change.message);
  return signal.id;
}

async function performance(slug: string, query = "") {
  const response = await callRoute(performanceLoader, getRequest(`${BASE}/api/strategies/${slug}/performance${query}`), { slug });
  return { status: response.status, type: response.headers.get("Content-Type"), body: await response.json() };
}

async function csv(slug: string, query = "") {
  const response = await callRoute(csvLoader, getRequest(`${BASE}/api/strategies/${slug}/trades.csv${query}`), { slug });
  return { status: response.status, type: response.headers.get("Content-Type"), disposition: response.headers.get("Content-Disposition"), text: await response.text() };
}

/** EURUSD costs per round turn: spread 0.8 + commission 3.50 / $10 a pip = 0.35 + slippage 0.5. */
const EURUSD_COST = 0.8 + 0.35 + 0.5;

let swing: number;
let gold: number;

beforeAll(() => {
  adminId = createUser({ role: "admin" }).id;
  swing = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  gold = insertStrategy({ slug: "gold-intraday", name: 'Gold, "Intraday"' }).id;
  closedTrade(swing, "2026-01-05T08:00:00.000Z", 1.09); // +50 pips gross
  closedTrade(swing, "2026-02-02T08:00:00.000Z", 1.08); // −50 pips gross
  closedTrade(swing, "2026-03-02T08:00:00.000Z", 1.085, { exitPrice: 1.09, fraction: 0.5 }); // half at +50, half at 0: +25 gross
  closedTrade(gold, "2026-02-10T08:00:00.000Z", 1.0875); // +25 pips gross
});

describe("GET /api/strategies/{slug}/performance", () => {
  it("answers every documented key, net of costs, with partial closes weighted by their fraction", async () => {
    const { status, type, body } = await performance("alpha-swing");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    for (const key of ["trades", "wins", "losses", "breakevens", "winRate", "expectancyR", "profitFactor", "totalNetR", "pipsBySymbol", "maxDrawdownR", "maxDrawdownPercent", "sharpe", "sortino", "monthly", "equity"]) {
      expect(body).toHaveProperty(key);
    }
    expect(body).toMatchObject({ slug: "alpha-swing", trades: 3, wins: 2, losses: 1, breakevens: 0 });
    expect(body).not.toHaveProperty("totalNetPips");
    expect(body.pipsBySymbol).toHaveLength(1);
    expect(body.pipsBySymbol[0]).toMatchObject({ symbol: "EURUSD", trades: 3 });
    expect(body.pipsBySymbol[0].grossPips).toBeCloseTo(50 - 50 + 25, 9);
    expect(body.pipsBySymbol[0].costPips).toBeCloseTo(3 * EURUSD_COST, 9);
    expect(body.pipsBySymbol[0].netPips).toBeCloseTo(25 - 3 * EURUSD_COST, 9);
    expect(body.totalNetR).toBeCloseTo((25 - 3 * EURUSD_COST) / 50, 9);
    expect(body.winRate).toBeCloseTo(200 / 3, 9);
    expect(body.monthly.map((m: { month: string }) => m.month)).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(body.equity.byTrade).toHaveLength(4);
  });

  it("combines every strategy for the slug all", async () => {
    const { body } = await performance("all");
    expect(body.trades).toBe(4);
    expect(body.pipsBySymbol[0].grossPips).toBeCloseTo(50, 9);
  });

  it("keeps only the trades closed between from and to, both days included", async () => {
    const { body } = await performance("all", "?from=2026-02-01&to=2026-02-11");
    expect(body.trades).toBe(2);
    expect(body.from).toBe("2026-02-01T00:00:00.000Z");
    expect(body.to).toBe("2026-02-11T23:59:59.999Z");
    expect((await performance("all", "?from=2026-02-04")).body.trades).toBe(2);
    expect((await performance("all", "?to=2026-01-06")).body.trades).toBe(1);
  });

  it("compounds at the risk asked for", async () => {
    const one = (await performance("alpha-swing")).body;
    const two = (await performance("alpha-swing", "?risk=2")).body;
    expect(one.riskPct).toBe(1);
    expect(two.riskPct).toBe(2);
    expect(two.maxDrawdownPercent).toBeLessThan(one.maxDrawdownPercent);
    expect(two.totalNetR).toBeCloseTo(one.totalNetR, 12);
  });

  it("refuses a bad risk, from or to with a problem naming the field", async () => {
    for (const [query, field] of [
      ["?risk=0", "risk"],
      ["?risk=101", "risk"],
      ["?risk=abc", "risk"],
      ["?from=2026-13-01", "from"],
      ["?from=2026-02-30", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-03-01&to=2026-02-01", "to"],
    ] as const) {
      const { status, type, body } = await performance("alpha-swing", query);
      expect(status, query).toBe(400);
      expect(type).toMatch(/^application\/problem\+json/);
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });

  it("answers 404 for an unknown slug", async () => {
    const { status, type } = await performance("no-such-strategy");
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/problem\+json/);
  });

  it("moves as soon as the desk closes another signal (the cache follows the ledger head)", async () => {
    const before = (await performance("gold-intraday")).body;
    closedTrade(gold, "2026-04-06T08:00:00.000Z", 1.08);
    const after = (await performance("gold-intraday")).body;
    expect(after.trades).toBe(before.trades + 1);
    expect(after.losses).toBe(before.losses + 1);
    expect(after.totalNetR).toBeCloseTo(before.totalNetR + (-50 - EURUSD_COST) / 50, 9);
  });
});

describe("the serialised answers (made once per ledger head and query)", () => {
  const url = (kind: "performance" | "trades.csv", slug: string, query = "") => `${BASE}/api/strategies/${slug}/${kind}${query}`;
  const call = (kind: "performance" | "trades.csv", slug: string, query = "", headers: Record<string, string> = {}) =>
    callRoute(kind === "performance" ? performanceLoader : csvLoader, getRequest(url(kind, slug, query), { headers }), { slug });

  it.each(["performance", "trades.csv"] as const)("%s: the same body and ETag again, 304 for it, a new ETag and body once a signal closes", async (kind) => {
    const first = await call(kind, "alpha-swing", "?from=2026-01-01");
    const again = await call(kind, "Alpha-Swing", "?from=2026-01-01");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);
    expect(again.headers.get("ETag")).toBe(etag);
    const body = await first.text();
    expect(await again.text()).toBe(body);
    expect((await call(kind, "alpha-swing", "?from=2026-02-01")).headers.get("ETag")).not.toBe(etag);
    const notModified = await call(kind, "alpha-swing", "?from=2026-01-01", { "If-None-Match": etag! });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    closedTrade(swing, kind === "performance" ? "2026-05-04T08:00:00.000Z" : "2026-05-11T08:00:00.000Z", 1.09);
    const moved = await call(kind, "alpha-swing", "?from=2026-01-01", { "If-None-Match": etag! });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("ETag")).not.toBe(etag);
    expect((await moved.text()).length).toBeGreaterThan(body.length);
  });

  it.each(["performance", "trades.csv"] as const)(
    "%s: compressed once in the coding the caller prefers, the same body and ETag once decoded, 304 without a coding",
    async (kind) => {
      const identity = await call(kind, "gold-intraday");
      const plain = Buffer.from(await identity.arrayBuffer());
      expect(identity.headers.get("Content-Encoding")).toBeNull();
      expect(identity.headers.get("Content-Length")).toBe(String(plain.byteLength));
      expect(identity.headers.get("Vary")).toBe("Accept-Encoding, Authorization, Cookie");
      const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
      for (const [accept, coding] of [
        ["gzip, deflate, br", "br"],
        ["gzip, deflate", "gzip"],
        ["br;q=1, gzip;q=0.5", "br"],
        ["br;q=0, gzip", "gzip"],
      ] as const) {
        const [first, second] = [await call(kind, "gold-intraday", "", { "Accept-Encoding": accept }), await call(kind, "gold-intraday", "", { "Accept-Encoding": accept })];
        expect(first.headers.get("Content-Encoding"), accept).toBe(coding);
        expect(first.headers.get("Vary")).toBe("Accept-Encoding, Authorization, Cookie");
        expect(first.headers.get("ETag")).toBe(identity.headers.get("ETag"));
        const bytes = Buffer.from(await first.arrayBuffer());
        expect(first.headers.get("Content-Length")).toBe(String(bytes.byteLength));
        expect(decoders[coding](bytes).equals(plain), accept).toBe(true);
        expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
      }
      expect((await call(kind, "gold-intraday", "", { "Accept-Encoding": "identity, gzip;q=0, br;q=0" })).headers.get("Content-Encoding")).toBeNull();
      const notModified = await call(kind, "gold-intraday", "", { "Accept-Encoding": "gzip", "If-None-Match": identity.headers.get("ETag")! });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("Content-Encoding")).toBeNull();
      expect(notModified.headers.get("Content-Length")).toBeNull();
    },
  );

  it("a period found by its close times: both ends included, the same trades as filtering every one", () => {
    const every = listTradeResults("all");
    const pick = every[Math.floor(every.length / 2)]!;
    const at = new Date(pick.closedAt);
    expect(listTradeResults("all", { from: at, to: at })).toEqual(every.filter((r) => r.closedAt === pick.closedAt));
    const from = new Date(every[1]!.closedAt);
    const to = new Date(Date.parse(every[every.length - 2]!.closedAt) - 1);
    const scope = { strategyId: pick.strategyId };
    expect(listTradeResults(scope, { from, to })).toEqual(
      every.filter((r) => r.strategyId === pick.strategyId && r.closedAt >= from.toISOString() && r.closedAt <= to.toISOString()),
    );
    expect(listTradeResults("all", { from: to, to: from })).toEqual([]);
  });
});

describe("GET /api/strategies/{slug}/trades.csv", () => {
  it("is RFC 4180: a header row, CRLF line ends, one row per closed signal, quoted names", async () => {
    const { status, type, disposition, text } = await csv("gold-intraday");
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/csv/);
    expect(disposition).toBe('attachment; filename="gold-intraday-trades.csv"');
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines[0]).toBe(
      "strategySlug,strategyName,id,symbol,side,openedAt,closedAt,closeReason,entryPrice,originalSl,fillPrice,exitPrice,riskPips,grossPips,spreadPips,commissionPips,slippagePips,costPips,netPips,grossR,netR,holdingHours,pipValueUsd,pipValueEstimated,outcome,simulated",
    );
    expect(lines).toHaveLength(1 + (await performance("gold-intraday")).body.trades);
    expect(lines[1]!.startsWith('gold-intraday,"Gold, ""Intraday""",')).toBe(true);
    // grossPips, …, costPips, netPips, grossR, netR, holdingHours, the pip value ($10 a lot on EURUSD, exact: not estimated), outcome of the +25 pip trade, and its simulated flag (a live trade).
    expect(lines[1]!.split(",").slice(-13)).toEqual(["25", "0.8", "0.35", "0.5", "1.65", "23.35", "0.5", "0.467", "24", "10", "false", "win", "false"]);
  });

  it("lists every strategy for all, filtered by from and to", async () => {
    const all = (await csv("all")).text.trim().split("\r\n");
    expect(all.length - 1).toBe((await performance("all")).body.trades);
    const february = (await csv("all", "?from=2026-02-01&to=2026-02-28")).text.trim().split("\r\n");
    expect(february).toHaveLength(3);
  });

  it("answers 404 for an unknown slug and 400 for a bad date", async () => {
    expect((await csv("no-such-strategy")).status).toBe(404);
    expect((await csv("all", "?from=01-02-2026")).status).toBe(400);
  });
});

describe("the pages' loaders", () => {
  it("give the strategy's Performance tab its record and its latest trades, newest first", async () => {
    const response = await callRoute(strategyPageLoader, getRequest(`${BASE}/strategies/alpha-swing?tab=performance`), { slug: "alpha-swing" });
    const data = await response.json();
    const api = (await performance("alpha-swing")).body;
    expect(data.record).toMatchObject({ trades: api.trades, totalNetR: api.totalNetR, sharpe: api.sharpe });
    expect(data.record.equity.byDay).toEqual(api.equity.byDay);
    const closedAt = data.record.latestTrades.map((t: { closedAt: string }) => t.closedAt);
    expect(closedAt).toEqual([...closedAt].sort().reverse());
    expect(closedAt).toHaveLength(api.trades);
  });

  it("take a period's latest trades from its newest end: the same trades as the whole period's last ones", async () => {
    const every = listTradeResults("all");
    expect(every.length).toBeGreaterThan(3);
    const middle = new Date(every[Math.floor(every.length / 2)]!.closedAt);
    for (const scope of ["all", { strategyId: every[0]!.strategyId }] as const) {
      for (const from of [undefined, middle]) {
        const period = listTradeResults(scope, { from });
        for (const latest of [1, 2, period.length + 5]) {
          expect(listTradeResults(scope, { from, latest })).toEqual(period.slice(Math.max(0, period.length - latest)));
        }
      }
    }
  });

  it("read no record for the other tabs", async () => {
    const response = await callRoute(strategyPageLoader, getRequest(`${BASE}/strategies/alpha-swing?tab=overview`), { slug: "alpha-swing" });
    expect((await response.json()).record).toBeNull();
  });

  it("filter the live record of /performance by the period buttons", async () => {
    const load = async (period: string) =>
      (await (await callRoute(performancePageLoader, getRequest(`${BASE}/performance?period=${period}`))).json()).live;
    closedTrade(swing, new Date(Date.now() - 3 * DAY).toISOString(), 1.09); // closed two days ago
    const byTrade: Array<{ tradeId: number | null; time: string }> = (await performance("all")).body.equity.byTrade;
    const yearStart = Math.floor(Date.now() / DAY) * DAY - 365 * DAY; // the start of the UTC day a year ago
    const closedInLastYear = byTrade.filter((p) => p.tradeId !== null && Date.parse(p.time) >= yearStart).length;
    const week = await load("1W");
    expect(week.all.trades).toBe(1);
    expect(week.strategies).toEqual([
      expect.objectContaining({ slug: "alpha-swing", record: expect.objectContaining({ trades: 1 }) }),
      expect.objectContaining({ slug: "gold-intraday", record: expect.objectContaining({ trades: 0 }) }),
    ]);
    expect((await load("1Y")).all.trades).toBe(closedInLastYear);
  });

  it("give the strategy cards each strategy's closed signals and live win rate", async () => {
    const response = await callRoute(strategiesLoader, getRequest(`${BASE}/strategies`));
    const { live } = await response.json();
    const api = (await performance("gold-intraday")).body;
    expect(live["gold-intraday"]).toEqual({ trades: api.trades, winRate: api.winRate });
  });
});
