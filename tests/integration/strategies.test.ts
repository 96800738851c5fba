/**
 * Loaders of /strategies, /strategies/:slug and /dashboard, and the public and
 * signed-in JSON routes they rely on, against this file's temporary SQLite DB.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users, type NewSignal } from "../../db/schema";
import { STRATEGY_SIGNALS_LIMIT } from "~/content/strategy-detail";
import { parseStrategyTab } from "~/domain/strategy-detail";
import { loadDashboard } from "~/models/read-models/dashboard.server";
import { toPublicUser } from "~/models/users.server";
import * as apiAuthUser from "~/routes/api.auth.user";
import * as apiMe from "~/routes/api.me";
import * as apiSignals from "~/routes/api.signals._index";
import * as apiStrategySignals from "~/routes/api.signals.strategy.$strategyId";
import * as apiStrategy from "~/routes/api.strategies.$slug";
import * as apiStrategies from "~/routes/api.strategies._index";
import * as apiStrategyAccess from "~/routes/api.user.strategy-access";
import * as apiSubscription from "~/routes/api.user.subscription";
import * as dashboardRoute from "~/routes/dashboard";
import * as strategyRoute from "~/routes/strategies.$slug";
import * as strategiesRoute from "~/routes/strategies._index";
import { getDb } from "~/platform/db.server";
import { createUser, DAY, MINUTE, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, trackRecordSignal } from "../support/fixtures";
import { callRoute, expectSignInRedirect, getRequest, routeArgs, thrownResponse } from "../support/http";

const BASE = "http://localhost";
const NOW = Date.now();

interface Fixtures {
  alpha: number;
  london: number;
  gold: number;
  subscriberId: number;
  freeUserId: number;
  subscriberCookie: string;
  freeCookie: string;
  signalCount: number;
  activeCount: number;
}
let fx: Fixtures;

type Handler = Parameters<typeof callRoute>[0];

function request(path: string, options: { cookie?: string; method?: string } = {}): Request {
  return getRequest(`${BASE}${path}`, options);
}

/** Calls a loader or action and returns its Response, whether returned or thrown. */
function call(handler: Handler, path: string, options: { cookie?: string; method?: string; params?: Record<string, string> } = {}): Promise<Response> {
  return callRoute(handler, request(path, options), options.params);
}

/** Calls a loader that must throw a Response; returns that Response. */
function thrownBy(handler: Handler, path: string, options: { cookie?: string; params?: Record<string, string> } = {}): Promise<Response> {
  return thrownResponse(() => handler(routeArgs(request(path, options), options.params)));
}

function signalRow(strategyId: number, minutesAgo: number, overrides: Partial<NewSignal> = {}): NewSignal {
  return trackRecordSignal(strategyId, minutesAgo, overrides, NOW);
}

beforeAll(async () => {
  const base = { timeframes: "H4, D1", instruments: "EURUSD, GBPUSD", isActive: true };
  const alpha = insertStrategy({
    ...base,
    slug: "alpha-swing",
    name: "Alpha Swing",
    description: "Trend-following swing strategy.",
    riskClass: "Balanced",
    avgDuration: "3-5 days",
    winRate: 68,
    methodology: "Daily trend, H4 pullback entries.",
  });
  const london = insertStrategy({ ...base, slug: "london-breakout", name: "London Breakout", description: "Asian range breakout.", riskClass: "Aggressive", winRate: 72 });
  const gold = insertStrategy({
    ...base,
    slug: "gold-intraday",
    name: "Gold Intraday",
    description: "Gold pullbacks.",
    riskClass: "Conservative",
    instruments: "XAUUSD",
    isActive: false,
  });

  // 25 signals, one every 10 minutes, newest first: alpha (ACTIVE LONG, ACTIVE SHORT, CLOSED, CANCELLED, ...).
  const rows: NewSignal[] = [
    signalRow(alpha.id, 5, { status: "ACTIVE", side: "LONG" }),
    signalRow(alpha.id, 15, { status: "ACTIVE", side: "SHORT", symbol: "USDJPY", entryPrice: 151.2, sl: 151.8, tp1: 150.3, tp2: 149.7 }),
    signalRow(alpha.id, 25, { status: "CLOSED", side: "SHORT" }),
    signalRow(alpha.id, 35, { status: "CANCELLED" }),
    signalRow(london.id, 45, { status: "ACTIVE", symbol: "GBPUSD" }),
  ];
  for (let i = 0; i < 20; i++) {
    rows.push(signalRow([alpha.id, london.id, gold.id][i % 3], 55 + i * 10, { symbol: i % 3 === 2 ? "XAUUSD" : "EURUSD" }));
  }
  insertSignals(rows);

  const subscriber = createUser({ email: "sub@example.com", firstName: "Sam", lastName: "Sub" });
  const freeUser = createUser({ email: "free@example.com", firstName: null, lastName: null });
  insertSubscription(subscriber.id, "pro", { startDate: new Date(NOW - 10 * DAY), endDate: new Date(NOW + 20 * DAY) });
  insertStrategyAccess(subscriber.id, [alpha.id]);

  fx = {
    alpha: alpha.id,
    london: london.id,
    gold: gold.id,
    subscriberId: subscriber.id,
    freeUserId: freeUser.id,
    subscriberCookie: await signedInCookie(subscriber.id),
    freeCookie: await signedInCookie(freeUser.id),
    signalCount: rows.length,
    activeCount: rows.filter((r) => r.status === "ACTIVE").length,
  };
});

