/**
 * /portal/strategies end to end: the loader's data per tab, "Choose your
 * strategies" against the plan limit, the Live Signals tab (only the viewer's
 * strategies, locked where the plan does not reach), Send to MT5, and the
 * delivery settings — with real `Request`s and signed-in cookies against this
 * file's temporary SQLite database.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mt5Queue, userSettings } from "../../db/schema";
import { INACTIVE_STRATEGY_TEXT } from "~/content/portal";
import type { PortalSignal } from "~/domain/my-strategies";
import { listSignals } from "~/models/signals.server";
import { getChosenStrategyIds } from "~/models/subscriptions.server";
import * as route from "~/routes/portal.strategies";
import { getDb } from "~/platform/db.server";
import { createUser, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, minutesAgo, signedInCookie } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest } from "../support/http";
import { toastOf } from "../support/toast";

const ORIGIN = "http://localhost:3000";
const PAGE = "/portal/strategies";

function get(query: string, cookie?: string): Request {
  return getRequest(`${ORIGIN}${PAGE}${query}`, { cookie });
}

function post(query: string, cookie: string | undefined, fields: [string, string][]): Request {
  return formRequest(`${ORIGIN}${PAGE}${query}`, fields, { cookie });
}

async function load(query: string, cookie: string) {
  const response = await callRoute(route.loader, get(query, cookie));
  expect(response.status).toBe(200);
  return response.json();
}

/** The first message a 4xx reply gives for `field` ("" for the whole form). */
async function errorOf(response: Response, field: string): Promise<string | undefined> {
  return (await response.json()).submission.error?.[field]?.[0];
}

function queueRows(userId: number) {
  return getDb().select().from(mt5Queue).where(eq(mt5Queue.userId, userId)).all();
}

interface Fx {
  alpha: number;
  london: number;
  gold: number;
  /** Inactive strategy. */
  dormant: number;
  alphaActive: number;
  alphaClosed: number;
  londonActive: number;
  londonClosed: number;
  goldActive: number;
}
let fx: Fx;

beforeAll(() => {
  const base = { winRate: 68, avgDuration: "3 days" };
  const alpha = insertStrategy({ ...base, slug: "alpha-swing", name: "Alpha Swing" }).id;
  const london = insertStrategy({ ...base, slug: "london-breakout", name: "London Breakout", riskClass: "Aggressive" }).id;
  const gold = insertStrategy({ ...base, slug: "gold-intraday", name: "Gold Intraday", riskClass: "Conservative" }).id;
  const dormant = insertStrategy({ ...base, slug: "dormant-carry", name: "Dormant Carry", isActive: false }).id;
  const now = Date.now();
  const live = { entryMethod: "limit", tp2: 1.095 } as const;
  const closed = { status: "CLOSED", closedAt: new Date(now) } as const;
  const [alphaActive, alphaClosed, londonActive, londonClosed, goldActive] = insertSignals([
    { ...live, strategyId: alpha, createdAt: minutesAgo(10, now) },
    { ...live, ...closed, strategyId: alpha, createdAt: minutesAgo(100, now) },
    { ...live, strategyId: london, createdAt: minutesAgo(20, now), symbol: "GBPUSD", side: "SHORT" },
    { ...live, ...closed, strategyId: london, createdAt: minutesAgo(200, now), symbol: "GBPUSD" },
    { ...live, strategyId: gold, createdAt: minutesAgo(5, now), symbol: "XAUUSD", entryPrice: 2650, sl: 2640, tp1: 2670 },
  ]);
  fx = {
    alpha,
    london,
    gold,
    dormant,
    alphaActive: alphaActive!.id,
    alphaClosed: alphaClosed!.id,
    londonActive: londonActive!.id,
    londonClosed: londonClosed!.id,
    goldActive: goldActive!.id,
  };
});

describe("access", () => {
  it("redirects signed-out visitors to sign in, returning to the same tab", async () => {
    const response = await callRoute(route.loader, get("?tab=signals"));
    expectSignInRedirect(response, `${PAGE}?tab=signals`);
    const posted = await callRoute(route.action, post("?tab=signals", undefined, [["intent", "send-mt5"], ["signalId", String(fx.alphaActive)]]));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });
});

