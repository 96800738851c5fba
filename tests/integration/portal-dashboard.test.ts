/**
 * Loaders of /portal/dashboard and /portal/education against this file's
 * temporary SQLite database (spec section 2 "Portal dashboard" and "Education").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type NewSignal } from "../../db/schema";
import { loadPortalDashboard } from "~/models/read-models/portal-dashboard.server";
import * as dashboardRoute from "~/routes/portal.dashboard";
import * as educationRoute from "~/routes/portal.education";
import { createUser, DAY, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, sessionCookieFor, signedInCookie, trackRecordSignal } from "../support/fixtures";
import { callRoute, expectSignInRedirect, getRequest } from "../support/http";

const BASE = "http://localhost";
const NOW = Date.now();

/** A signal as the dashboard's list receives it (`toSignalListView`). */
interface ApiSignalJson {
  id: number;
  strategyId: number;
  status: string;
  createdAt: string;
  locked: boolean;
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

/** Calls a loader and returns its Response, whether returned or thrown. */
function call(handler: Parameters<typeof callRoute>[0], path: string, cookie?: string): Promise<Response> {
  return callRoute(handler, getRequest(`${BASE}${path}`, { cookie }));
}

async function dashboardData(cookie: string) {
  const res = await call(dashboardRoute.loader, "/portal/dashboard", cookie);
  expect(res.status).toBe(200);
  return res.json();
}

function signalRow(strategyId: number, minutesAgo: number, overrides: Partial<NewSignal> = {}): NewSignal {
  return trackRecordSignal(strategyId, minutesAgo, overrides, NOW);
}

beforeAll(async () => {
  const base = { description: "Fixture strategy.", isActive: true };
  const alpha = insertStrategy({ ...base, slug: "alpha-swing", name: "Alpha Swing" }).id;
  const london = insertStrategy({ ...base, slug: "london-breakout", name: "London Breakout", riskClass: "Aggressive" }).id;
  const gold = insertStrategy({ ...base, slug: "gold-intraday", name: "Gold Intraday", riskClass: "Conservative", instruments: "XAUUSD" }).id;
  const euro = insertStrategy({ ...base, slug: "euro-range", name: "Euro Range" }).id;

  // 12 signals, one every 10 minutes; inserted oldest first so ids do not follow recency.
  const rows: NewSignal[] = [
    signalRow(euro, 5, { status: "ACTIVE" }), // locked for the Pro subscriber
    signalRow(alpha, 15, { status: "ACTIVE", side: "SHORT" }),
    signalRow(euro, 25, { status: "CLOSED" }), // the public track record: never locked
    signalRow(london, 35, { status: "ACTIVE", symbol: "GBPUSD" }),
    signalRow(gold, 45, { status: "CANCELLED", symbol: "XAUUSD", entryPrice: 2350, sl: 2340, tp1: 2365, tp2: 2380 }),
    signalRow(euro, 55, { status: "ACTIVE" }), // locked for the Pro subscriber
  ];
  for (let i = 0; i < 6; i++) rows.push(signalRow([alpha, london, gold][i % 3]!, 65 + i * 10));
  const inserted = insertSignals([...rows].reverse());
  const signalIds = [...inserted].reverse().map((row) => row.id);

  const pro = createUser({ email: "tom@example.com", firstName: "Tom", lastName: "Pro" });
  const institutional = createUser({ email: "ines@example.com", firstName: "Ines", lastName: "Inst" });
  const trial = createUser({ email: "tara@example.com", firstName: "Tara", lastName: "Trial" });
  const noName = createUser({ email: "noname@example.com", firstName: null, lastName: null });
  const free = createUser({ email: "free@example.com", firstName: "   ", lastName: null });

  const period = { startDate: new Date(NOW - 10 * DAY), endDate: new Date(NOW + 20 * DAY) };
  insertSubscription(pro.id, "pro", period);
  insertSubscription(institutional.id, "institutional", period);
  insertSubscription(trial.id, "starter", { ...period, status: "TRIAL" });
  insertSubscription(noName.id, "starter", { ...period, status: "PAUSED" });
  insertStrategyAccess(pro.id, [gold, alpha, london]); // in this pick order
  insertStrategyAccess(trial.id, [london]);
  insertStrategyAccess(noName.id, [alpha]);

  fx = {
    alpha,
    london,
    gold,
    euro,
    signalIds,
    cookies: {
      pro: await signedInCookie(pro.id),
      institutional: await signedInCookie(institutional.id),
      trial: await signedInCookie(trial.id),
      noName: await signedInCookie(noName.id),
      free: await signedInCookie(free.id),
    },
    ids: { pro: pro.id, free: free.id },
  };
});

describe("signed out", () => {
  it("redirects /portal/dashboard to sign in, returning to the page", async () => {
    const res = await call(dashboardRoute.loader, "/portal/dashboard");
    expectSignInRedirect(res, "/portal/dashboard");
  });

  it("redirects /portal/education to sign in, returning to the page", async () => {
    const res = await call(educationRoute.loader, "/portal/education");
    expectSignInRedirect(res, "/portal/education");
  });

  it("treats an unknown session cookie as signed out", async () => {
    const cookie = await sessionCookieFor("no-such-session");
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
    // Only what the list shows: the nested levels, no flat aliases, outcome or events URL.
    expect(Object.keys(list[0]!).sort()).toEqual(
      ["createdAt", "entryJson", "expiresAt", "id", "locked", "rationale", "side", "sl", "status", "strategyId", "symbol", "tpJson"],
    );
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
      expect([s.sl, s.entryJson.price, s.tpJson.tp1, s.tpJson.tp2]).toEqual(Array(4).fill(null));
    }
    // Entitled ACTIVE signals and the public track record keep their prices.
    const open = list.filter((s) => !s.locked);
    expect(open).toHaveLength(8);
    for (const s of open) expect(s.entryJson.price).not.toBeNull();
    expect(open.find((s) => s.strategyId === fx.euro)?.status).toBe("CLOSED");
  });

  it("lists the user's strategies in pick order and the subscription card", async () => {
    const data = await dashboardData(fx.cookies.pro);
    expect(data.strategies.map((s: { slug: string }) => s.slug)).toEqual(["gold-intraday", "alpha-swing", "london-breakout"]);
    expect(data.strategyCount).toBe(3);
    expect(data.subscription).toEqual({ planName: "Pro", status: "ACTIVE", isActive: true, live: true, endDate: expect.any(String), cancelAtPeriodEnd: false });
  });
});