describe("/strategies loader", () => {
  it("lists every strategy in catalogue order", async () => {
    const res = await call(strategiesRoute.loader, "/strategies");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.strategies.map((s: { slug: string }) => s.slug)).toEqual(["alpha-swing", "london-breakout", "gold-intraday"]);
    expect(body.strategies[0]).toMatchObject({
      name: "Alpha Swing",
      riskClass: "Balanced",
      // The catalogue's hand-written 68 is never shown: the win rate is the record's, null before 20 closed signals.
      winRate: null,
      isActive: true,
      timeframes: "H4, D1",
    });
    expect(body.strategies[2]).toMatchObject({ isActive: false, winRate: null, avgDuration: null, methodology: null });
  });
});

describe("/strategies/:slug loader", () => {
  it("finds a strategy whatever the case of the slug", async () => {
    const res = await call(strategyRoute.loader, "/strategies/ALPHA-SWING", { params: { slug: "ALPHA-SWING" } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.strategy).toMatchObject({ id: fx.alpha, slug: "alpha-swing", name: "Alpha Swing", description: "Trend-following swing strategy." });
    expect(body.tab).toBe("overview");
    expect(body.signals).toBeNull();
    expect(Number.isNaN(Date.parse(body.now))).toBe(false);
  });

  it("throws a 404 Response for an unknown slug", async () => {
    const res = await thrownBy(strategyRoute.loader, "/strategies/no-such-strategy", { params: { slug: "no-such-strategy" } });
    expect(res.status).toBe(404);
  });

  it("throws a 404 even when asked for signals of an unknown strategy", async () => {
    const res = await thrownBy(strategyRoute.loader, "/strategies/nope?tab=signals", { params: { slug: "nope" } });
    expect(res.status).toBe(404);
  });

  it("does not load signals for the other tabs", async () => {
    for (const tab of ["overview", "playbook", "performance", "bogus", ""]) {
      const res = await call(strategyRoute.loader, `/strategies/alpha-swing?tab=${tab}`, { params: { slug: "alpha-swing" } });
      const body = await res.json();
      expect(body.signals, tab).toBeNull();
      expect(body.tab, tab).toBe(["playbook", "performance"].includes(tab) ? tab : "overview");
    }
  });

  it("returns the strategy's signals on the Signals tab, locking live ones for signed-out visitors", async () => {
    const res = await call(strategyRoute.loader, "/strategies/alpha-swing?tab=signals", { params: { slug: "alpha-swing" } });
    const body = await res.json();
    expect(body.tab).toBe("signals");
    expect(body.signals.length).toBeGreaterThan(0);
    expect(body.signals.every((s: { strategyId: number }) => s.strategyId === fx.alpha)).toBe(true);
    const active = body.signals.filter((s: { status: string }) => s.status === "ACTIVE");
    expect(active).toHaveLength(2);
    for (const s of active) {
      expect(s.locked).toBe(true);
      expect(s.entryJson.price).toBeNull();
      expect(s.sl).toBeNull();
      expect(s.tpJson).toEqual({ tp1: null, tp2: null });
    }
    const past = body.signals.filter((s: { status: string }) => s.status !== "ACTIVE");
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((s: { locked: boolean; entryJson: { price: number | null } }) => !s.locked && s.entryJson.price !== null)).toBe(true);
  });

  it("unlocks live signals for an entitled subscriber", async () => {
    const res = await call(strategyRoute.loader, "/strategies/alpha-swing?tab=SIGNALS", {
      params: { slug: "alpha-swing" },
      cookie: fx.subscriberCookie,
    });
    const body = await res.json();
    const active = body.signals.filter((s: { status: string }) => s.status === "ACTIVE");
    expect(active).toHaveLength(2);
    expect(active.every((s: { locked: boolean }) => !s.locked)).toBe(true);
    expect(active[0]).toMatchObject({ entryJson: { price: 1.085, method: "market" }, sl: 1.08, side: "LONG" });
    expect(active[1]).toMatchObject({ symbol: "USDJPY", side: "SHORT", tpJson: { tp1: 150.3 } });
  });

  it("keeps other strategies' live signals locked for that subscriber", async () => {
    const res = await call(strategyRoute.loader, "/strategies/london-breakout?tab=signals", {
      params: { slug: "london-breakout" },
      cookie: fx.subscriberCookie,
    });
    const body = await res.json();
    const active = body.signals.filter((s: { status: string }) => s.status === "ACTIVE");
    expect(active).toHaveLength(1);
    expect(active[0].locked).toBe(true);
  });

  it("caps the Signals tab at 20, newest first", async () => {
    const res = await call(strategyRoute.loader, "/strategies/alpha-swing?tab=signals", { params: { slug: "alpha-swing" } });
    const body = await res.json();
    expect(body.signals.length).toBeLessThanOrEqual(STRATEGY_SIGNALS_LIMIT);
    const times = body.signals.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("reads the tab parameter leniently", () => {
    expect(parseStrategyTab(null)).toBe("overview");
    expect(parseStrategyTab("Playbook")).toBe("playbook");
    expect(parseStrategyTab("signals")).toBe("signals");
    expect(parseStrategyTab("../etc")).toBe("overview");
  });
});

describe("/dashboard loader", () => {
  it("redirects signed-out visitors to sign in, returning to /dashboard", async () => {
    const res = await thrownBy(dashboardRoute.loader, "/dashboard");
    expectSignInRedirect(res, "/dashboard");
  });

  it("shows a subscriber their status, counts and the 10 latest signals", async () => {
    const res = await call(dashboardRoute.loader, "/dashboard", { cookie: fx.subscriberCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const body = await res.json();
    expect(body.variant).toBe("trading");
    expect(body.displayName).toBe("Sam");
    expect(body.subscription).toEqual({ status: "ACTIVE", planLabel: "Pro", isActive: true, trialEndsAt: null, display: { label: "Active", tone: "success" } });
    expect(body.activeSignals).toBe(fx.activeCount);
    expect(body.strategyAccess).toEqual({ count: 1, total: 3, label: "1 / 3" });
    expect(body.recentSignals).toHaveLength(10);
    const times = body.recentSignals.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Alpha (entitled) live signals are open; London's is locked.
    const byStrategy = (id: number) => body.recentSignals.filter((s: { strategyId: number; status: string }) => s.strategyId === id && s.status === "ACTIVE");
    expect(byStrategy(fx.alpha).every((s: { locked: boolean }) => !s.locked)).toBe(true);
    expect(byStrategy(fx.london).every((s: { locked: boolean }) => s.locked)).toBe(true);
    expect(body.strategies.map((s: { slug: string; accessible: boolean }) => [s.slug, s.accessible])).toEqual([
      ["alpha-swing", true],
      ["london-breakout", false],
      ["gold-intraday", false],
    ]);
    // The card's fields only: no description or methodology travels with the page.
    expect(Object.keys(body.strategies[0]).sort()).toEqual(["accessible", "id", "name", "riskClass", "slug", "timeframes"]);
    expect(body.strategyNames[fx.alpha]).toBe("Alpha Swing");
  });

  it("shows 'Free' (as a warning) to a user without a subscription", async () => {
    const res = await call(dashboardRoute.loader, "/dashboard", { cookie: fx.freeCookie });
    const body = await res.json();
    expect(body.subscription).toEqual({ status: "Free", planLabel: "Free", isActive: false, trialEndsAt: null, display: null });
    expect(body.strategyAccess.label).toBe("0 / 3");
    expect(body.displayName).toBe("free@example.com");
  });

  it("gives the home variant the 3 latest signals", () => {
    const row = getDb().select().from(users).where(eq(users.id, fx.subscriberId)).get()!;
    const data = loadDashboard(toPublicUser(row), "home");
    expect(data.variant).toBe("home");
    expect(data.recentSignals).toHaveLength(3);
    expect(data.strategies).toHaveLength(3);
  });
});

describe("GET /api/strategies and /api/strategies/:slug", () => {
  it("lists strategies as JSON", async () => {
    const res = await call(apiStrategies.loader, "/api/strategies");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({ id: fx.alpha, slug: "alpha-swing", riskClass: "Balanced", isActive: true });
    expect(typeof body[0].createdAt).toBe("string");
  });

  it("returns one strategy, case-insensitively, or a 404 problem", async () => {
    const ok = await call(apiStrategy.loader, "/api/strategies/Alpha-Swing", { params: { slug: "Alpha-Swing" } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ slug: "alpha-swing", name: "Alpha Swing" });

    const missing = await call(apiStrategy.loader, "/api/strategies/nope", { params: { slug: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ status: 404 });
  });
});

describe("GET /api/signals", () => {
  it("returns 20 signals by default, newest first, in both shapes", async () => {
    const res = await call(apiSignals.loader, "/api/signals");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(fx.signalCount).toBeGreaterThan(20);
    expect(body).toHaveLength(20);
    const times = body.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const closed = body.find((s: { status: string }) => s.status === "CLOSED");
    expect(closed).toMatchObject({
      side: closed.direction,
      entryJson: { price: closed.entryPrice, method: "market" },
      sl: closed.stopLoss,
      tpJson: { tp1: closed.takeProfit1, tp2: closed.takeProfit2 },
      locked: false,
    });
    for (const key of ["id", "strategyId", "symbol", "status", "rationale", "createdAt", "expiresAt"]) {
      expect(closed).toHaveProperty(key);
    }
  });

  it("honours ?limit=5", async () => {
    const body = await (await call(apiSignals.loader, "/api/signals?limit=5")).json();
    expect(body).toHaveLength(5);
    expect(body[0].createdAt).toBe(new Date(NOW - 5 * MINUTE).toISOString());
  });

  it.each(["0", "101", "abc", "2.5", "-1"])("rejects limit=%s with a 400 naming limit", async (limit) => {
    const res = await call(apiSignals.loader, `/api/signals?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body.detail).toMatch(/limit/);
    expect(body.errors).toEqual([expect.objectContaining({ field: "limit" })]);
  });

  it("locks live signals the caller is not entitled to", async () => {
    const anonymous = await (await call(apiSignals.loader, "/api/signals?limit=5")).json();
    const live = anonymous.filter((s: { status: string }) => s.status === "ACTIVE");
    expect(live.length).toBe(3);
    expect(live.every((s: { locked: boolean; entryPrice: null; stopLoss: null }) => s.locked && s.entryPrice === null && s.stopLoss === null)).toBe(true);

    const subscriber = await (await call(apiSignals.loader, "/api/signals?limit=5", { cookie: fx.subscriberCookie })).json();
    const locked = subscriber.filter((s: { locked: boolean }) => s.locked).map((s: { strategyId: number }) => s.strategyId);
    expect(locked).toEqual([fx.london]);
  });
});

describe("GET /api/signals/strategy/:strategyId", () => {
  it("returns one strategy's signals", async () => {
    const res = await call(apiStrategySignals.loader, `/api/signals/strategy/${fx.gold}`, { params: { strategyId: String(fx.gold) } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((s: { strategyId: number; symbol: string }) => s.strategyId === fx.gold)).toBe(true);
  });

  it("is a 404 for an unknown strategy", async () => {
    const res = await call(apiStrategySignals.loader, "/api/signals/strategy/9999", { params: { strategyId: "9999" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  });

  it.each(["abc", "1.5", "0"])("is a 400 for strategyId=%s", async (strategyId) => {
    const res = await call(apiStrategySignals.loader, `/api/signals/strategy/${strategyId}`, { params: { strategyId } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([expect.objectContaining({ field: "strategyId" })]);
  });
});

describe("signed-in API routes", () => {
  const routes = [
    ["/api/me", apiMe],
    ["/api/auth/user", apiAuthUser],
    ["/api/user/subscription", apiSubscription],
    ["/api/user/strategy-access", apiStrategyAccess],
  ] as const;

  it.each(routes)("%s is a 401 problem when signed out", async (path, route) => {
    const res = await call(route.loader, path);
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 401, title: expect.any(String), detail: expect.any(String) });
  });

  it("GET /api/me returns subscription status and strategy access", async () => {
    const res = await call(apiMe.loader, "/api/me", { cookie: fx.subscriberCookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.subscription).toMatchObject({ status: "ACTIVE", planName: "Pro" });
    expect(body.entitlements).toEqual({ strategyAccess: [fx.alpha] });

    const free = await (await call(apiMe.loader, "/api/me", { cookie: fx.freeCookie })).json();
    expect(free).toMatchObject({ subscription: { status: "FREE", planName: "Free" }, entitlements: { strategyAccess: [] }, emailVerified: true });
    expect(Object.keys(free).sort()).toEqual(["emailVerified", "entitlements", "legal", "subscription"]);
  });

  it("GET /api/auth/user returns the user without secrets", async () => {
    const body = await (await call(apiAuthUser.loader, "/api/auth/user", { cookie: fx.subscriberCookie })).json();
    expect(body).toEqual({ id: fx.subscriberId, email: "sub@example.com", firstName: "Sam", lastName: "Sub", role: "user" });
  });

  it("GET /api/user/subscription returns the plan and dates", async () => {
    const body = await (await call(apiSubscription.loader, "/api/user/subscription", { cookie: fx.subscriberCookie })).json();
    expect(body).toMatchObject({ planName: "Pro", status: "ACTIVE" });
    expect(Date.parse(body.startDate)).toBeLessThan(NOW);
    expect(Date.parse(body.endDate)).toBeGreaterThan(NOW);

    const free = await (await call(apiSubscription.loader, "/api/user/subscription", { cookie: fx.freeCookie })).json();
    expect(free).toEqual({ planName: "Free", status: "FREE", startDate: null, endDate: null });
  });

  it("GET /api/user/strategy-access lists entitled strategy ids", async () => {
    expect(await (await call(apiStrategyAccess.loader, "/api/user/strategy-access", { cookie: fx.subscriberCookie })).json()).toEqual([
      fx.alpha,
    ]);
    expect(await (await call(apiStrategyAccess.loader, "/api/user/strategy-access", { cookie: fx.freeCookie })).json()).toEqual([]);
  });
});

describe("wrong method", () => {
  const routes = [
    ["/api/strategies", apiStrategies],
    ["/api/strategies/alpha-swing", apiStrategy],
    ["/api/signals", apiSignals],
    ["/api/signals/strategy/1", apiStrategySignals],
    ["/api/me", apiMe],
    ["/api/auth/user", apiAuthUser],
    ["/api/user/subscription", apiSubscription],
    ["/api/user/strategy-access", apiStrategyAccess],
  ] as const;

  it.each(routes)("POST %s is a 405 allowing GET", async (path, route) => {
    const res = await call(route.action, path, { method: "POST", cookie: fx.subscriberCookie });
    expect(res.status).toBe(405);
    // /api/me also answers DELETE (the account deletion request).
    expect(res.headers.get("Allow")).toBe(path === "/api/me" ? "GET, DELETE" : "GET");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  });
});
