/**
 * /portal/account/subscription (spec section 2 "Account" → Subscription; 4
 * "Subscription status"; 8 toasts and 'No Active Subscription').
 *
 * Shows the plan, start date, status (ACTIVE normal, anything else as a
 * warning), the next billing date (or when a cancelled or trial period ends),
 * the plan choice and the billing history. Change Plan, Pause, Resume and
 * Cancel are native forms posted to this route's action with a hidden
 * `intent`; each runs one transaction (app/models/subscriptions.server.ts) and
 * redirects with the spec's toast. Refused transitions re-render with 400 and a
 * message. No payment is taken: changes are recorded in the billing history
 * (docs/decisions/subscriptions-and-billing.md).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubscriptionStatusBadge } from "~/components/subscription-status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { PLAN_RULES } from "~/domain/plans";
import { formatDate } from "~/domain/signal-display";
import {
  periodLabel,
  planPriceCents,
  strategyLimitLabel,
} from "~/domain/subscription-lifecycle";
import {
  cancelSubscription,
  changePlan,
  listBillingHistory,
  pauseSubscription,
  resumeSubscription,
  settleSubscription,
  type SubscriptionChange,
} from "~/models/subscriptions.server";
import { PLAN_CHOICES, planChangeSchema } from "~/schemas/account";
import { requireViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatUsdCents } from "~/domain/money";

export const meta: MetaFunction = () => [{ title: "Subscription | FX Trader" }];

const PAGE = "/portal/account/subscription";

/** Spec section 8. */
export const SUBSCRIPTION_TOASTS = {
  updated: { title: "Subscription Updated", description: "Your subscription has been updated successfully." },
  cancelled: {
    title: "Subscription Cancelled",
    description: "Your subscription will remain active until the end of the current billing period.",
  },
  cancelledNow: { title: "Subscription Cancelled", description: "Your paused subscription has ended." },
} as const;

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

type Intent = "change-plan" | "pause" | "resume" | "cancel";

export interface SubscriptionActionError {
  intent: Intent | "unknown";
  /** The field the message belongs to ('plan'), or 'form'. */
  field: "plan" | "form";
  message: string;
}

function failure(error: SubscriptionActionError) {
  return json<SubscriptionActionError>(error, { status: 400, headers: { "Cache-Control": "no-store" } });
}

function refused(intent: Intent, change: Extract<SubscriptionChange, { ok: false }>) {
  return failure({ intent, field: "form", message: change.error.message });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  // Always the signed-in viewer: a user id posted with the form is never read.
  const userId = user.id;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const now = new Date();

  switch (intent) {
    case "change-plan": {
      const parsed = planChangeSchema.safeParse({ plan: formData.get("plan") ?? undefined });
      if (!parsed.success) {
        return failure({ intent, field: "plan", message: parsed.error.issues[0]?.message ?? "Choose a plan" });
      }
      const change = changePlan(userId, parsed.data.plan, now);
      if (!change.ok) return refused(intent, change);
      return redirectWithToast(request, PAGE, SUBSCRIPTION_TOASTS.updated);
    }
    case "pause": {
      const change = pauseSubscription(userId, now);
      if (!change.ok) return refused(intent, change);
      return redirectWithToast(request, PAGE, SUBSCRIPTION_TOASTS.updated);
    }
    case "resume": {
      const change = resumeSubscription(userId, now);
      if (!change.ok) return refused(intent, change);
      return redirectWithToast(request, PAGE, SUBSCRIPTION_TOASTS.updated);
    }
    case "cancel": {
      const change = cancelSubscription(userId, now);
      if (!change.ok) return refused(intent, change);
      const toast = change.subscription.status === "CANCELLED" ? SUBSCRIPTION_TOASTS.cancelledNow : SUBSCRIPTION_TOASTS.cancelled;
      return redirectWithToast(request, PAGE, toast);
    }
    default:
      return failure({ intent: "unknown", field: "form", message: "Unknown action. Reload the page and try again." });
  }
}

// ---------------------------------------------------------------------------
// UI

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type SubscriptionData = NonNullable<LoaderData["subscription"]>;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}

