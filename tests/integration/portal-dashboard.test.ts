/**
 * Loaders of /portal/dashboard and /portal/education against this file's
 * temporary SQLite database (spec section 2 "Portal dashboard" and "Education").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signals, strategies, strategyAccess, subscriptions, users, type NewSignal } from "../../db/schema";
import { loadPortalDashboard } from "~/models/portal-dashboard.server";
import { createSession } from "~/models/sessions.server";
import * as dashboardRoute from "~/routes/portal.dashboard";
import * as educationRoute from "~/routes/portal.education";
import { getSessionCookie } from "~/services/cookies.server";
import { getDb } from "~/services/db.server";

const BASE = "http://localhost";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.now();

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

interface ApiSignalJson {
  id: number;
  strategyId: number;
  status: string;
  createdAt: string;
  locked: boolean;
  entryPrice: number | null;
  stopLoss: number | null;
  takeProfit1: number | null;
  takeProfit2: number | null;
  sl: number | null;
  entryJson: { price: number | null };
  tpJson: { tp1: number | null; tp2: number | null };
}

interface Fixtures {
  alpha: number;
  london: number;
  gold: number;
  euro: number;
  /** Signal ids, newest first. */
  signalIds: number[];
  cookies: { pro: string; institutional: string; trial: string; noName: string; free: string };
  ids: { pro: number; free: number };
}
let fx: Fixtures;

async function cookieFor(userId: number): Promise<string> {
  const { id } = createSession(userId, "vitest");
  const setCookie = await getSessionCookie().serialize(id);
  return setCookie.split(";")[0]!;
}

/** Calls a loader and returns its Response, whether returned or thrown. */
async function call(handler: unknown, path: string, cookie?: string): Promise<Response> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  try {
    const result = await (handler as Handler)({ request: new Request(`${BASE}${path}`, { headers }), params: {}, context: {} });
    if (!(result instanceof Response)) throw new Error(`expected a Response, got ${typeof result}`);
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function dashboardData(cookie: string) {
  const res = await call(dashboardRoute.loader, "/portal/dashboard", cookie);
  expect(res.status).toBe(200);
  return res.json();
}

function signalRow(strategyId: number, minutesAgo: number, overrides: Partial<NewSignal> = {}): NewSignal {
  const createdAt = new Date(NOW - minutesAgo * MINUTE);
  const status = overrides.status ?? "CLOSED";
  return {
    strategyId,
    symbol: "EURUSD",
    side: "LONG",
    status,
    entryPrice: 1.085,
    entryMethod: "market",
    stopLoss: 1.08,
    takeProfit1: 1.0925,
    takeProfit2: 1.1,
    rationale: "Fixture signal",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + DAY),
    closedAt: status === "ACTIVE" ? null : new Date(createdAt.getTime() + HOUR),
    ...overrides,
  };
}

