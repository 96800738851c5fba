import { describe, expect, it } from "vitest";
import type { Signal } from "../../db/schema";
import { entitledStrategyIds, isRenewalDue, isSubscriptionLive, planInForce, type EntitlementInput } from "~/domain/entitlements";
import { isSignalLocked, toApiSignal } from "~/domain/signals";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const FUTURE = new Date(NOW.getTime() + 10 * DAY);
const PAST = new Date(NOW.getTime() - DAY);
const ALL = [1, 2, 3] as const;

function input(overrides: Partial<EntitlementInput>): EntitlementInput {
  return {
    role: "user",
    subscription: { plan: "pro", status: "ACTIVE", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null },
    chosenStrategyIds: [2, 1],
    allStrategyIds: ALL,
    now: NOW,
    ...overrides,
  };
}

describe("isSubscriptionLive", () => {
  it("is true for ACTIVE and TRIAL subscriptions within their period", () => {
    expect(isSubscriptionLive({ plan: "pro", status: "ACTIVE", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null }, NOW)).toBe(true);
    expect(isSubscriptionLive({ plan: "pro", status: "TRIAL", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null }, NOW)).toBe(true);
  });

  it("is false without a subscription, after the period ends, or for other statuses", () => {
    expect(isSubscriptionLive(null, NOW)).toBe(false);
    expect(isSubscriptionLive(undefined, NOW)).toBe(false);
    expect(isSubscriptionLive({ plan: "pro", status: "ACTIVE", endDate: PAST, cancelAtPeriodEnd: true, pendingPlan: null }, NOW)).toBe(false);
    expect(isSubscriptionLive({ plan: "pro", status: "ACTIVE", endDate: NOW, cancelAtPeriodEnd: true, pendingPlan: null }, NOW)).toBe(false);
    for (const status of ["PAUSED", "CANCELLED", "EXPIRED"] as const) {
      expect(isSubscriptionLive({ plan: "pro", status, endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null }, NOW), status).toBe(false);
    }
  });
});

describe("a period that ended with its renewal due", () => {
  const ended = { plan: "pro", status: "ACTIVE", endDate: PAST, cancelAtPeriodEnd: false, pendingPlan: null } as const;

  it("keeps an auto-renewing subscription live: the renewal is due, not missed", () => {
    expect(isRenewalDue(ended, NOW)).toBe(true);
    expect(isSubscriptionLive(ended, NOW)).toBe(true);
    expect(entitledStrategyIds(input({ subscription: ended }))).toEqual([2, 1]);
  });

  it("ends a cancelling subscription and a trial without a pending plan", () => {
    expect(isRenewalDue({ ...ended, cancelAtPeriodEnd: true }, NOW)).toBe(false);
    expect(isRenewalDue({ ...ended, status: "TRIAL" }, NOW)).toBe(false);
    expect(entitledStrategyIds(input({ subscription: { ...ended, status: "TRIAL" } }))).toEqual([]);
  });

  it("starts a trial's pending plan with that plan's strategy limit", () => {
    const trial = { ...ended, status: "TRIAL", pendingPlan: "starter" } as const;
    expect(isRenewalDue(trial, NOW)).toBe(true);
    expect(planInForce(trial, NOW)).toBe("starter");
    expect(planInForce(trial, new Date(PAST.getTime() - 1))).toBe("pro");
    expect(entitledStrategyIds(input({ subscription: trial }))).toEqual([2]);
  });

  it("is not due while the period runs", () => {
    expect(isRenewalDue({ ...ended, endDate: FUTURE }, NOW)).toBe(false);
  });
});

describe("entitledStrategyIds", () => {
  it("gives admins every strategy, even without a subscription", () => {
    expect(entitledStrategyIds(input({ role: "admin", subscription: null, chosenStrategyIds: [] }))).toEqual([1, 2, 3]);
  });

  it("gives nothing without a subscription", () => {
    expect(entitledStrategyIds(input({ subscription: null }))).toEqual([]);
    expect(entitledStrategyIds(input({ subscription: undefined }))).toEqual([]);
  });

  it("gives nothing for expired, paused or cancelled subscriptions", () => {
    expect(entitledStrategyIds(input({ subscription: { plan: "pro", status: "ACTIVE", endDate: PAST, cancelAtPeriodEnd: true, pendingPlan: null } }))).toEqual([]);
    expect(entitledStrategyIds(input({ subscription: { plan: "pro", status: "EXPIRED", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } }))).toEqual([]);
    expect(entitledStrategyIds(input({ subscription: { plan: "pro", status: "PAUSED", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } }))).toEqual([]);
    expect(entitledStrategyIds(input({ subscription: { plan: "pro", status: "CANCELLED", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } }))).toEqual([]);
    expect(
      entitledStrategyIds(input({ subscription: { plan: "institutional", status: "EXPIRED", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } })),
    ).toEqual([]);
  });

  it("limits Starter to one strategy: the earliest pick", () => {
    const starter = { plan: "starter", status: "ACTIVE", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } as const;
    expect(entitledStrategyIds(input({ subscription: starter, chosenStrategyIds: [3, 1, 2] }))).toEqual([3]);
    expect(entitledStrategyIds(input({ subscription: starter, chosenStrategyIds: [] }))).toEqual([]);
  });

  it("gives Pro its picks up to three, ignoring unknown strategies", () => {
    expect(entitledStrategyIds(input({ chosenStrategyIds: [2, 1] }))).toEqual([2, 1]);
    expect(entitledStrategyIds(input({ chosenStrategyIds: [9, 3, 2, 1] }))).toEqual([3, 2, 1]);
    expect(
      entitledStrategyIds(input({ chosenStrategyIds: [1, 2, 3, 4], allStrategyIds: [1, 2, 3, 4] })),
    ).toEqual([1, 2, 3]);
  });

  it("counts a live TRIAL like an active subscription", () => {
    expect(entitledStrategyIds(input({ subscription: { plan: "pro", status: "TRIAL", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } }))).toEqual([2, 1]);
  });

  it("gives Institutional every strategy regardless of picks", () => {
    const institutional = { plan: "institutional", status: "ACTIVE", endDate: FUTURE, cancelAtPeriodEnd: false, pendingPlan: null } as const;
    expect(entitledStrategyIds(input({ subscription: institutional, chosenStrategyIds: [] }))).toEqual([1, 2, 3]);
  });
});

