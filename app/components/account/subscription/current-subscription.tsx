/** The current subscription card of the Subscription tab. */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type IntentReplyData, useIntentForm } from "~/components/portal/intent-form";
import { SubscriptionStatusBadge } from "~/components/account/subscription-status-badge";
import { Button } from "~/components/ui/button";
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
  /** The loader's reference time (ISO), for the status label. */
  now: string;
  priceText: string;
  /** TRIAL only: the plan that starts when the trial ends, its name and monthly price text. */
  pendingPlan: "starter" | "pro" | "institutional" | null;
  pendingPlanName: string | null;
  pendingPriceText: string | null;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}

/** A button that opens the confirmation of `change` (`?confirm=<change>`): a GET form, so it works without JavaScript. */
function ConfirmButton({ change, variant, children }: { change: "pause" | "cancel"; variant: "outline" | "destructive"; children: ReactNode }) {
  return (
    <Form method="get" preventScrollReset>
      <input type="hidden" name="confirm" value={change} />
      <Button type="submit" variant={variant}>
        {children}
      </Button>
    </Form>
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
  const [resumeForm] = useIntentForm(reply, {
    intent: "resume",
    schema: subscriptionIntentSchema,
  });
  const active = sub.status === "ACTIVE";
  const trial = sub.status === "TRIAL";
  const ended = sub.status === "CANCELLED" || sub.status === "EXPIRED";
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{ended ? "No Active Subscription" : "Current subscription"}</h2>
        <CardDescription>
          {ended
            ? `Your ${sub.status === "EXPIRED" ? "free trial" : `${sub.planName} plan`} ended on ${
                sub.endText
              }. Choose a plan below to follow strategies again.`
            : trial
            ? `Your free trial includes everything in the ${sub.planName} plan.`
            : `${sub.planName} plan, ${sub.priceText}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail term="Plan">{sub.planName}</Detail>
          <Detail term="Status">
            <SubscriptionStatusBadge facts={sub} now={sub.now} />
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

        {trial && sub.cancelAtPeriodEnd ? (
          <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            Your free trial is cancelled: you keep access until {sub.endText}, then it ends. Nothing is charged. Choose a plan below to
            carry on after that.
          </p>
        ) : null}

        {sub.status === "TRIAL" && sub.pendingPlanName ? (
          <p className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-100">
            Your {sub.pendingPlanName} plan starts on {sub.endText}, when your trial ends: {sub.pendingPriceText} is charged then.
          </p>
        ) : null}

        {sub.status === "PAUSED" ? (
          <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            Your subscription is paused: live signals are locked until you resume it. If you resume after {sub.endText}, a new monthly
            period starts that day.
          </p>
        ) : null}

        <div className="mt-6 flex flex-wrap items-start gap-3">
          {active && !sub.cancelAtPeriodEnd ? (
            <ConfirmButton change="pause" variant="outline">
              Pause Subscription
            </ConfirmButton>
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
            <ConfirmButton change="cancel" variant="destructive">
              Cancel Subscription
            </ConfirmButton>
          ) : null}
          {trial && !sub.cancelAtPeriodEnd ? (
            <ConfirmButton change="cancel" variant="destructive">
              Cancel Trial
            </ConfirmButton>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
