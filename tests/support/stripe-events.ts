/**
 * Stripe objects and events as Stripe sends them (API version of the installed
 * `stripe` library: subscription periods on the items, an invoice's
 * subscription under `parent.subscription_details`), signed with
 * `stripe.webhooks.generateTestHeaderString` for POST /api/stripe/webhook.
 * Used by the webhook tests and the Stripe stand-in (tests/support/stripe-stand-in.ts).
 */
import Stripe from "stripe";

export const TEST_STRIPE_KEY = "sk_test_fxtraderstandin0123456789";
export const TEST_WEBHOOK_SECRET = "whsec_fxtraderstandin0123456789";

const signer = new Stripe(TEST_STRIPE_KEY);
let counter = 0;

/** A fresh id with Stripe's prefix (`evt`, `sub`, `in`, ...). */
export function stripeId(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36).padStart(6, "0")}`;
}

/** The fields of a subscription the tests vary. */
export interface SubscriptionShape {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  lookupKey: string;
  priceId?: string;
  unitAmount?: number;
  /** Unix seconds. */
  start: number;
  periodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  paused?: boolean;
  endedAt?: number | null;
  userId?: number;
}

/** A subscription object in the shape the API returns it (the fields the app reads, and the usual others). */
export function subscriptionObject(shape: SubscriptionShape): Record<string, unknown> {
  return {
    id: shape.id,
    object: "subscription",
    customer: shape.customer,
    status: shape.status,
    start_date: shape.start,
    created: shape.start,
    trial_start: shape.trialEnd ? shape.start : null,
    trial_end: shape.trialEnd ?? null,
    cancel_at_period_end: shape.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    ended_at: shape.endedAt ?? null,
    pause_collection: shape.paused ? { behavior: "void", resumes_at: null } : null,
    metadata: shape.userId ? { userId: String(shape.userId) } : {},
    livemode: false,
    currency: "usd",
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${shape.id}`,
      data: [
        {
          id: `si_${shape.id.slice(4)}`,
          object: "subscription_item",
          quantity: 1,
          current_period_start: shape.start,
          current_period_end: shape.periodEnd,
          price: {
            id: shape.priceId ?? `price_${shape.lookupKey}`,
            object: "price",
            lookup_key: shape.lookupKey,
            unit_amount: shape.unitAmount ?? 19700,
            currency: "usd",
            recurring: { interval: "month", interval_count: 1 },
            product: `prod_${shape.lookupKey}`,
            active: true,
          },
          subscription: shape.id,
        },
      ],
    },
  };
}

/** An invoice object billing `subscription` (`amount` in cents). */
export function invoiceObject(fields: { id?: string; customer: string; subscription: string; amount: number; status: string; created: number; origin?: string }): Record<string, unknown> {
  const id = fields.id ?? stripeId("in");
  const origin = fields.origin ?? "https://invoice.stripe.test";
  return {
    id,
    object: "invoice",
    customer: fields.customer,
    status: fields.status,
    created: fields.created,
    currency: "usd",
    total: fields.amount,
    amount_due: fields.amount,
    amount_paid: fields.status === "paid" ? fields.amount : 0,
    hosted_invoice_url: `${origin}/invoices/${id}`,
    invoice_pdf: `${origin}/invoices/${id}/pdf`,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: fields.subscription, metadata: {} } },
    livemode: false,
  };
}

/** An event of `type` about `object`, created at `created` (Unix seconds). */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, id = stripeId("evt")): Record<string, unknown> {
  return { id, object: "event", api_version: "2026-10-28.endive", created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
}

/** The body and `Stripe-Signature` header of a webhook delivery of `event`, signed with `secret`. */
export function signedDelivery(event: Record<string, unknown>, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** The environment of Stripe billing for tests (`base`: the stand-in's URL, when one runs). */
export function stripeTestEnv(base?: string): Record<string, string> {
  return { STRIPE_SECRET_KEY: TEST_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ...(base ? { STRIPE_API_BASE: base } : {}) };
}