function signal(overrides: Partial<Signal> = {}): Signal {
  return {
    id: 7,
    strategyId: 1,
    symbol: "EURUSD",
    side: "LONG",
    status: "ACTIVE",
    entryPrice: 1.085,
    entryMethod: "limit",
    sl: 1.08,
    tp1: 1.0925,
    tp2: 1.1,
    rationale: "Pullback to the 20-EMA in a daily uptrend.",
    createdById: null,
    createdAt: new Date("2026-11-20T10:00:00.000Z"),
    expiresAt: new Date("2026-11-21T10:00:00.000Z"),
    closedAt: null,
    originalSl: 1.08,
    fillPrice: null,
    triggeredAt: null,
    remaining: 1,
    exitPrice: null,
    closeReason: null,
    resultPips: null,
    resultR: null,
    ...overrides,
  };
}

describe("isSignalLocked", () => {
  it("locks only open (PENDING or ACTIVE) signals of strategies the viewer is not entitled to", () => {
    const none = new Set<number>();
    const one = new Set([1]);
    expect(isSignalLocked({ status: "ACTIVE", strategyId: 1 }, none)).toBe(true);
    expect(isSignalLocked({ status: "ACTIVE", strategyId: 1 }, one)).toBe(false);
    expect(isSignalLocked({ status: "ACTIVE", strategyId: 2 }, one)).toBe(true);
    expect(isSignalLocked({ status: "CLOSED", strategyId: 2 }, none)).toBe(false);
    expect(isSignalLocked({ status: "CANCELLED", strategyId: 2 }, none)).toBe(false);
    expect(isSignalLocked({ status: "PENDING", strategyId: 2 }, one)).toBe(true);
    expect(isSignalLocked({ status: "PENDING", strategyId: 1 }, one)).toBe(false);
    expect(isSignalLocked({ status: "EXPIRED", strategyId: 2 }, none)).toBe(false);
  });
});

describe("toApiSignal", () => {
  it("returns both documented shapes at once for an entitled viewer", () => {
    const api = toApiSignal(signal(), new Set([1]));
    expect(api).toEqual({
      id: 7,
      strategyId: 1,
      symbol: "EURUSD",
      status: "ACTIVE",
      side: "LONG",
      direction: "LONG",
      entryJson: { price: 1.085, method: "limit" },
      sl: 1.08,
      tpJson: { tp1: 1.0925, tp2: 1.1 },
      entryPrice: 1.085,
      stopLoss: 1.08,
      takeProfit1: 1.0925,
      takeProfit2: 1.1,
      rationale: "Pullback to the 20-EMA in a daily uptrend.",
      createdAt: "2026-11-20T10:00:00.000Z",
      expiresAt: "2026-11-21T10:00:00.000Z",
      closedAt: null,
      fillPrice: null,
      exitPrice: null,
      closeReason: null,
      resultPips: null,
      resultR: null,
      events: "/api/signals/7/events",
      locked: false,
    });
  });

  it("withholds every price level and the rationale (which may quote prices) of a locked signal but keeps the rest", () => {
    const api = toApiSignal(signal({ side: "SHORT" }), new Set());
    expect(api.locked).toBe(true);
    expect(api).toMatchObject({
      side: "SHORT",
      direction: "SHORT",
      entryJson: { price: null, method: "limit" },
      sl: null,
      tpJson: { tp1: null, tp2: null },
      entryPrice: null,
      stopLoss: null,
      takeProfit1: null,
      takeProfit2: null,
      symbol: "EURUSD",
      status: "ACTIVE",
      rationale: null,
    });
  });

  it("shows CLOSED and CANCELLED signals in full to everyone", () => {
    const closedAt = new Date("2026-11-20T11:00:00.000Z");
    for (const status of ["CLOSED", "CANCELLED"] as const) {
      const api = toApiSignal(signal({ status, closedAt }), new Set());
      expect(api.locked, status).toBe(false);
      expect(api.entryPrice, status).toBe(1.085);
      expect(api.entryJson.price, status).toBe(1.085);
      expect(api.sl, status).toBe(1.08);
      expect(api.tpJson, status).toEqual({ tp1: 1.0925, tp2: 1.1 });
      expect(api.closedAt, status).toBe("2026-11-20T11:00:00.000Z");
    }
  });

  it("keeps a missing TP2 as null in both shapes", () => {
    const api = toApiSignal(signal({ tp2: null }), new Set([1]));
    expect(api.tpJson.tp2).toBeNull();
    expect(api.takeProfit2).toBeNull();
  });
});
