/**
 * The plan choice card of the Subscription tab: a GET form that opens the
 * choice's confirmation (`?confirm=change-plan&plan=…`), which says what is
 * charged and when before anything changes.
 */
import { Form } from "@remix-run/react";
import { RiskLine } from "~/components/legal/risk-line";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import type { SubscriptionView } from "./current-subscription";

function description(current: SubscriptionView | null): string {
  if (current?.status === "ACTIVE") return "A new plan applies at once and keeps your current billing date.";
  if (current?.status === "TRIAL") return "Choose the plan that starts when your free trial ends, or start it now.";
  return "Your plan starts today and renews monthly.";
}

/** Choose or change the plan (not while paused). */
export function PlanChoice({
  plans,
  current,
}: {
  plans: { id: string; name: string; priceText: string; limitText: string }[];
  current: SubscriptionView | null;
}) {
  const subscribed = current?.status === "ACTIVE";
  const paused = current?.status === "PAUSED";
  const defaultPlan = current?.pendingPlan ?? (current && current.status !== "EXPIRED" ? current.plan : "pro");
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{subscribed ? "Change Plan" : "Choose a Plan"}</h2>
        <CardDescription>{description(current)}</CardDescription>
      </CardHeader>
      <CardContent>
        {paused ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Resume your subscription to change plan.</p>
        ) : (
          <Form method="get" preventScrollReset className="flex flex-col gap-4">
            <input type="hidden" name="confirm" value="change-plan" />
            <fieldset>
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
                        {current?.pendingPlan === plan.id ? (
                          <span className="ml-2 text-xs font-normal text-slate-700 dark:text-slate-300">(after your trial)</span>
                        ) : null}
                      </span>
                      <span className="block text-sm tabular-nums">{plan.priceText}</span>
                      <span className="block text-xs text-slate-700 dark:text-slate-300">{plan.limitText}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <Button type="submit">{subscribed ? "Change Plan" : "Choose Plan"}</Button>
            </div>
          </Form>
        )}
        <p className="mt-4 text-xs text-slate-700 dark:text-slate-300">
          No payment is taken yet: plan changes, renewals and cancellations are recorded in your billing history below.
        </p>
        <RiskLine className="mt-2" />
      </CardContent>
    </Card>
  );
}
