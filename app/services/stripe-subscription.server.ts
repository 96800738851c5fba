/**
 * The Subscription tab in Stripe mode (issue 38): what its loader adds (the
 * checkout return state, real invoices, the amount due now of a plan change
 * from Stripe's invoice preview) and what its forms do. The forms call Stripe
 * only: a Checkout Session to subscribe or start the trial, a subscription
 * update with proration to change plan, cancel at period end (undone by
 * keeping the same plan), pause collection and resume, ending a trial now, and
 * a Billing Portal session. The subscription row changes when Stripe's webhook
 * event lands (app/services/stripe-webhook.server.ts), never here.
 */
import { redirect } from "@remix-run/node";
import type { PlanId, Subscription } from "../../db/schema";
import { TRIAL_DAYS } from "~/content/plans";
import { BILLING_TEXT } from "~/content/billing";
import { formatUsdCents } from "~/domain/money";
import { billingUser, linkCustomer } from "~/models/stripe-billing.server";
import { getDb } from "~/platform/db.server";
import { appOrigin } from "~/services/auth.server";
import type { IntentOutcome } from "~/services/form-intent.server";
import * as stripe from "~/services/stripe.server";

const PAGE = "/portal/account/subscription";

/** What `?checkout=` says after Checkout: `confirming` until the webhook has written a live Stripe subscription. */
export function checkoutState(url: URL, sub: Subscription | undefined): "confirming" | "confirmed" | "cancelled" | null {
  const checkout = url.searchParams.get("checkout");
  if (checkout === "cancelled") return "cancelled";
  if (checkout !== "success") return null;
  const landed = sub?.stripeSubscriptionId != null && (sub.status === "ACTIVE" || sub.status === "TRIAL");
  return landed ? "confirmed" : "confirming";
}

/** One invoice row as the page shows it. */
export interface InvoiceView {
  id: string;
  date: string;
  dateText: string;
  amountText: string;
  status: string;
  hostedInvoiceUrl: string | null;
  pdfUrl: string | null;
}

/** The user's invoices from Stripe, newest first; `null` when Stripe cannot be reached (the page says so). */
export async function invoiceViews(userId: number): Promise<InvoiceView[] | null> {
  const customerId = billingUser(userId)?.stripeCustomerId;
  if (!customerId) return [];
  try {
    return (await stripe.listInvoices(customerId)).map((invoice) => ({
      id: invoice.id,
      date: invoice.date.toISOString(),
      dateText: invoice.date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }),
      amountText: formatUsdCents(invoice.totalCents),
      status: invoice.status,
      hostedInvoiceUrl: invoice.hostedInvoiceUrl,
      pdfUrl: invoice.pdfUrl,
    }));
  } catch {
    return null;
  }
}

/**
 * "Amount due now: $X" for moving the user's Stripe subscription to `plan` at
 * `now`, from Stripe's invoice preview; null without a Stripe subscription or
 * when Stripe cannot be reached.
 */
export async function amountDueNowLine(userId: number, sub: Subscription | undefined, plan: PlanId, now: Date): Promise<string | null> {
  const customerId = billingUser(userId)?.stripeCustomerId;
  if (!customerId || !sub?.stripeSubscriptionId || sub.plan === plan) return null;
  try {
    const preview = await stripe.previewPlanChange(customerId, sub.stripeSubscriptionId, plan, Math.floor(now.getTime() / 1000));
    return `${BILLING_TEXT.amountDueNow}: ${formatUsdCents(preview.amountDueNowCents)} (prorated for the rest of this period, charged today).`;
  } catch {
    return null;
  }
}

/** The intents the Subscription tab posts, as Stripe mode reads them. */
export type StripeIntent =
  | { intent: "change-plan"; plan: PlanId }
  | { intent: "pause" }
  | { intent: "resume" }
  | { intent: "cancel" }
  | { intent: "manage-billing" };

const UPDATED = { title: "Subscription updated", description: "Stripe has your change; this page shows it." };

/** Sends the user to Checkout for `plan`: the customer reused (created once), trial days for a first subscription. */
async function checkout(user: { id: number; email: string }, sub: Subscription | undefined, plan: PlanId): Promise<IntentOutcome> {
  const existing = billingUser(user.id)?.stripeCustomerId ?? null;
  const customerId = await stripe.ensureCustomer(user, existing);
  if (!existing) linkCustomer(getDb(), user.id, customerId);
  const firstSubscription = !sub || sub.stripeSubscriptionId === null;
  const url = await stripe.createCheckoutSession({
    userId: user.id,
    customerId,
    plan,
    trialDays: firstSubscription && (!sub || sub.status === "TRIAL") ? TRIAL_DAYS : 0,
    successUrl: `${appOrigin()}${PAGE}?checkout=success`,
    cancelUrl: `${appOrigin()}${PAGE}?checkout=cancelled`,
  });
  return redirect(url);
}

/**
 * Runs a Subscription tab form in Stripe mode and answers with the redirect
 * (to Checkout, the Billing Portal, or back with a toast) or a form error.
 */
export async function runStripeIntent(user: { id: number; email: string }, sub: Subscription | undefined, value: StripeIntent, now: Date): Promise<IntentOutcome> {
  const live = sub?.stripeSubscriptionId != null && sub.status !== "CANCELLED" && sub.status !== "EXPIRED" ? sub.stripeSubscriptionId : null;
  try {
    switch (value.intent) {
      case "manage-billing": {
        const customerId = billingUser(user.id)?.stripeCustomerId;
        if (!customerId) return { formErrors: ["Subscribe first: there is no billing account yet."] };
        return redirect(await stripe.billingPortalUrl(customerId, `${appOrigin()}${PAGE}`));
      }
      case "change-plan":
        if (!live) return await checkout(user, sub, value.plan);
        if (sub!.plan === value.plan) {
          if (!sub!.cancelAtPeriodEnd) return { formErrors: [`You are already on this plan.`] };
          await stripe.setCancelAtPeriodEnd(live, false);
        } else {
          await stripe.changeSubscriptionPlan(live, value.plan, Math.floor(now.getTime() / 1000));
        }
        return { toast: UPDATED, redirectTo: PAGE };
      case "cancel":
        if (!live) return { formErrors: ["There is no subscription to cancel."] };
        if (sub!.status === "TRIAL") await stripe.cancelTrialNow(live);
        else await stripe.setCancelAtPeriodEnd(live, true);
        return { toast: UPDATED, redirectTo: PAGE };
      case "pause":
      case "resume":
        if (!live) return { formErrors: ["There is no subscription to pause or resume."] };
        await stripe.setPaused(live, value.intent === "pause");
        return { toast: UPDATED, redirectTo: PAGE };
    }
  } catch {
    return { formErrors: [BILLING_TEXT.stripeUnavailable], status: 502 };
  }
}