describe("tabs", () => {
  it("defaults to overview (also for unknown tabs) with the subscription, accessible strategies and the choice", async () => {
    const user = createUser({ firstName: "Olive" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [fx.london]);
    const cookie = await signedInCookie(user.id);
    for (const query of ["", "?tab=nonsense", "?tab=OVERVIEW"]) {
      const data = await load(query, cookie);
      expect(data.tab).toBe("overview");
    }
    const data = await load("", cookie);
    expect(data.planLabel).toBe("Starter");
    expect(data.subscription).toMatchObject({ planName: "Starter", status: "ACTIVE", live: true, periodLabel: "Next billing date" });
    expect(data.strategies.map((s: { id: number }) => s.id)).toEqual([fx.london]);
    expect(data.choice).toMatchObject({ live: true, planName: "Starter", limit: 1, limitText: "1 strategy", chosen: [fx.london] });
    expect(data.choice.options.map((o: { id: number }) => o.id)).toEqual([fx.alpha, fx.london, fx.gold]);
    expect(data.signals).toBeNull();
    expect(data.settings).toBeNull();
  });

  it("a Free user sees no subscription and no accessible strategies", async () => {
    const user = createUser({ firstName: "Fred" });
    const data = await load("?tab=overview", await signedInCookie(user.id));
    expect(data.subscription).toBeNull();
    expect(data.planLabel).toBe("Free");
    expect(data.strategies).toEqual([]);
    expect(data.choice.live).toBe(false);
    const perf = await load("?tab=performance", await signedInCookie(user.id));
    expect(perf.performance).toEqual([]);
  });

  it("includes an entitled inactive strategy in the overview cards, flagged inactive", async () => {
    const user = createUser({ firstName: "Ina" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.dormant, fx.alpha]);
    const data = await load("", await signedInCookie(user.id));
    expect(data.strategies.map((s: { id: number; isActive: boolean }) => [s.id, s.isActive])).toEqual([
      [fx.alpha, true],
      [fx.dormant, false],
    ]);
    expect(INACTIVE_STRATEGY_TEXT).toBe("This strategy is currently inactive. New signals are paused.");
  });

  it("performance lists each accessible strategy's figures with per-slug sample stats", async () => {
    const user = createUser({ firstName: "Pera" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.alpha, fx.gold]);
    const data = await load("?tab=performance", await signedInCookie(user.id));
    expect(data.performance).toHaveLength(2);
    expect(data.performance[0]).toMatchObject({ slug: "alpha-swing", winRate: null, riskClass: "Balanced", avgDuration: "3 days" });
    expect(data.performance[0]).not.toHaveProperty("sample");
    expect(data.performance[1]).toMatchObject({ slug: "gold-intraday", riskClass: "Conservative" });
  });
});

describe("Choose your strategies", () => {
  it("refuses more picks than the plan allows with 400 and a message naming the limit; nothing changes", async () => {
    const user = createUser({ firstName: "Over" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [fx.alpha]);
    const response = await callRoute(
      route.action,
      post("?tab=overview", await signedInCookie(user.id), [
        ["intent", "choose-strategies"],
        ["strategyIds", String(fx.london)],
        ["strategyIds", String(fx.gold)],
      ]),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ intent: "choose-strategies", submission: { initialValue: { strategyIds: [String(fx.london), String(fx.gold)] } } });
    expect(body.submission.error.strategyIds[0]).toMatch(/^Your Starter plan includes 1 strategy/);
    expect(getChosenStrategyIds(user.id)).toEqual([fx.alpha]);
  });

  it("saves picks within the limit, replacing the old ones, with a toast", async () => {
    const user = createUser({ firstName: "Within" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.alpha]);
    const response = await callRoute(
      route.action,
      post("?tab=overview", await signedInCookie(user.id), [
        ["intent", "choose-strategies"],
        ["strategyIds", String(fx.gold)],
        ["strategyIds", String(fx.london)],
      ]),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?tab=overview`);
    expect(await toastOf(response)).toEqual({ title: "Strategies Updated", description: "You now follow 2 strategies." });
    expect(getChosenStrategyIds(user.id)).toEqual([fx.gold, fx.london]);
  });

  it("refuses unknown and inactive strategies, no picks, and users without a live plan", async () => {
    const user = createUser({ firstName: "Picky" });
    insertSubscription(user.id, "institutional");
    const cookie = await signedInCookie(user.id);
    const choose = (ids: string[]) =>
      callRoute(route.action, post("", cookie, [["intent", "choose-strategies"], ...ids.map((id): [string, string] => ["strategyIds", id])]));
    expect((await choose(["999999"])).status).toBe(400);
    const inactive = await choose([String(fx.dormant)]);
    expect(inactive.status).toBe(400);
    expect(await errorOf(inactive, "strategyIds")).toBe("Dormant Carry is currently inactive and cannot be chosen");
    const none = await choose([]);
    expect(none.status).toBe(400);
    expect(await errorOf(none, "strategyIds")).toBe("Choose at least one strategy");
    expect((await choose(["abc"])).status).toBe(400);
    // Institutional: any number of active strategies.
    expect((await choose([String(fx.alpha), String(fx.london), String(fx.gold)])).status).toBe(302);

    const free = createUser({ firstName: "NoPlan" });
    const noPlan = await callRoute(route.action, post("", await signedInCookie(free.id), [["intent", "choose-strategies"], ["strategyIds", String(fx.alpha)]]));
    expect(noPlan.status).toBe(400);
    expect(await errorOf(noPlan, "strategyIds")).toBe("Choose a plan first");
    expect(getChosenStrategyIds(free.id)).toEqual([]);

    const paused = createUser({ firstName: "Paused" });
    insertSubscription(paused.id, "pro", { status: "PAUSED" });
    const pausedResponse = await callRoute(route.action, post("", await signedInCookie(paused.id), [["intent", "choose-strategies"], ["strategyIds", String(fx.alpha)]]));
    expect(await errorOf(pausedResponse, "strategyIds")).toBe("Choose a plan first");
  });

  it("ignores a user id in the form", async () => {
    const a = createUser({ firstName: "Ava" });
    const b = createUser({ firstName: "Bea" });
    insertSubscription(a.id, "starter");
    insertSubscription(b.id, "starter");
    insertStrategyAccess(a.id, [fx.alpha]);
    await callRoute(
      route.action,
      post("", await signedInCookie(b.id), [
        ["intent", "choose-strategies"],
        ["userId", String(a.id)],
        ["user_id", String(a.id)],
        ["strategyIds", String(fx.gold)],
      ]),
    );
    expect(getChosenStrategyIds(a.id)).toEqual([fx.alpha]);
    expect(getChosenStrategyIds(b.id)).toEqual([fx.gold]);
  });
});

describe("Live Signals", () => {
  it("lists only the viewer's strategies, locking ACTIVE signals the plan does not reach", async () => {
    // Downgraded to Starter with two picks: Alpha (first pick) is entitled, London is the viewer's but locked.
    const user = createUser({ firstName: "Lena" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [fx.alpha, fx.london]);
    const data = await load("?tab=signals", await signedInCookie(user.id));
    const byId = new Map(data.signals.map((s: PortalSignal) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([fx.alphaActive, fx.alphaClosed, fx.londonActive, fx.londonClosed].sort());
    expect(byId.has(fx.goldActive)).toBe(false);

    const alpha = byId.get(fx.alphaActive) as PortalSignal;
    expect(alpha).toMatchObject({ locked: false, actionable: true, entryPrice: 1.085, strategyName: "Alpha Swing" });
    expect(alpha.ticket).toContain("EURUSD LONG\nEntry: 1.08500 (limit)\nStop loss: 1.08000\nTP1: 1.09000\nTP2: 1.09500");
    expect(alpha.ticket).toContain("Strategy: Alpha Swing");

    const london = byId.get(fx.londonActive) as PortalSignal;
    expect(london).toMatchObject({ locked: true, actionable: false, ticket: null, entryPrice: null, sl: null, stopLoss: null });
    // CLOSED signals are the public track record: shown in full, with no actions.
    expect(byId.get(fx.londonClosed)).toMatchObject({ locked: false, actionable: false, entryPrice: 1.085 });
    // Newest first.
    const times = data.signals.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("shows no signals for a user without strategies", async () => {
    const user = createUser({ firstName: "Empty" });
    const data = await load("?tab=signals", await signedInCookie(user.id));
    expect(data.signals).toEqual([]);
  });

  it("caps the list at 20", async () => {
    const now = Date.now();
    const extra = insertStrategy({ slug: "busy", name: "Busy", timeframes: "M15" });
    insertSignals(
      Array.from({ length: 25 }, (_, i) => ({
        strategyId: extra.id,
        entryPrice: 1.1,
        sl: 1.09,
        tp1: 1.11,
        createdAt: new Date(now - i * 1000),
      })),
    );
    const user = createUser({ firstName: "Busy" });
    insertSubscription(user.id, "institutional");
    const data = await load("?tab=signals", await signedInCookie(user.id));
    expect(data.signals).toHaveLength(20);
  });

  it("Send to MT5 queues an entitled ACTIVE signal with the 'Sent to MT5' toast; a second send is a no-op success", async () => {
    const user = createUser({ firstName: "Mia" });
    // MT5 is a Pro and Institutional channel (docs/decisions/0157-plans-as-entitlements.md).
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.alpha]);
    const cookie = await signedInCookie(user.id);
    const send = (signalId: number) => callRoute(route.action, post("?tab=signals", cookie, [["intent", "send-mt5"], ["signalId", String(signalId)]]));

    const response = await send(fx.alphaActive);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?tab=signals`);
    expect(await toastOf(response)).toEqual({ title: "Sent to MT5", description: "The signal is queued for your MT5 Expert Advisor." });
    expect(queueRows(user.id).map((r) => r.signalId)).toEqual([fx.alphaActive]);

    const again = await send(fx.alphaActive);
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toEqual({ title: "Sent to MT5", description: "The signal is queued for your MT5 Expert Advisor." });
    expect(queueRows(user.id)).toHaveLength(1);
  });

  it("Send to MT5 refuses signals of strategies outside the plan, closed ones and unknown ids; no row is written", async () => {
    const user = createUser({ firstName: "Nia" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.alpha]);
    const cookie = await signedInCookie(user.id);
    const send = (signalId: string) => callRoute(route.action, post("?tab=signals", cookie, [["intent", "send-mt5"], ["signalId", signalId]]));

    const locked = await send(String(fx.londonActive));
    expect(locked.status).toBe(403);
    expect((await locked.json()).data.toast).toMatchObject({ title: "Cannot Send to MT5", variant: "destructive" });
    expect((await send(String(fx.goldActive))).status).toBe(403);
    expect((await send(String(fx.alphaClosed))).status).toBe(403);
    expect((await send("987654")).status).toBe(404);
    expect((await send("nope")).status).toBe(404);
    expect(queueRows(user.id)).toEqual([]);

    const free = createUser({ firstName: "Freya" });
    const freeResponse = await callRoute(route.action, post("", await signedInCookie(free.id), [["intent", "send-mt5"], ["signalId", String(fx.alphaActive)]]));
    expect(freeResponse.status).toBe(403);
    expect(queueRows(free.id)).toEqual([]);
  });
});

describe("Settings", () => {
  it("loads the defaults for a user without a settings row", async () => {
    const user = createUser({ firstName: "Def" });
    const data = await load("?tab=settings", await signedInCookie(user.id));
    expect(data.settings).toEqual({ emailAlerts: true, telegramAlerts: false, pushAlerts: false, newsBlackout: true, riskTemplate: "Balanced" });
  });

  it("saves toggles (ticked = on, absent = off) and the risk template with 'Settings Saved', leaving security settings alone", async () => {
    const user = createUser({ firstName: "Set" });
    getDb().insert(userSettings).values({ userId: user.id, loginNotifications: false, sessionTimeoutMinutes: 60 }).run();
    const cookie = await signedInCookie(user.id);
    const response = await callRoute(
      route.action,
      post("?tab=settings", cookie, [
        ["intent", "save-settings"],
        ["telegramAlerts", "on"],
        ["pushAlerts", "on"],
        ["riskTemplate", "Aggressive"],
      ]),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?tab=settings`);
    expect((await toastOf(response))?.title).toBe("Settings Saved");
    const row = getDb().select().from(userSettings).where(eq(userSettings.userId, user.id)).get();
    expect(row).toMatchObject({
      emailAlerts: false,
      telegramAlerts: true,
      pushAlerts: true,
      newsBlackout: false,
      riskTemplate: "Aggressive",
      loginNotifications: false,
      sessionTimeoutMinutes: 60,
    });
    const data = await load("?tab=settings", cookie);
    expect(data.settings).toMatchObject({ telegramAlerts: true, riskTemplate: "Aggressive" });
  });

  it("creates the settings row when missing", async () => {
    const user = createUser({ firstName: "NoRow" });
    const response = await callRoute(
      route.action,
      post("", await signedInCookie(user.id), [["intent", "save-settings"], ["emailAlerts", "on"], ["riskTemplate", "Conservative"]]),
    );
    expect(response.status).toBe(302);
    const row = getDb().select().from(userSettings).where(and(eq(userSettings.userId, user.id))).get();
    expect(row).toMatchObject({ emailAlerts: true, newsBlackout: false, riskTemplate: "Conservative" });
  });

  it("re-renders with 400 for an unknown risk template and saves nothing", async () => {
    const user = createUser({ firstName: "Bad" });
    const response = await callRoute(
      route.action,
      post("?tab=settings", await signedInCookie(user.id), [["intent", "save-settings"], ["emailAlerts", "on"], ["riskTemplate", "YOLO"]]),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      intent: "save-settings",
      submission: {
        error: { riskTemplate: ["Choose Conservative, Balanced or Aggressive"] },
        initialValue: { emailAlerts: "on", riskTemplate: "YOLO" },
      },
    });
    expect(getDb().select().from(userSettings).where(eq(userSettings.userId, user.id)).get()).toBeUndefined();
  });

  it("rejects an unknown intent with 400", async () => {
    const user = createUser({ firstName: "Huh" });
    const response = await callRoute(route.action, post("", await signedInCookie(user.id), [["intent", "drop-tables"]]));
    expect(response.status).toBe(400);
    expect(await errorOf(response, "intent")).toBe("Unknown action. Reload the page and try again.");
  });
});

describe("form bodies", () => {
  it.each([
    ["application/json", JSON.stringify({ intent: "save-settings", riskTemplate: "Balanced" })],
    ["text/plain", "intent=save-settings&riskTemplate=Balanced"],
  ])("answers 415 (not 500) to a %s body, changing nothing", async (contentType, body) => {
    const user = createUser({ firstName: "Json" });
    const request = new Request(`${ORIGIN}${PAGE}?tab=settings`, {
      method: "POST",
      body,
      headers: { "Content-Type": contentType, Cookie: await signedInCookie(user.id) },
    });
    expect((await callRoute(route.action, request)).status).toBe(415);
    expect(getDb().select().from(userSettings).where(eq(userSettings.userId, user.id)).get()).toBeUndefined();
  });
});

describe("listSignals", () => {
  it("lists the signals of several strategies newest first in one call, capped at the limit", () => {
    const rows = listSignals({ strategyIds: [fx.alpha, fx.london], limit: 3 });
    expect(rows.map((r) => r.id)).toEqual([fx.alphaActive, fx.londonActive, fx.alphaClosed]);
    expect(listSignals({ strategyIds: [fx.gold], limit: 10 }).map((r) => r.id)).toEqual([fx.goldActive]);
    expect(listSignals({ strategyIds: [], limit: 10 })).toEqual([]);
  });
});

describe("Follow this strategy (a locked signal's call to action)", () => {
  const follow = (cookie: string, strategyId: number, returnTo: string) =>
    callRoute(
      route.action,
      post("", cookie, [
        ["intent", "follow-strategy"],
        ["strategyId", String(strategyId)],
        ["returnTo", returnTo],
      ]),
    );

  it("adds the pick when the plan has room and returns to the page with a toast", async () => {
    const user = createUser({ firstName: "Roomy" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.alpha, fx.london]);
    const response = await follow(await signedInCookie(user.id), fx.gold, "/strategies/gold-intraday?tab=signals");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/strategies/gold-intraday?tab=signals");
    expect(await toastOf(response)).toMatchObject({
      title: "Strategy followed",
      description: "You now follow Gold Intraday: its live signals show their levels.",
    });
    expect(getChosenStrategyIds(user.id)).toEqual([fx.alpha, fx.london, fx.gold]);
  });

  it("refuses a full plan with a toast and keeps the picks; never leaves the site", async () => {
    const user = createUser({ firstName: "Full" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [fx.alpha]);
    const response = await follow(await signedInCookie(user.id), fx.gold, "https://evil.example/");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?tab=signals`);
    expect(await toastOf(response)).toMatchObject({
      title: "Could not follow this strategy",
      description: "Your Starter plan includes 1 strategy. You chose 2.",
      variant: "destructive",
    });
    expect(getChosenStrategyIds(user.id)).toEqual([fx.alpha]);
  });

  it("gives the Live Signals tab what the unlock call to action needs", async () => {
    const user = createUser({ firstName: "Facts" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, [fx.london, fx.alpha]);
    const data = await load("?tab=signals", await signedInCookie(user.id));
    expect(data.unlock).toEqual({
      viewer: "member",
      plan: { strategyLimit: 3 },
      chosenStrategyIds: [fx.london, fx.alpha],
      followableStrategyIds: expect.arrayContaining([fx.alpha, fx.london, fx.gold]),
    });
    expect(data.unlock.followableStrategyIds).not.toContain(fx.dormant);
  });
});