describe("/portal/dashboard loader for other users", () => {
  it("caps My Strategies at 3 when the plan covers more", async () => {
    const data = await dashboardData(fx.cookies.institutional);
    expect(data.strategies).toHaveLength(3);
    expect(data.strategyCount).toBe(4);
    expect(data.subscription).toEqual({ planName: "Institutional", status: "ACTIVE", isActive: true, live: true, endDate: expect.any(String), cancelAtPeriodEnd: false });
    expect((data.signals as ApiSignalJson[]).some((s) => s.locked)).toBe(false);
  });

  it("flags a non-ACTIVE status (trial) for the warning badge", async () => {
    const data = await dashboardData(fx.cookies.trial);
    expect(data.subscription).toEqual({ planName: "Starter", status: "TRIAL", isActive: false, live: true, endDate: expect.any(String), cancelAtPeriodEnd: false });
    expect(data.strategies.map((s: { slug: string }) => s.slug)).toEqual(["london-breakout"]);
  });

  it("falls back to 'Trader' without a first name", async () => {
    const data = await dashboardData(fx.cookies.noName);
    expect(data.firstName).toBeNull();
    expect(data.greetingName).toBe("Trader");
    // A paused subscription is still shown (as a warning), but grants no strategies.
    expect(data.subscription).toEqual({ planName: "Starter", status: "PAUSED", isActive: false, live: false, endDate: expect.any(String), cancelAtPeriodEnd: false });
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
      { id: fx.ids.free, email: "free@example.com", firstName: "  ", lastName: null, role: "user", emailVerified: true },
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
