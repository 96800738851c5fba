/** Fixed texts of billing (issue 38): the demo notice, checkout states, the past-due banner and the billing emails. */
import type { AccountMailText } from "./account-mail";

/** Shown on every billing screen while billing runs in demo mode (no STRIPE_SECRET_KEY). */
export const DEMO_BILLING_NOTICE = "Demo billing: no card is charged";

export const CHECKOUT_TEXT = {
  /** After Checkout, until the webhook has written the subscription. */
  confirming: "Confirming your payment…",
  confirmingDetail: "Stripe is confirming your payment. This page shows your plan as soon as it has; reload it in a few seconds.",
  confirmed: "Your payment is confirmed and your plan is active.",
  cancelled: "Checkout was cancelled: nothing was charged.",
} as const;

export const BILLING_TEXT = {
  manageBilling: "Manage billing",
  manageBillingDetail: "Payment methods, invoices and tax ids, on Stripe's secure billing portal.",
  historyTitle: "Billing history",
  historyEmpty: "No invoices yet.",
  hostedInvoice: "View invoice",
  pdf: "PDF",
  subscribe: "Subscribe",
  startTrial: "Start free trial",
  amountDueNow: "Amount due now",
  pauseWording: "Pausing stops billing and your access to live signals until you resume. Your current period end date is kept.",
  stripeUnavailable: "Stripe could not be reached. Nothing was changed; try again in a minute.",
} as const;

/** The past-due banner shown on every portal page during the grace. */
export function pastDueBanner(graceEndText: string): string {
  return `Your last payment failed. Update your payment method by ${graceEndText} to keep access to live signals.`;
}

export const BILLING_MAIL = {
  paymentFailed: {
    subject: "Your FX Trader payment failed",
    intro: ["We could not take the payment for your FX Trader subscription.", "Your access continues for 7 days while you update your payment method:"],
    action: "Update payment method",
    outro: ["After that, live signals lock until the payment goes through."],
  },
  trialEnding: {
    subject: "Your FX Trader trial ends soon",
    intro: ["Your FX Trader trial ends in a few days. Your plan then starts and is charged to the card you gave at checkout."],
    action: "Review your subscription",
    outro: ["To stop before the first charge, cancel the trial on your subscription page."],
  },
} satisfies Record<string, AccountMailText>;
