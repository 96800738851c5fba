/**
 * /portal/account/subscription (spec section 2 "Account" → Subscription; 4
 * "Subscription status"; 8 toasts and 'No Active Subscription').
 *
 * Shows the plan, start date, status (ACTIVE normal, anything else as a
 * warning), the next billing date (or when a cancelled or trial period ends),
 * the plan choice and the billing history. Change Plan, Pause, Resume and
 * Cancel are native forms posted to this route's action with a hidden
 * `intent`, handled by `handleIntent` with `subscriptionIntentSchema`; each
 * runs one transaction (app/models/subscriptions.server.ts) and redirects with
 * the spec's toast. Refused transitions re-render with 400 and a message. No payment is taken: changes are recorded in the billing history
 * (docs/decisions/subscriptions-and-billing.md).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BillingHistory } from "~/components/account/subscription/billing-history";
import { CurrentSubscription } from "~/components/account/subscription/current-subscription";
import { PlanChoice } from "~/components/account/subscription/plan-choice";
import { type IntentReplyData, replyFormError, UnknownIntentAlert } from "~/components/portal/intent-form";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { SUBSCRIPTION_TOASTS } from "~/content/account";
import { formatUsdCents } from "~/domain/money";
import { PLAN_RULES } from "~/content/plans";
import { formatDate } from "~/domain/signal-display";
import { periodLabel, planPriceCents, strategyLimitLabel } from "~/domain/subscription-lifecycle";
import {
  cancelSubscription,
  changePlan,
  listBillingHistory,
  pauseSubscription,
  resumeSubscription,
  settleSubscription,
  type SubscriptionChange,
} from "~/models/subscriptions.server";
import { PLAN_CHOICES, subscriptionIntentSchema } from "~/schemas/account";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Subscription | FX Trader" }];

const PAGE = "/portal/account/subscription";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  const sub = settleSubscription(user.id, now);
  return json(
    {
      subscription: sub
        ? {
            plan: sub.plan,
            planName: PLAN_RULES[sub.plan].name,
            status: sub.status,
            startDate: sub.startDate.toISOString(),
            startText: formatDate(sub.startDate),
            endDate: sub.endDate.toISOString(),
            endText: formatDate(sub.endDate),
            periodLabel: periodLabel(sub),
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            priceText: `${formatUsdCents(planPriceCents(sub.plan))}/month`,
          }
        : null,
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
  return handleIntent(request, subscriptionIntentSchema, (value) => {
    switch (value.intent) {
      case "change-plan":
        return outcomeOf(changePlan(user.id, value.plan, now), SUBSCRIPTION_TOASTS.updated);
      case "pause":
        return outcomeOf(pauseSubscription(user.id, now), SUBSCRIPTION_TOASTS.updated);
      case "resume":
        return outcomeOf(resumeSubscription(user.id, now), SUBSCRIPTION_TOASTS.updated);
      case "cancel": {
        const change = cancelSubscription(user.id, now);
        const ended = change.ok && change.subscription.status === "CANCELLED";
        return outcomeOf(change, ended ? SUBSCRIPTION_TOASTS.cancelledNow : SUBSCRIPTION_TOASTS.cancelled);
      }
    }
  });
}

export default function SubscriptionPage() {
  const { subscription, plans, billing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData;
  const refusal = replyFormError(reply);

  return (
    <div className="flex flex-col gap-8">
      <UnknownIntentAlert reply={reply} />
      {refusal ? <Alert>{refusal}</Alert> : null}
      {subscription ? (
        <CurrentSubscription sub={subscription} reply={reply} />
      ) : (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">No Active Subscription</h2>
            <CardDescription>
              You are on the Free tier: closed signals are visible, live signals are locked. Choose a plan below to follow
              strategies.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/pricing" className="text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
              Compare plans
            </Link>
          </CardContent>
        </Card>
      )}
      <PlanChoice plans={plans} current={subscription} reply={reply} />
      <BillingHistory rows={billing} />
    </div>
  );
}
