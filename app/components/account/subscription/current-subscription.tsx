/** The current subscription card of the Subscription tab. */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type IntentReplyData, useIntentForm } from "~/components/portal/intent-form";
import { SubscriptionStatusBadge } from "~/components/account/subscription-status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { subscriptionIntentSchema } from "~/schemas/account";

/** A subscription as the Subscription tab shows it (dates as ISO strings with their display texts). */
export interface SubscriptionView {
  plan: "starter" | "pro" | "institutional";
  planName: string;
  status: string;
  startDate: string;
  startText: string;
  endDate: string;
  endText: string;
  periodLabel: string;
  cancelAtPeriodEnd: boolean;
  priceText: string;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}

/** The viewer's subscription: details, and Keep / Pause / Resume / Cancel as each status allows. */
export function CurrentSubscription({ sub, reply }: { sub: SubscriptionView; reply: IntentReplyData }) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const [keepForm] = useIntentForm(reply, {
    intent: "change-plan",
    schema: subscriptionIntentSchema,
    id: "keep-subscription-form",
  });
  const [pauseForm] = useIntentForm(reply, {
    intent: "pause",
    schema: subscriptionIntentSchema,
  });
  const [resumeForm] = useIntentForm(reply, {
    intent: "resume",
    schema: subscriptionIntentSchema,
  });
  const [cancelForm] = useIntentForm(reply, {
    intent: "cancel",
    schema: subscriptionIntentSchema,
  });
  const active = sub.status === "ACTIVE";
  const ended = sub.status === "CANCELLED" || sub.status === "EXPIRED";
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{ended ? "No Active Subscription" : "Current subscription"}</h2>
        <CardDescription>
          {ended
            ? `Your ${sub.status === "EXPIRED" ? "free trial" : `${sub.planName} subscription`} ended on ${
                sub.endText
              }. Choose a plan below to follow strategies again.`
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
            <p>Your subscription is cancelled. It stays active until {sub.endText}, then ends.</p>
            <Form method="post" {...getFormProps(keepForm)} className="mt-3">
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
            Your subscription is paused: live signals are locked until you resume it. If you resume after {sub.endText}, a new monthly
            period starts that day.
          </p>
        ) : null}

        <div className="mt-6 flex flex-wrap items-start gap-3">
          {active && !sub.cancelAtPeriodEnd ? (
            <Form method="post" {...getFormProps(pauseForm)}>
              <input type="hidden" name="intent" value="pause" />
              <Button type="submit" variant="outline" disabled={busyIntent === "pause"}>
                {busyIntent === "pause" ? "Pausing..." : "Pause Subscription"}
              </Button>
            </Form>
          ) : null}
          {sub.status === "PAUSED" ? (
            <Form method="post" {...getFormProps(resumeForm)}>
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
                <Form method="post" {...getFormProps(cancelForm)} className="mt-3">
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
