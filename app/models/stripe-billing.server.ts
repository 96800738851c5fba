/**
 * The Stripe side of subscriptions in the database: handled webhook events
 * (`stripe_events`, idempotency on `event.id`), the user's Stripe customer,
 * and the subscription row as Stripe reports it, mapped onto the domain's
 * states (`mapStripeStatus`). These are the only writes of Stripe-billed
 * subscription state, each inside the event's one transaction on the primary
 * (docs/decisions/0165-stripe-webhook-ordering.md). Times are UTC; amounts cents.
 */
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { stripeEvents, subscriptions, users, type PlanId, type Subscription } from "../../db/schema";
import type { Db } from "../../db/connection";
import { graceEndsAt, inGrace, isStaleEvent, mapStripeStatus, nextPastDueSince, type StripeSubscriptionStatus } from "~/domain/stripe-billing";
import { getDb } from "~/platform/db.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs `apply` for a Stripe event in ONE transaction, once per `event.id`:
 * the event is recorded first, and a redelivery (already recorded) runs
 * nothing and returns `{ replay: true }`.
 * @param event id, type and `created` (ms) of the verified event.
 */
export function onceForEvent<T>(event: { id: string; type: string; createdMs: number }, now: Date, apply: (tx: Tx) => T): { replay: true } | { replay: false; result: T } {
  return getDb().transaction((tx) => {
    const inserted = tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.createdMs), receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
      .all();
    if (inserted.length === 0) return { replay: true as const };
    return { replay: false as const, result: apply(tx) };
  });
}

/** Whether an event id was already handled (tests and the admin read it). */
export function isEventRecorded(eventId: string): boolean {
  return getDb().select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get() !== undefined;
}

/** A user's id, email and Stripe customer id. */
export interface BillingUser {
  id: number;
  email: string;
  stripeCustomerId: string | null;
}

/** The user `userId`, or undefined. */
export function billingUser(userId: number, db: Pick<Db, "select"> = getDb()): BillingUser | undefined {
  return db.select({ id: users.id, email: users.email, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).get();
}

/** The user whose Stripe customer is `customerId`, or undefined. */
export function userByCustomer(tx: Tx, customerId: string): BillingUser | undefined {
  return tx.select({ id: users.id, email: users.email, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.stripeCustomerId, customerId)).get();
}

/** Remembers `customerId` as the user's Stripe customer when the user has none yet (the first one is reused for every later checkout). */
export function linkCustomer(tx: Tx | Db, userId: number, customerId: string): void {
  tx.update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), sql`${users.stripeCustomerId} IS NULL`))
    .run();
}

/** The facts of a Stripe subscription the row mirrors (from the event's object). */
export interface StripeSubscriptionFactsRow {
  subscriptionId: string;
  customerId: string;
  status: StripeSubscriptionStatus;
  collectionPaused: boolean;
  plan: PlanId;
  /** `start_date`. */
  startDate: Date;
  /** Trial end while trialing, else the current period's end, or when it ended. */
  endDate: Date;
  cancelAtPeriodEnd: boolean;
}

export type ApplyOutcome = "applied" | "stale" | "other-subscription";

/**
 * Writes the user's subscription row from a Stripe subscription as of an
 * event created at `eventMs`: status through `mapStripeStatus`, the period,
 * cancel-at-period-end, the overdue time. Not applied when an event created
 * later was already applied (`stale`), or when the event is about an older
 * Stripe subscription that ended while the row follows a newer one.
 */
export function applySubscription(tx: Tx, userId: number, facts: StripeSubscriptionFactsRow, eventMs: number, now: Date): ApplyOutcome {
  const row = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
  const sameSubscription = row?.stripeSubscriptionId === facts.subscriptionId;
  if (row && sameSubscription && isStaleEvent(row.stripeEventAt, eventMs)) return "stale";
  const mapped = mapStripeStatus(facts);
  if (row && !sameSubscription && row.stripeSubscriptionId !== null && mapped.status !== "ACTIVE" && mapped.status !== "TRIAL") return "other-subscription";
  const values = {
    plan: facts.plan,
    status: mapped.status,
    startDate: facts.startDate,
    endDate: facts.endDate,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    pendingPlan: null,
    stripeSubscriptionId: facts.subscriptionId,
    stripeStatus: facts.status,
    stripeEventAt: eventMs,
    pastDueSince: nextPastDueSince(sameSubscription ? row?.pastDueSince ?? null : null, mapped.pastDue, new Date(eventMs)),
  };
  if (row) tx.update(subscriptions).set({ ...values, ...(sameSubscription ? {} : { failedPayments: 0 }) }).where(eq(subscriptions.userId, userId)).run();
  else tx.insert(subscriptions).values({ userId, createdAt: now, ...values }).run();
  linkCustomer(tx, userId, facts.customerId);
  return "applied";
}

