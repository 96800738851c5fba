/**
 * /portal/account/subscription (spec section 2 "Account" → Subscription; 4
 * "Subscription status"; 8 toasts and 'No Active Subscription').
 *
 * Shows the plan, start date, status (ACTIVE normal, anything else as a
 * warning), the next billing date (or when a cancelled or trial period ends),
 * the plan choice and the billing history. A plan choice, Pause and Cancel
 * (or Cancel Trial) first open a confirmation from the URL
 * (`?confirm=pause|cancel|change-plan&plan=…`; a page without JavaScript, a
 * dialog with it) that says what happens, when and what is charged, and on a
 * smaller plan asks which strategies to keep (docs/decisions/0048-trials-and-plan-changes.md).
 * The confirmations, Keep My Subscription and Resume are native forms posted
 * to this route's action with a hidden `intent`, handled by `handleIntent`
 * with `subscriptionIntentSchema`; each runs one transaction
 * (app/models/subscriptions.server.ts) and redirects with the spec's toast.
 * Refused transitions re-render with 400 and a message. In demo billing no
 * payment is taken: changes are recorded in the billing history
 * (docs/decisions/subscriptions-and-billing.md). With STRIPE_SECRET_KEY the
 * forms go to Stripe instead (app/services/stripe-subscription.server.ts) and
 * the history lists Stripe's invoices (docs/decisions/0163-stripe-library.md).
 */
import { HelpLink } from "~/components/help/help-link";
import { HELP_LINKS } from "~/content/help-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BillingHistory } from "~/components/account/subscription/billing-history";
import { CurrentSubscription } from "~/components/account/subscription/current-subscription";
import { ConfirmChange, type ConfirmationView } from "~/components/account/subscription/confirm-change";
import { PlanChoice } from "~/components/account/subscription/plan-choice";
import { CheckoutNotice, DemoBillingNotice, InvoiceHistory, ManageBilling } from "~/components/account/subscription/stripe-billing";
import { type IntentReplyData, replyFormError, UnknownIntentAlert } from "~/components/portal/intent-form";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SUBSCRIPTION_TOASTS } from "~/content/account";
import { formatUsdCents } from "~/domain/money";
import { PLAN_RULES } from "~/content/plans";
import { formatDate } from "~/domain/signal-display";
import {
  confirmationFor,
  periodLabel,
  planPriceCents,
  strategyLimitLabel,
  type ConfirmableChange,
} from "~/domain/subscription-lifecycle";
import {
  cancelSubscription,
  changePlan,
  listBillingHistory,
  listChosenStrategies,
  pauseSubscription,
  resumeSubscription,
  currentSubscription,
  getSubscription,
  type SubscriptionChange,
} from "~/models/subscriptions.server";
import { confirmChangeSchema, PLAN_CHOICES, subscriptionIntentSchema } from "~/schemas/account";
import type { Subscription } from "../../db/schema";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";
import { DEMO_BILLING_NOTICE } from "~/content/billing";
import { billingMode } from "~/platform/env.server";
import { amountDueNowLine, checkoutState, invoiceViews, runStripeIntent } from "~/services/stripe-subscription.server";

export const meta: MetaFunction = () => [{ title: "Subscription | FX Trader" }];

const PAGE = "/portal/account/subscription";

function subscriptionView(sub: Subscription, now: Date) {
  const pending = sub.status === "TRIAL" ? sub.pendingPlan : null;
  return {
    plan: sub.plan,
    planName: PLAN_RULES[sub.plan].name,
    status: sub.status,
    startDate: sub.startDate.toISOString(),
    startText: formatDate(sub.startDate),
    endDate: sub.endDate.toISOString(),
    endText: formatDate(sub.endDate),
    periodLabel: periodLabel(sub),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    now: now.toISOString(),
    priceText: `${formatUsdCents(planPriceCents(sub.plan))}/month`,
    pendingPlan: pending,
    pendingPlanName: pending ? PLAN_RULES[pending].name : null,
    pendingPriceText: pending ? formatUsdCents(planPriceCents(pending)) : null,
  };
}

/** The confirmation the URL asks for (`?confirm=…`), its refusal as a message, or null when none is asked. */
function confirmationView(url: URL, userId: number, sub: Subscription | undefined, now: Date): ConfirmationView | { refusal: string } | null {
  if (!url.searchParams.has("confirm")) return null;
  const asked = confirmChangeSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!asked.success) return { refusal: "Choose Starter, Pro or Institutional" };
  const change: ConfirmableChange =
    asked.data.confirm === "change-plan" ? { kind: "change-plan", plan: asked.data.plan } : { kind: asked.data.confirm };
  const picks = listChosenStrategies(userId);
  const result = confirmationFor(sub ?? null, change, picks.length, now);
  if (!result.ok) return { refusal: result.error.message };
  return { ...result.confirmation, change: change.kind, plan: change.kind === "change-plan" ? change.plan : null, picks };
}

