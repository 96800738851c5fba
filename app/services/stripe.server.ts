/**
 * The Stripe client (the official `stripe` library, docs/decisions/0163-stripe-library.md)
 * and every call the app makes to Stripe: prices by lookup key, the customer
 * reused per user, Checkout Sessions, subscription updates (plan change with
 * proration, cancel at period end, pause), the invoice preview, invoices and
 * Billing Portal sessions. Nothing here writes the database's subscription
 * state: only verified webhook events do (app/services/stripe-webhook.server.ts).
 * Amounts are Stripe's integer cents.
 */
import Stripe from "stripe";
import type { PlanId } from "../../db/schema";
import { PLAN_LOOKUP_KEYS, planForLookupKey } from "~/domain/stripe-billing";
import { stripeApiTarget, stripeConfig, type StripeConfig } from "~/platform/env.server";

let client: { key: string; stripe: Stripe } | null = null;

/** A Stripe client for `config` (one per key, API host from STRIPE_API_BASE). */
function clientFor(config: StripeConfig): Stripe {
  const key = `${config.secretKey}|${config.protocol}://${config.host}:${config.port}`;
  if (client?.key === key) return client.stripe;
  const stripe = new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: "FX Trader" },
  });
  client = { key, stripe };
  return stripe;
}

/** The Stripe client and its configuration, or null in demo billing (no STRIPE_SECRET_KEY). */
export function stripeBilling(): { stripe: Stripe; config: StripeConfig } | null {
  const config = stripeConfig();
  return config ? { stripe: clientFor(config), config } : null;
}

/** The Stripe client; for Stripe-mode code paths only. @throws Error in demo billing. */
function requireStripe(): Stripe {
  const billing = stripeBilling();
  if (!billing) throw new Error("Stripe billing is not configured (STRIPE_SECRET_KEY unset)");
  return billing.stripe;
}

/**
 * Verifies a webhook delivery: `body` exactly as received, its `Stripe-Signature`
 * header, checked with STRIPE_WEBHOOK_SECRET (HMAC-SHA256, 300 s tolerance).
 * @returns the event, or null when the signature is missing, wrong or too old.
 */
export function verifiedEvent(body: string, signature: string | null): Stripe.Event | null {
  const billing = stripeBilling();
  if (!billing || !signature) return null;
  try {
    return billing.stripe.webhooks.constructEvent(body, signature, billing.config.webhookSecret);
  } catch {
    return null;
  }
}

/** The active price of each plan, found by its lookup key (PLAN_LOOKUP_KEYS), with its amount in cents. */
export async function planPrices(): Promise<Partial<Record<PlanId, { id: string; unitAmountCents: number }>>> {
  const prices = await requireStripe().prices.list({ lookup_keys: Object.values(PLAN_LOOKUP_KEYS), active: true, limit: 10 });
  const found: Partial<Record<PlanId, { id: string; unitAmountCents: number }>> = {};
  for (const price of prices.data) {
    const plan = planForLookupKey(price.lookup_key);
    if (plan && price.unit_amount !== null) found[plan] = { id: price.id, unitAmountCents: price.unit_amount };
  }
  return found;
}

/** The price id of `plan`. @throws Error when no active price carries its lookup key (run `npm run stripe:setup`). */
async function priceIdOf(plan: PlanId): Promise<string> {
  const price = (await planPrices())[plan];
  if (!price) throw new Error(`No active Stripe price with lookup key ${PLAN_LOOKUP_KEYS[plan]}; run npm run stripe:setup`);
  return price.id;
}

/** The user's Stripe customer id: `existing` when there is one, else a new customer carrying `metadata.userId`. */
export async function ensureCustomer(user: { id: number; email: string }, existing: string | null): Promise<string> {
  if (existing) return existing;
  const customer = await requireStripe().customers.create(
    { email: user.email, metadata: { userId: String(user.id) } },
    { idempotencyKey: `customer-for-user-${user.id}` },
  );
  return customer.id;
}

/** What a Checkout Session for a subscription needs. */
export interface CheckoutRequest {
  userId: number;
  customerId: string;
  plan: PlanId;
  /** Free days before the first charge (0: none), from the plan rules. */
  trialDays: number;
  /** Absolute URLs Checkout returns to. */
  successUrl: string;
  cancelUrl: string;
}

/** Creates a Checkout Session in subscription mode and returns the URL to send the user to. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<string> {
  const session = await requireStripe().checkout.sessions.create({
    mode: "subscription",
    customer: request.customerId,
    client_reference_id: String(request.userId),
    line_items: [{ price: await priceIdOf(request.plan), quantity: 1 }],
    metadata: { userId: String(request.userId), plan: request.plan },
    subscription_data: {
      metadata: { userId: String(request.userId) },
      ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
    },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return session.url;
}

/** The subscription's one item (the plan). @throws Error when it has none. */
async function planItemOf(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
  const subscription = await requireStripe().subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
  return item;
}