beforeAll(async () => {
  const db = getDb();
  const base = { description: "Fixture strategy.", riskClass: "Balanced", timeframes: "H4", instruments: "EURUSD", isActive: true };
  const [alpha, london, gold, euro] = db
    .insert(strategies)
    .values([
      { ...base, slug: "alpha-swing", name: "Alpha Swing" },
      { ...base, slug: "london-breakout", name: "London Breakout", riskClass: "Aggressive" },
      { ...base, slug: "gold-intraday", name: "Gold Intraday", riskClass: "Conservative", instruments: "XAUUSD" },
      { ...base, slug: "euro-range", name: "Euro Range" },
    ])
    .returning()
    .all();

  // 12 signals, one every 10 minutes; inserted oldest first so ids do not follow recency.
  const rows: NewSignal[] = [
    signalRow(euro!.id, 5, { status: "ACTIVE" }), // locked for the Pro subscriber
    signalRow(alpha!.id, 15, { status: "ACTIVE", side: "SHORT" }),
    signalRow(euro!.id, 25, { status: "CLOSED" }), // the public track record: never locked
    signalRow(london!.id, 35, { status: "ACTIVE", symbol: "GBPUSD" }),
    signalRow(gold!.id, 45, { status: "CANCELLED", symbol: "XAUUSD", entryPrice: 2350, stopLoss: 2340, takeProfit1: 2365, takeProfit2: 2380 }),
    signalRow(euro!.id, 55, { status: "ACTIVE" }), // locked for the Pro subscriber
  ];
  for (let i = 0; i < 6; i++) rows.push(signalRow([alpha!.id, london!.id, gold!.id][i % 3]!, 65 + i * 10));
  const inserted = db.insert(signals).values([...rows].reverse()).returning().all();
  const signalIds = [...inserted].reverse().map((row) => row.id);

  const [pro, institutional, trial, noName, free] = db
    .insert(users)
    .values([
      { email: "tom@example.com", firstName: "Tom", lastName: "Pro" },
      { email: "ines@example.com", firstName: "Ines", lastName: "Inst" },
      { email: "tara@example.com", firstName: "Tara", lastName: "Trial" },
      { email: "noname@example.com", firstName: null, lastName: null },
      { email: "free@example.com", firstName: "   ", lastName: null },
    ])
    .returning()
    .all();

  const period = { startDate: new Date(NOW - 10 * DAY), endDate: new Date(NOW + 20 * DAY) };
  db.insert(subscriptions)
    .values([
      { userId: pro!.id, plan: "pro", status: "ACTIVE", ...period },
      { userId: institutional!.id, plan: "institutional", status: "ACTIVE", ...period },
      { userId: trial!.id, plan: "starter", status: "TRIAL", ...period },
      { userId: noName!.id, plan: "starter", status: "PAUSED", ...period },
    ])
    .run();
  db.insert(strategyAccess)
    .values([
      { userId: pro!.id, strategyId: gold!.id, createdAt: new Date(NOW - 3 * DAY) },
      { userId: pro!.id, strategyId: alpha!.id, createdAt: new Date(NOW - 2 * DAY) },
      { userId: pro!.id, strategyId: london!.id, createdAt: new Date(NOW - DAY) },
      { userId: trial!.id, strategyId: london!.id },
      { userId: noName!.id, strategyId: alpha!.id },
    ])
    .run();

  fx = {
    alpha: alpha!.id,
    london: london!.id,
    gold: gold!.id,
    euro: euro!.id,
    signalIds,
    cookies: {
      pro: await cookieFor(pro!.id),
      institutional: await cookieFor(institutional!.id),
      trial: await cookieFor(trial!.id),
      noName: await cookieFor(noName!.id),
      free: await cookieFor(free!.id),
    },
    ids: { pro: pro!.id, free: free!.id },
  };
});

describe("signed out", () => {
  it("redirects /portal/dashboard to sign in, returning to the page", async () => {
    const res = await call(dashboardRoute.loader, "/portal/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?returnTo=%2Fportal%2Fdashboard");
  });

  it("redirects /portal/education to sign in, returning to the page", async () => {
    const res = await call(educationRoute.loader, "/portal/education");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?returnTo=%2Fportal%2Feducation");
  });

  it("treats an unknown session cookie as signed out", async () => {
    const cookie = (await getSessionCookie().serialize("no-such-session")).split(";")[0]!;
    const res = await call(dashboardRoute.loader, "/portal/dashboard", cookie);
    expect(res.status).toBe(302);
  });
});

