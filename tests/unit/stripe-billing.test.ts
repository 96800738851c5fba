import { describe, expect, it } from "vitest";
import { isSubscriptionLive } from "~/domain/entitlements";
import {
  graceEndsAt,
  inGrace,
  isStaleEvent,
  mapStripeStatus,
  nextPastDueSince,
  PAST_DUE_GRACE_DAYS,
  planForLookupKey,
  mrrContributionCents,
  STRIPE_SUBSCRIPTION_STATUSES,
  subscriberTotals,
} from "~/domain/stripe-billing";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

describe("mapStripeStatus: one domain state per Stripe status", () => {
  it("trialing → TRIAL", () => expect(mapStripeStatus({ status: "trialing", collectionPaused: false })).toEqual({ status: "TRIAL", pastDue: false }));
  it("active → ACTIVE", () => expect(mapStripeStatus({ status: "active", collectionPaused: false })).toEqual({ status: "ACTIVE", pastDue: false }));
  it("active with pause_collection → PAUSED", () => expect(mapStripeStatus({ status: "active", collectionPaused: true })).toEqual({ status: "PAUSED", pastDue: false }));
  it("past_due → ACTIVE in grace", () => expect(mapStripeStatus({ status: "past_due", collectionPaused: false })).toEqual({ status: "ACTIVE", pastDue: true }));
  it("paused → PAUSED", () => expect(mapStripeStatus({ status: "paused", collectionPaused: false })).toEqual({ status: "PAUSED", pastDue: false }));
  it("unpaid → CANCELLED", () => expect(mapStripeStatus({ status: "unpaid", collectionPaused: false })).toEqual({ status: "CANCELLED", pastDue: false }));
  it("canceled → CANCELLED", () => expect(mapStripeStatus({ status: "canceled", collectionPaused: false })).toEqual({ status: "CANCELLED", pastDue: false }));
  it("incomplete → EXPIRED (never granted)", () => expect(mapStripeStatus({ status: "incomplete", collectionPaused: false })).toEqual({ status: "EXPIRED", pastDue: false }));
  it("incomplete_expired → EXPIRED", () => expect(mapStripeStatus({ status: "incomplete_expired", collectionPaused: false })).toEqual({ status: "EXPIRED", pastDue: false }));
  it("covers every status Stripe lists", () => {
    for (const status of STRIPE_SUBSCRIPTION_STATUSES) expect(mapStripeStatus({ status, collectionPaused: false }).status).toMatch(/^(ACTIVE|TRIAL|PAUSED|CANCELLED|EXPIRED)$/);
  });
});

describe("past-due grace", () => {
  const since = new Date(NOW.getTime() - 2 * DAY);
  it("lasts PAST_DUE_GRACE_DAYS from the first failure", () => {
    expect(graceEndsAt(since).getTime() - since.getTime()).toBe(PAST_DUE_GRACE_DAYS * DAY);
    expect(inGrace(since, NOW)).toBe(true);
    expect(inGrace(since, graceEndsAt(since))).toBe(false);
  });
  it("keeps the first overdue time and clears it once paid", () => {
    expect(nextPastDueSince(null, true, NOW)).toEqual(NOW);
    expect(nextPastDueSince(since, true, NOW)).toEqual(since);
    expect(nextPastDueSince(since, false, NOW)).toBeNull();
  });
  it("entitlements end when the grace ends", () => {
    const sub = { plan: "pro" as const, status: "ACTIVE" as const, endDate: new Date(NOW.getTime() + 20 * DAY), cancelAtPeriodEnd: false, pendingPlan: null };
    expect(isSubscriptionLive({ ...sub, pastDueSince: since }, NOW)).toBe(true);
    expect(isSubscriptionLive({ ...sub, pastDueSince: since }, new Date(since.getTime() + PAST_DUE_GRACE_DAYS * DAY))).toBe(false);
    expect(isSubscriptionLive({ ...sub, pastDueSince: null }, new Date(NOW.getTime() + 10 * DAY))).toBe(true);
  });
});

describe("lookup keys and event order", () => {
  it("finds the plan of each lookup key", () => {
    expect(planForLookupKey("starter_monthly")).toBe("starter");
    expect(planForLookupKey("pro_monthly")).toBe("pro");
    expect(planForLookupKey("institutional_monthly")).toBe("institutional");
    expect(planForLookupKey("gold_monthly")).toBeNull();
  });
  it("an event older than the last applied one is stale; equal or newer applies", () => {
    expect(isStaleEvent(null, 1)).toBe(false);
    expect(isStaleEvent(2000, 1000)).toBe(true);
    expect(isStaleEvent(2000, 2000)).toBe(false);
    expect(isStaleEvent(2000, 3000)).toBe(false);
  });
});

describe("subscriber totals", () => {
  const base = { plan: "pro" as const, monthlyPriceCents: 19700, pastDueSince: null, endDate: new Date(NOW.getTime() + 10 * DAY) };
  it("counts MRR from active subscriptions only, past-due ones until the grace ends", () => {
    const rows = [
      { ...base, status: "ACTIVE" as const },
      { ...base, status: "ACTIVE" as const, plan: "institutional" as const, monthlyPriceCents: 49700 },
      { ...base, status: "TRIAL" as const },
      { ...base, status: "ACTIVE" as const, pastDueSince: new Date(NOW.getTime() - DAY) },
      { ...base, status: "ACTIVE" as const, pastDueSince: new Date(NOW.getTime() - 8 * DAY) },
      { ...base, status: "CANCELLED" as const },
    ];
    expect(subscriberTotals(rows, NOW)).toEqual({ mrrCents: 19700 + 49700 + 19700, active: 2, trialing: 1, pastDue: 2 });
    expect(mrrContributionCents(rows[4]!, NOW)).toBe(0);
  });
});