/** Stripe mode: the confirmation of a plan change says the amount due now from Stripe's invoice preview. */
async function withAmountDueNow(view: ReturnType<typeof confirmationView>, userId: number, sub: Subscription | undefined, now: Date) {
  if (!view || !("change" in view) || view.change !== "change-plan" || !view.plan) return view;
  const line = await amountDueNowLine(userId, sub, view.plan as Subscription["plan"], now);
  return line ? { ...view, consequences: [line, ...view.consequences] } : view;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  const url = new URL(request.url);
  const stored = getSubscription(user.id);
  const sub = currentSubscription(stored, now);
  const stripeMode = billingMode() === "stripe";
  const confirmation = confirmationView(url, user.id, sub, now);
  return json(
    {
      stripeMode,
      checkout: stripeMode ? checkoutState(url, stored) : null,
      invoices: stripeMode ? await invoiceViews(user.id) : [],
      subscription: sub ? subscriptionView(sub, now) : null,
      confirmation: stripeMode ? await withAmountDueNow(confirmation, user.id, stored, now) : confirmation,
      plans: PLAN_CHOICES.map((id) => ({
        id,
        name: PLAN_RULES[id].name,
        priceText: `${formatUsdCents(planPriceCents(id))}/month`,
        limitText: strategyLimitLabel(id),
      })),
      billing: listBillingHistory(user.id).map((row) => ({
        id: row.id,
        date: row.createdAt.toISOString(),
        dateText: formatDate(row.createdAt),
        description: row.description,
        amountText: formatUsdCents(row.amountCents),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** A lifecycle change's outcome: the toast and redirect on success, the refusal as a form message (400) otherwise. */
function outcomeOf(change: SubscriptionChange, toast: { title: string; description: string }): IntentOutcome {
  return change.ok ? { toast, redirectTo: PAGE } : { formErrors: [change.error.message] };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  // Always the signed-in viewer: a user id posted with the form is never read.
  if (billingMode() === "stripe") {
    return handleIntent(request, subscriptionIntentSchema, (value) => runStripeIntent(user, getSubscription(user.id), value, now));
  }
  return handleIntent(request, subscriptionIntentSchema, (value) => {
    switch (value.intent) {
      case "manage-billing":
        return { formErrors: [DEMO_BILLING_NOTICE] };
      case "change-plan":
        return outcomeOf(changePlan(user.id, value.plan, now, { timing: value.timing, keep: value.keep }), SUBSCRIPTION_TOASTS.updated);
      case "pause":
        return outcomeOf(pauseSubscription(user.id, now), SUBSCRIPTION_TOASTS.updated);
      case "resume":
        return outcomeOf(resumeSubscription(user.id, now), SUBSCRIPTION_TOASTS.updated);
      case "cancel": {
        const change = cancelSubscription(user.id, now);
        const status = change.ok ? change.subscription.status : null;
        const toast =
          status === "TRIAL"
            ? SUBSCRIPTION_TOASTS.trialCancelled
            : status === "CANCELLED"
            ? SUBSCRIPTION_TOASTS.cancelledNow
            : SUBSCRIPTION_TOASTS.cancelled;
        return outcomeOf(change, toast);
      }
    }
  });
}

export default function SubscriptionPage() {
  const { stripeMode, checkout, invoices, subscription, confirmation, plans, billing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData;
  const hydrated = useHydrated();
  const confirming = confirmation && "change" in confirmation ? confirmation : null;
  const refusal = (confirmation && "refusal" in confirmation ? confirmation.refusal : null) ?? (confirming ? null : replyFormError(reply));

  // Without JavaScript a confirmation is a page of its own; with it, a dialog over the tab.
  if (confirming && !hydrated) {
    return (
      <div className="flex flex-col gap-4">
        {stripeMode ? null : <DemoBillingNotice />}
        <ConfirmChange view={confirming} reply={reply} backTo={PAGE} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <HelpLink slug={HELP_LINKS.billing} label="Help: billing, refunds and cancelling" />
      {stripeMode ? null : <DemoBillingNotice />}
      {checkout ? <CheckoutNotice state={checkout} /> : null}
      {confirming ? <ConfirmChange view={confirming} reply={reply} backTo={PAGE} /> : null}
      <UnknownIntentAlert reply={reply} />
      {refusal ? <Alert>{refusal}</Alert> : null}
      {subscription ? <CurrentSubscription sub={subscription} reply={reply} /> : <NoSubscription />}
      <PlanChoice plans={plans} current={subscription} />
      {stripeMode ? <ManageBilling /> : null}
      {stripeMode ? <InvoiceHistory rows={invoices} /> : <BillingHistory rows={billing} />}
    </div>
  );
}

function NoSubscription() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">No Active Subscription</h2>
        <CardDescription>
          You are on the Free tier: closed signals are visible, live signals are locked. Choose a plan below to follow strategies.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/pricing" className="text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
          Compare plans
        </Link>
      </CardContent>
    </Card>
  );
}