describe("/portal/dashboard loader for a Pro subscriber", () => {
  it("greets by first name and is not cached", async () => {
    const res = await call(dashboardRoute.loader, "/portal/dashboard", fx.cookies.pro);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await res.json();
    expect(data.firstName).toBe("Tom");
    expect(data.greetingName).toBe("Tom");
    expect(Date.parse(data.now)).not.toBeNaN();
  });

  it("lists the 10 latest signals, newest first", async () => {
    const data = await dashboardData(fx.cookies.pro);
    const list = data.signals as ApiSignalJson[];
    expect(list).toHaveLength(10);
    expect(list.map((s) => s.id)).toEqual(fx.signalIds.slice(0, 10));
    const times = list.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.strategyNames[fx.euro]).toBe("Euro Range");
  });

  it("locks ACTIVE signals of strategies outside the plan, without prices", async () => {
    const list = (await dashboardData(fx.cookies.pro)).signals as ApiSignalJson[];
    const locked = list.filter((s) => s.locked);
    expect(locked.map((s) => s.id)).toEqual([fx.signalIds[0], fx.signalIds[5]]);
    for (const s of locked) {
      expect(s.strategyId).toBe(fx.euro);
      expect(s.status).toBe("ACTIVE");
      expect([s.entryPrice, s.stopLoss, s.takeProfit1, s.takeProfit2, s.sl, s.entryJson.price, s.tpJson.tp1, s.tpJson.tp2]).toEqual(
        Array(8).fill(null),
      );
    }
    // Entitled ACTIVE signals and the public track record keep their prices.
    const open = list.filter((s) => !s.locked);
    expect(open).toHaveLength(8);
    for (const s of open) expect(s.entryPrice).not.toBeNull();
    expect(open.find((s) => s.strategyId === fx.euro)?.status).toBe("CLOSED");
  });

  it("lists the user's strategies in pick order and the subscription card", async () => {
    const data = await dashboardData(fx.cookies.pro);
    expect(data.strategies.map((s: { slug: string }) => s.slug)).toEqual(["gold-intraday", "alpha-swing", "london-breakout"]);
    expect(data.strategyCount).toBe(3);
    expect(data.subscription).toEqual({ planName: "Pro", status: "ACTIVE", isActive: true });
  });
});

describe("/portal/dashboard loader for other users", () => {
  it("caps My Strategies at 3 when the plan covers more", async () => {
    const data = await dashboardData(fx.cookies.institutional);
    expect(data.strategies).toHaveLength(3);
    expect(data.strategyCount).toBe(4);
    expect(data.subscription).toEqual({ planName: "Institutional", status: "ACTIVE", isActive: true });
    expect((data.signals as ApiSignalJson[]).some((s) => s.locked)).toBe(false);
  });

  it("flags a non-ACTIVE status (trial) for the warning badge", async () => {
    const data = await dashboardData(fx.cookies.trial);
    expect(data.subscription).toEqual({ planName: "Starter", status: "TRIAL", isActive: false });
    expect(data.strategies.map((s: { slug: string }) => s.slug)).toEqual(["london-breakout"]);
  });

  it("falls back to 'Trader' without a first name", async () => {
    const data = await dashboardData(fx.cookies.noName);
    expect(data.firstName).toBeNull();
    expect(data.greetingName).toBe("Trader");
    // A paused subscription is still shown (as a warning), but grants no strategies.
    expect(data.subscription).toEqual({ planName: "Starter", status: "PAUSED", isActive: false });
    expect(data.strategies).toEqual([]);
  });

  it("shows a Free user no subscription, no strategies and every live signal locked", async () => {
    const data = await dashboardData(fx.cookies.free);
    expect(data.greetingName).toBe("Trader");
    expect(data.subscription).toBeNull();
    expect(data.strategies).toEqual([]);
    expect(data.strategyCount).toBe(0);
    const list = data.signals as ApiSignalJson[];
    expect(list).toHaveLength(10);
    for (const s of list) expect(s.locked).toBe(s.status === "ACTIVE");
  });
});

describe("loadPortalDashboard", () => {
  it("returns the reference time it was given", () => {
    const now = new Date(NOW);
    const data = loadPortalDashboard(
      { id: fx.ids.free, email: "free@example.com", firstName: "  ", lastName: null, role: "user" },
      now,
    );
    expect(data.now).toBe(now.toISOString());
    expect(data.subscription).toBeNull();
  });
});

describe("/portal/education loader", () => {
  async function trackOf(search: string) {
    const res = await call(educationRoute.loader, `/portal/education${search}`, fx.cookies.pro);
    expect(res.status).toBe(200);
    return (await res.json()).track as string;
  }

  it("selects the track named by ?track=", async () => {
    expect(await trackOf("?track=risk-psychology")).toBe("risk-psychology");
    expect(await trackOf("?track=platform-setup")).toBe("platform-setup");
    expect(await trackOf("?track=STRATEGY-MODULES")).toBe("strategy-modules");
  });

  it("falls back to the first track when the parameter is missing or invalid", async () => {
    expect(await trackOf("")).toBe("foundations");
    expect(await trackOf("?track=")).toBe("foundations");
    expect(await trackOf("?track=not-a-track")).toBe("foundations");
    expect(await trackOf("?track=%3Cscript%3E")).toBe("foundations");
  });
});