/**
 * The amount due now for moving `subscriptionId` to `plan` with proration at
 * `prorationDate` (Unix seconds), from Stripe's invoice preview
 * (`POST /v1/invoices/create_preview`): the sum of the proration lines, in cents.
 */
export async function previewPlanChange(customerId: string, subscriptionId: string, plan: PlanId, prorationDate: number): Promise<{ amountDueNowCents: number; currency: string }> {
  const item = await planItemOf(subscriptionId);
  const preview = await requireStripe().invoices.createPreview({
    customer: customerId,
    subscription: subscriptionId,
    subscription_details: {
      items: [{ id: item.id, price: await priceIdOf(plan) }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
    },
  });
  return { amountDueNowCents: preview.amount_due, currency: preview.currency };
}

/** Moves `subscriptionId` to `plan` at once, invoicing the proration now (the amount `previewPlanChange` showed for `prorationDate`). */
export async function changeSubscriptionPlan(subscriptionId: string, plan: PlanId, prorationDate: number): Promise<void> {
  const item = await planItemOf(subscriptionId);
  await requireStripe().subscriptions.update(subscriptionId, {
    items: [{ id: item.id, price: await priceIdOf(plan) }],
    proration_behavior: "always_invoice",
    proration_date: prorationDate,
  });
}

/** Cancels at period end (`cancel: true`), or withdraws that cancellation (`false`). */
export async function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
  await requireStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
}

/** Pauses collection (`pause_collection[behavior]=void`: invoices drafted while paused are voided) or resumes it (`pause: false`). */
export async function setPaused(subscriptionId: string, pause: boolean): Promise<void> {
  await requireStripe().subscriptions.update(subscriptionId, { pause_collection: pause ? { behavior: "void" } : "" });
}

/** Ends a trial at once without a charge (cancels the subscription now, nothing invoiced or prorated). */
export async function cancelTrialNow(subscriptionId: string): Promise<void> {
  await requireStripe().subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
}

/** A Billing Portal session's URL (payment methods, invoices, tax ids), returning to `returnUrl`. */
export async function billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
  const session = await requireStripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return session.url;
}

/** One invoice of the billing history. */
export interface InvoiceRow {
  id: string;
  /** When it was created (UTC). */
  date: Date;
  /** Total in cents. */
  totalCents: number;
  currency: string;
  status: string;
  hostedInvoiceUrl: string | null;
  pdfUrl: string | null;
}

/** The customer's latest invoices (at most `limit`, newest first). */
export async function listInvoices(customerId: string, limit = 24): Promise<InvoiceRow[]> {
  const invoices = await requireStripe().invoices.list({ customer: customerId, limit });
  return invoices.data.map((invoice) => ({
    id: invoice.id ?? "",
    date: new Date(invoice.created * 1000),
    totalCents: invoice.total,
    currency: invoice.currency,
    status: invoice.status ?? "draft",
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  }));
}

/** What `setupPlanPrices` did per plan: `created` a price, or found one `existing` with its lookup key. */
export type SetupOutcome = Record<PlanId, "created" | "existing">;

/**
 * `npm run stripe:setup`: makes sure each plan has an active monthly USD price
 * with its lookup key (PLAN_LOOKUP_KEYS), at the plan's price in cents
 * (`priceCents`); creates the missing ones with their product. Idempotent:
 * a second run finds them all and creates nothing.
 * @param stripe a client for the account to set up.
 */
export async function setupPlanPrices(stripe: Stripe, plans: Record<PlanId, { name: string; priceCents: number }>): Promise<SetupOutcome> {
  const existing = await stripe.prices.list({ lookup_keys: Object.values(PLAN_LOOKUP_KEYS), active: true, limit: 10 });
  const outcome = {} as SetupOutcome;
  for (const [plan, key] of Object.entries(PLAN_LOOKUP_KEYS) as [PlanId, string][]) {
    if (existing.data.some((price) => price.lookup_key === key)) {
      outcome[plan] = "existing";
      continue;
    }
    await stripe.prices.create(
      {
        currency: "usd",
        unit_amount: plans[plan].priceCents,
        recurring: { interval: "month" },
        lookup_key: key,
        product_data: { name: `FX Trader ${plans[plan].name}` },
      },
      { idempotencyKey: `setup-${key}-${plans[plan].priceCents}` },
    );
    outcome[plan] = "created";
  }
  return outcome;
}

/** A client for `npm run stripe:setup`: only STRIPE_SECRET_KEY (and STRIPE_API_BASE) are needed. */
export function setupClient(secretKey: string, apiBase: string | undefined): Stripe {
  return new Stripe(secretKey, { ...stripeApiTarget(apiBase), maxNetworkRetries: 2, timeout: 10_000 });
}
