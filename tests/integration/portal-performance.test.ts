/**
 * The live track record in the portal: the dashboard's "Live performance of
 * your strategies" and My Strategies → Performance, each over its own
 * `?period=` (1W, 1M, 3M, 1Y, ALL), with the same figures as the performance
 * API for the same range (one read model, no second computation).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { chartAxes, sparklineGeometry } from "~/domain/chart-axes";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { loader as performanceApi } from "~/routes/api.strategies.$slug.performance";
import * as dashboardRoute from "~/routes/portal.dashboard";
import * as strategiesRoute from "~/routes/portal.strategies";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
const NOW = Date.now();

interface FollowedJson {
  slug: string;
  name: string;
  record: { trades: number; winRate: number | null; totalNetR: number; expectancyR: number | null; maxDrawdownR: number; profitFactor: number | null };
  equity: Array<{ time: string; value: number }>;
}
interface RecordsJson {
  strategies: FollowedJson[];
}

let adminId: number;
let cookie: string;
let freeCookie: string;

/** Publishes a EURUSD LONG (50 pips of risk) `daysAgo` days before now and closes it at `exitPrice` an hour later. */
function closedTrade(strategyId: number, daysAgo: number, exitPrice: number): void {
  const at = new Date(NOW - daysAgo * DAY);
  const signal = publishSignal(validSignalInput(strategyId, new Date(at.getTime() + 7 * DAY)), adminId, at);
  const closeAt = new Date(at.getTime() + DAY / 24);
  const change = closeSignal(signal.id, { exitPrice, reason: "MANUAL", at: closeAt }, closeAt);
  if (!change.ok) throw new Error(change.message);
}

async function dashboard(search: string, as = cookie) {
  const response = await callRoute(dashboardRoute.loader, getRequest(`${BASE}/portal/dashboard${search}`, { cookie: as }));
  expect(response.status).toBe(200);
  return (await response.json()) as { period: string; records: RecordsJson };
}

async function myStrategies(search: string) {
  const response = await callRoute(strategiesRoute.loader, getRequest(`${BASE}/portal/strategies${search}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as { period: string; records: RecordsJson | null };
}

async function api(slug: string, query: string) {
  const response = await callRoute(performanceApi, getRequest(`${BASE}/api/strategies/${slug}/performance${query}`), { slug });
  expect(response.status).toBe(200);
  return (await response.json()) as FollowedJson["record"] & { trades: number };
}

function isoDay(daysAgo: number): string {
  return new Date(NOW - daysAgo * DAY).toISOString().slice(0, 10);
}

beforeAll(async () => {
  adminId = createUser({ role: "admin" }).id;
  const alpha = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const london = insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id;
  const other = insertStrategy({ slug: "gold-intraday", name: "Gold Intraday" }).id;
  closedTrade(alpha, 200, 1.09); // +50 pips gross: only in 1Y and All
  closedTrade(alpha, 60, 1.08); // −50 pips: 3M, 1Y, All
  closedTrade(alpha, 3, 1.0875); // +25 pips: every period
  closedTrade(london, 10, 1.09); // 1M and longer
  closedTrade(other, 2, 1.09); // a strategy the subscriber does not follow
  const trader = createUser({ email: "perf-trader@example.com" });
  insertSubscription(trader.id, "pro");
  insertStrategyAccess(trader.id, [alpha, london]);
  cookie = await signedInCookie(trader.id);
  freeCookie = await signedInCookie(createUser({ email: "perf-free@example.com" }).id);
});

describe("the portal dashboard's live performance", () => {
  it("shows every followed strategy over the whole record by default", async () => {
    const data = await dashboard("");
    expect(data.period).toBe("ALL");
    expect(data.records.strategies.map((s) => s.slug)).toEqual(["alpha-swing", "london-breakout"]);
    const alpha = data.records.strategies[0]!;
    expect(alpha.record.trades).toBe(3);
    const { equity } = (await api("alpha-swing", "")) as unknown as { equity: { byDay: Array<{ time: string; equity: number }> } };
    const days = equity.byDay.map((point) => ({ time: point.time, value: point.equity }));
    expect(days.length).toBeGreaterThan(1);
    expect(alpha.equity).toEqual({
      first: days[0],
      last: days.at(-1),
      sparkline: sparklineGeometry(days, "equity", chartAxes(days, "equity")),
    });
  });

  it.each([
    ["?period=1w", "1W", 1, 7],
    ["?period=1M", "1M", 1, 30],
    ["?period=3M", "3M", 2, 91],
    ["?period=1y", "1Y", 3, 365],
    ["?period=5Y", "ALL", 3, null],
  ])("reads %s as %s with the API's figures for the same days", async (search, period, trades, days) => {
    const data = await dashboard(search);
    expect(data.period).toBe(period);
    const alpha = data.records.strategies.find((s) => s.slug === "alpha-swing")!;
    expect(alpha.record.trades).toBe(trades);
    const fromApi = await api("alpha-swing", days === null ? "" : `?from=${isoDay(days)}&to=${isoDay(0)}`);
    for (const key of ["trades", "winRate", "totalNetR", "expectancyR", "maxDrawdownR", "profitFactor"] as const) {
      expect(alpha.record[key]).toEqual(fromApi[key]);
    }
  });

  it("has nothing to show a viewer without strategies", async () => {
    const data = await dashboard("", freeCookie);
    expect(data.records.strategies).toEqual([]);
  });
});

describe("My Strategies → Performance", () => {
  it("reads the live records only on the Performance tab", async () => {
    expect((await myStrategies("?tab=overview&period=1M")).records).toBeNull();
  });

  it("filters by its own period", async () => {
    const month = await myStrategies("?tab=performance&period=1M");
    expect(month.period).toBe("1M");
    expect(month.records!.strategies.map((s) => [s.slug, s.record.trades])).toEqual([
      ["alpha-swing", 1],
      ["london-breakout", 1],
    ]);
    const all = await myStrategies("?tab=performance");
    expect(all.period).toBe("ALL");
    expect(all.records!.strategies.map((s) => s.record.trades)).toEqual([3, 1]);
  });
});