/** The row following Stripe subscription `subscriptionId`, or undefined. */
export function rowOfStripeSubscription(tx: Tx | Db, subscriptionId: string): Subscription | undefined {
  return tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId)).get();
}

/**
 * `invoice.paid` for `subscriptionId` at `eventMs`: a payment overdue is
 * settled, so access is restored at once (ACTIVE, `past_due_since` cleared),
 * unless a later event was already applied.
 * @returns whether the row changed.
 */
export function markInvoicePaid(tx: Tx, subscriptionId: string, eventMs: number): boolean {
  const row = rowOfStripeSubscription(tx, subscriptionId);
  if (!row || row.pastDueSince === null || isStaleEvent(row.stripeEventAt, eventMs)) return false;
  tx.update(subscriptions)
    .set({ status: "ACTIVE", stripeStatus: "active", pastDueSince: null, stripeEventAt: eventMs })
    .where(eq(subscriptions.id, row.id))
    .run();
  return true;
}

/**
 * `invoice.payment_failed` for `subscriptionId` at `eventMs`: counts the
 * failure and, unless a later event was already applied, marks the payment
 * overdue from this event (kept if it already was).
 * @returns the subscriber to email, or null when no row follows that subscription.
 */
export function markPaymentFailed(tx: Tx, subscriptionId: string, eventMs: number): { userId: number } | null {
  const row = rowOfStripeSubscription(tx, subscriptionId);
  if (!row) return null;
  const stale = isStaleEvent(row.stripeEventAt, eventMs);
  tx.update(subscriptions)
    .set({
      failedPayments: row.failedPayments + 1,
      ...(stale || (row.status !== "ACTIVE" && row.status !== "TRIAL")
        ? {}
        : { status: "ACTIVE" as const, stripeStatus: "past_due", pastDueSince: row.pastDueSince ?? new Date(eventMs), stripeEventAt: eventMs }),
    })
    .where(eq(subscriptions.id, row.id))
    .run();
  return { userId: row.userId };
}

/** One subscriber of the admin list. */
export interface SubscriberRow {
  userId: number;
  email: string;
  plan: PlanId;
  status: Subscription["status"];
  stripeStatus: string | null;
  endDate: Date;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  failedPayments: number;
}

/** Every subscription row with its user's email, paid ones first by renewal date (a read). */
export function listSubscribers(limit = 500): SubscriberRow[] {
  return getDb()
    .select({
      userId: subscriptions.userId,
      email: users.email,
      plan: subscriptions.plan,
      status: subscriptions.status,
      stripeStatus: subscriptions.stripeStatus,
      endDate: subscriptions.endDate,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      pastDueSince: subscriptions.pastDueSince,
      failedPayments: subscriptions.failedPayments,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(desc(isNotNull(subscriptions.stripeSubscriptionId)), asc(subscriptions.endDate), asc(subscriptions.userId))
    .limit(limit)
    .all();
}

/**
 * The past-due banner's facts for `userId` at `now`: when the grace ends, while
 * a payment is overdue and the grace runs (`inGrace`); null otherwise. A read.
 */
export function pastDueNotice(userId: number, now: Date): { graceEndsAt: Date } | null {
  const row = getDb().select({ pastDueSince: subscriptions.pastDueSince }).from(subscriptions).where(eq(subscriptions.userId, userId)).get();
  if (!row?.pastDueSince || !inGrace(row.pastDueSince, now)) return null;
  return { graceEndsAt: graceEndsAt(row.pastDueSince) };
}
