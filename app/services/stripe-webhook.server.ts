/**
 * What a verified Stripe webhook event does (docs/decisions/0165-stripe-webhook-ordering.md).
 * Each event runs once (`stripe_events`, by `event.id`) in one transaction;
 * subscription events are applied in `event.created` order per subscription
 * (an older one arriving late changes nothing). Emails go out after the commit.
 * Handled: `checkout.session.completed`, `customer.subscription.created|updated|deleted|paused|resumed`,
 * `customer.subscription.trial_will_end` (email), `invoice.paid`,
 * `invoice.payment_failed` (email), `invoice.finalized`; other types are recorded and ignored.
 */
import type Stripe from "stripe";
import { ACCOUNT_PATHS } from "~/content/account-mail";
import { isStripeSubscriptionStatus, planForLookupKey } from "~/domain/stripe-billing";
import {
  applySubscription,
  billingUser,
  linkCustomer,
  markInvoicePaid,
  markPaymentFailed,
  onceForEvent,
  rowOfStripeSubscription,
  userByCustomer,
  type StripeSubscriptionFactsRow,
  type Tx,
} from "~/models/stripe-billing.server";
import { mailPaymentFailed, mailTrialEnding } from "~/services/account-mail.server";
import { appOrigin } from "~/services/auth.server";

/** The event types this app acts on. */
export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.finalized",
] as const;

/** What handling an event did: `replay` (already handled), `applied`, `stale` (older than what is stored), `ignored` (nothing to do). */
export type StripeEventOutcome = "replay" | "applied" | "stale" | "ignored";

type Mail = () => void;

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : value?.id ?? null);

/** The facts of a Stripe subscription object, or null when its status or plan is not one this app sells. */
export function subscriptionFacts(subscription: Stripe.Subscription): StripeSubscriptionFactsRow | null {
  const item = subscription.items.data[0];
  const plan = planForLookupKey(item?.price.lookup_key);
  const customerId = idOf(subscription.customer);
  if (!item || !plan || !customerId || !isStripeSubscriptionStatus(subscription.status)) return null;
  const endSeconds =
    subscription.status === "trialing" && subscription.trial_end
      ? subscription.trial_end
      : subscription.status === "canceled" && subscription.ended_at
      ? subscription.ended_at
      : item.current_period_end;
  return {
    subscriptionId: subscription.id,
    customerId,
    status: subscription.status,
    collectionPaused: subscription.pause_collection !== null,
    plan,
    startDate: new Date(subscription.start_date * 1000),
    endDate: new Date(endSeconds * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** The user a subscription belongs to: `metadata.userId` (set at checkout) when that user exists, else the owner of its customer. */
function ownerOf(tx: Tx, subscription: Stripe.Subscription): number | null {
  const declared = Number(subscription.metadata?.userId);
  if (Number.isSafeInteger(declared) && declared > 0 && billingUser(declared, tx)) return declared;
  const customerId = idOf(subscription.customer);
  return customerId ? userByCustomer(tx, customerId)?.id ?? null : null;
}

function onSubscription(tx: Tx, subscription: Stripe.Subscription, eventMs: number, now: Date): StripeEventOutcome {
  const facts = subscriptionFacts(subscription);
  const userId = ownerOf(tx, subscription);
  if (!facts || userId === null) return "ignored";
  const outcome = applySubscription(tx, userId, facts, eventMs, now);
  return outcome === "applied" ? "applied" : outcome === "stale" ? "stale" : "ignored";
}

/** The Stripe subscription an invoice bills (API 2025+: `parent.subscription_details.subscription`). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

function dispatch(tx: Tx, event: Stripe.Event, now: Date, mails: Mail[]): StripeEventOutcome {
  const eventMs = event.created * 1000;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const userId = Number(session.client_reference_id);
      const customerId = idOf(session.customer);
      if (!Number.isSafeInteger(userId) || !customerId || !billingUser(userId, tx)) return "ignored";
      linkCustomer(tx, userId, customerId);
      return "applied";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return onSubscription(tx, event.data.object, eventMs, now);
    case "customer.subscription.trial_will_end": {
      const row = rowOfStripeSubscription(tx, event.data.object.id);
      const user = row ? billingUser(row.userId, tx) : undefined;
      if (!user) return "ignored";
      mails.push(() => mailTrialEnding(user.email));
      return "applied";
    }
    case "invoice.paid": {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      return subscriptionId && markInvoicePaid(tx, subscriptionId, eventMs) ? "applied" : "ignored";
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const failed = subscriptionId ? markPaymentFailed(tx, subscriptionId, eventMs) : null;
      const user = failed ? billingUser(failed.userId, tx) : undefined;
      if (!user) return "ignored";
      const link = invoice.hosted_invoice_url ?? `${appOrigin()}${ACCOUNT_PATHS.subscription}`;
      mails.push(() => mailPaymentFailed(user.email, link));
      return "applied";
    }
    case "invoice.finalized":
      // The billing history reads invoices from Stripe itself; a finalized invoice changes no entitlement.
      return "applied";
    default:
      return "ignored";
  }
}

/**
 * Handles a verified event once: records its id and applies it in one
 * transaction, then sends its emails.
 * @returns what it did; `replay` for an event id already handled (nothing changes).
 */
export function handleStripeEvent(event: Stripe.Event, now: Date): StripeEventOutcome {
  const mails: Mail[] = [];
  const result = onceForEvent({ id: event.id, type: event.type, createdMs: event.created * 1000 }, now, (tx) => dispatch(tx, event, now, mails));
  if (result.replay) return "replay";
  for (const send of mails) send();
  return result.result;
}