function CurrentSubscription({ sub, busyIntent }: { sub: SubscriptionData; busyIntent: string | null }) {
  const active = sub.status === "ACTIVE";
  const ended = sub.status === "CANCELLED" || sub.status === "EXPIRED";
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{ended ? "No Active Subscription" : "Current subscription"}</h2>
        <CardDescription>
          {ended
            ? `Your ${sub.status === "EXPIRED" ? "free trial" : `${sub.planName} subscription`} ended on ${sub.endText}. Choose a plan below to follow strategies again.`
            : sub.status === "TRIAL"
              ? `Your free trial includes everything in the ${sub.planName} plan.`
              : `${sub.planName} plan, ${sub.priceText}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail term="Plan">{sub.planName}</Detail>
          <Detail term="Status">
            <SubscriptionStatusBadge status={sub.status} />
          </Detail>
          <Detail term="Start date">
            <time dateTime={sub.startDate}>{sub.startText}</time>
          </Detail>
          <Detail term={sub.periodLabel}>
            <time dateTime={sub.endDate}>{sub.endText}</time>
          </Detail>
        </dl>

        {active && sub.cancelAtPeriodEnd ? (
          <div className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            <p>
              Your subscription is cancelled. It stays active until {sub.endText}, then ends.
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="change-plan" />
              <input type="hidden" name="plan" value={sub.plan} />
              <Button type="submit" variant="outline" size="sm" disabled={busyIntent === "change-plan"}>
                Keep My Subscription
              </Button>
            </Form>
          </div>
        ) : null}

        {sub.status === "PAUSED" ? (
          <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            Your subscription is paused: live signals are locked until you resume it. If you resume after {sub.endText}, a new
            monthly period starts that day.
          </p>
        ) : null}

        <div className="mt-6 flex flex-wrap items-start gap-3">
          {active && !sub.cancelAtPeriodEnd ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pause" />
              <Button type="submit" variant="outline" disabled={busyIntent === "pause"}>
                {busyIntent === "pause" ? "Pausing..." : "Pause Subscription"}
              </Button>
            </Form>
          ) : null}
          {sub.status === "PAUSED" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume" />
              <Button type="submit" disabled={busyIntent === "resume"}>
                {busyIntent === "resume" ? "Resuming..." : "Resume Subscription"}
              </Button>
            </Form>
          ) : null}
          {(active && !sub.cancelAtPeriodEnd) || sub.status === "PAUSED" ? (
            <details className="group">
              <summary className={buttonClass("destructive", "md", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
                Cancel Subscription
              </summary>
              <div className="mt-3 max-w-md rounded-md border border-slate-200 p-4 text-sm dark:border-slate-700">
                <p>
                  {active
                    ? `Your subscription will remain active until the end of the current billing period (${sub.endText}), then end. No further renewals are recorded.`
                    : "Your paused subscription ends now."}
                </p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="cancel" />
                  <Button type="submit" variant="destructive" size="sm" disabled={busyIntent === "cancel"}>
                    {busyIntent === "cancel" ? "Cancelling..." : "Confirm Cancellation"}
                  </Button>
                </Form>
              </div>
            </details>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function PlanChoice({
  plans,
  current,
  error,
  busy,
}: {
  plans: LoaderData["plans"];
  current: SubscriptionData | null;
  error: string | null;
  busy: boolean;
}) {
  const subscribed = current?.status === "ACTIVE";
  const paused = current?.status === "PAUSED";
  const defaultPlan = current && current.status !== "EXPIRED" ? current.plan : "pro";
  const errorId = "plan-error";
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{subscribed ? "Change Plan" : "Choose a Plan"}</h2>
        <CardDescription>
          {subscribed
            ? "A new plan applies at once and keeps your current billing date."
            : "Your plan starts today and renews monthly."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {paused ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Resume your subscription to change plan.</p>
        ) : (
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="change-plan" />
            <fieldset aria-describedby={error ? errorId : undefined}>
              <legend className="sr-only">Plan</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {plans.map((plan) => (
                  <label
                    key={plan.id}
                    className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40"
                  >
                    <input type="radio" name="plan" value={plan.id} defaultChecked={plan.id === defaultPlan} className="mt-1" />
                    <span>
                      <span className="block font-semibold">
                        {plan.name}
                        {subscribed && current?.plan === plan.id ? (
                          <span className="ml-2 text-xs font-normal text-slate-700 dark:text-slate-300">(current)</span>
                        ) : null}
                      </span>
                      <span className="block text-sm tabular-nums">{plan.priceText}</span>
                      <span className="block text-xs text-slate-700 dark:text-slate-300">{plan.limitText}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {error ? <Alert id={errorId}>{error}</Alert> : null}
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : subscribed ? "Change Plan" : "Choose Plan"}
              </Button>
            </div>
          </Form>
        )}
        <p className="mt-4 text-xs text-slate-700 dark:text-slate-300">
          No payment is taken yet: plan changes, renewals and cancellations are recorded in your billing history below.
        </p>
      </CardContent>
    </Card>
  );
}

function BillingHistory({ rows }: { rows: LoaderData["billing"] }) {
  return (
    <section aria-labelledby="billing-history-title">
      <h2 id="billing-history-title" className="text-xl font-semibold">
        Billing history
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
          No billing records yet.
        </p>
      ) : (
        <div role="region" aria-labelledby="billing-history-title" tabIndex={0} className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Amount (USD)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={row.date}>{row.dateText}</time>
                  </td>
                  <td className="px-3 py-2">{row.description}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.amountText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function SubscriptionPage() {
  const { subscription, plans, billing } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;

  return (
    <div className="flex flex-col gap-8">
      {error && error.field === "form" ? <Alert>{error.message}</Alert> : null}
      {subscription ? (
        <CurrentSubscription sub={subscription} busyIntent={busyIntent} />
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
      <PlanChoice
        plans={plans}
        current={subscription}
        error={error && error.field === "plan" ? error.message : null}
        busy={busyIntent === "change-plan"}
      />
      <BillingHistory rows={billing} />
    </div>
  );
}
