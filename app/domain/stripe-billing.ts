/**
 * Stripe billing as pure functions: how a Stripe subscription's status maps
 * onto the domain's subscription states (the one place entitlements read,
 * app/domain/entitlements.ts), the past-due grace period, the lookup keys of
 * the plans' prices, and which webhook events are too old to apply.
 * No I/O, no clock: callers pass `now` and the event's time.
 * Decisions: docs/decisions/0164-stripe-status-mapping-and-grace.md,
 * 0165-stripe-webhook-ordering.md.
 */
import type { PlanId, SubscriptionStatus } from "../../db/schema";

/** Stripe's subscription statuses (API reference, "The Subscription object", `status`). */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/** Days a `past_due` subscription keeps its access after the first failed payment (ADR 0164). */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The facts of a Stripe subscription the mapping reads. */
export interface StripeSubscriptionFacts {
  status: StripeSubscriptionStatus;
  /** `pause_collection` is set (invoices are not collected): the domain's PAUSED. */
  collectionPaused: boolean;
}

/** A domain state for a Stripe subscription: the status entitlements read, and whether a payment is overdue (grace running). */
export interface MappedStatus {
  status: SubscriptionStatus;
  pastDue: boolean;
}

/**
 * The domain state for a Stripe subscription (ADR 0164):
 * - `trialing` → TRIAL; `active` → ACTIVE (PAUSED while `pause_collection` is set);
 * - `past_due` → ACTIVE with `pastDue` (access kept for PAST_DUE_GRACE_DAYS);
 * - `paused` (trial ended without a payment method) → PAUSED;
 * - `unpaid`, `canceled` → CANCELLED (access ends);
 * - `incomplete` (first payment not made yet), `incomplete_expired` → EXPIRED (never granted).
 */
export function mapStripeStatus(facts: StripeSubscriptionFacts): MappedStatus {
  switch (facts.status) {
    case "trialing":
      return { status: "TRIAL", pastDue: false };
    case "active":
      return { status: facts.collectionPaused ? "PAUSED" : "ACTIVE", pastDue: false };
    case "past_due":
      return { status: "ACTIVE", pastDue: true };
    case "paused":
      return { status: "PAUSED", pastDue: false };
    case "unpaid":
    case "canceled":
      return { status: "CANCELLED", pastDue: false };
    case "incomplete":
    case "incomplete_expired":
      return { status: "EXPIRED", pastDue: false };
  }
}

/** True when `value` is one of Stripe's subscription statuses. */
export function isStripeSubscriptionStatus(value: unknown): value is StripeSubscriptionStatus {
  return typeof value === "string" && (STRIPE_SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** When the grace of a subscription past due since `pastDueSince` ends (PAST_DUE_GRACE_DAYS later). */
export function graceEndsAt(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/** True while a payment is overdue and the grace has not ended at `now`. */
export function inGrace(pastDueSince: Date | null | undefined, now: Date): boolean {
  return pastDueSince != null && now < graceEndsAt(pastDueSince);
}

/**
 * The new `pastDueSince` after an event: kept when already overdue, the
 * event's time when it starts now, null when the subscription is paid up.
 */
export function nextPastDueSince(current: Date | null, pastDue: boolean, eventAt: Date): Date | null {
  if (!pastDue) return null;
  return current ?? eventAt;
}

/** The lookup keys of the plans' monthly prices (issue 38: never hard-coded price ids). */
export const PLAN_LOOKUP_KEYS: Readonly<Record<PlanId, string>> = {
  starter: "starter_monthly",
  pro: "pro_monthly",
  institutional: "institutional_monthly",
};

/** The plan a price's lookup key sells, or null for a key that is not one of PLAN_LOOKUP_KEYS. */
export function planForLookupKey(lookupKey: string | null | undefined): PlanId | null {
  const entry = Object.entries(PLAN_LOOKUP_KEYS).find(([, key]) => key === lookupKey);
  return entry ? (entry[0] as PlanId) : null;
}

/**
 * Whether a subscription event created at `eventCreated` is older than the
 * last one applied to the row (`lastApplied`), and so must not overwrite it
 * (ADR 0165: ordering by `event.created`; equal times apply, later wins).
 * Both are Stripe `created` times in milliseconds.
 */
export function isStaleEvent(lastApplied: number | null, eventCreated: number): boolean {
  return lastApplied !== null && eventCreated < lastApplied;
}

/** One subscriber as the admin list reads it. */
export interface SubscriberFacts {
  plan: PlanId;
  status: SubscriptionStatus;
  /** The plan's monthly price, cents. */
  monthlyPriceCents: number;
  pastDueSince: Date | null;
  endDate: Date;
}

/**
 * A subscriber's contribution to monthly recurring revenue at `now`, in cents:
 * the plan's monthly price while ACTIVE and its period runs (past-due ones
 * within the grace included, cancelling ones until their end); 0 for trials,
 * paused, cancelled and expired subscriptions (they bill nothing monthly).
 */
export function mrrContributionCents(subscriber: SubscriberFacts, now: Date): number {
  if (subscriber.status !== "ACTIVE") return 0;
  if (subscriber.pastDueSince && !inGrace(subscriber.pastDueSince, now)) return 0;
  return subscriber.monthlyPriceCents;
}

/** Totals of the admin list: MRR (cents, integer sum of `mrrContributionCents`) and the active, trialing and past-due counts. */
export function subscriberTotals(subscribers: readonly SubscriberFacts[], now: Date): { mrrCents: number; active: number; trialing: number; pastDue: number } {
  let mrrCents = 0;
  let active = 0;
  let trialing = 0;
  let pastDue = 0;
  for (const subscriber of subscribers) {
    mrrCents += mrrContributionCents(subscriber, now);
    if (subscriber.status === "TRIAL") trialing += 1;
    else if (subscriber.status === "ACTIVE" && subscriber.pastDueSince) pastDue += 1;
    else if (subscriber.status === "ACTIVE") active += 1;
  }
  return { mrrCents, active, trialing, pastDue };
}
