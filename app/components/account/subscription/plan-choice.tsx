/** The plan choice card of the Subscription tab. */
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type IntentReplyData, useIntentForm } from "~/components/portal/intent-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { planChangeSchema } from "~/schemas/account";
import type { SubscriptionView } from "./current-subscription";

/** Choose or change the plan (not while paused). */
export function PlanChoice({
  plans,
  current,
  reply,
}: {
  plans: { id: string; name: string; priceText: string; limitText: string }[];
  current: SubscriptionView | null;
  reply: IntentReplyData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-plan";
  const subscribed = current?.status === "ACTIVE";
  const paused = current?.status === "PAUSED";
  const defaultPlan = current && current.status !== "EXPIRED" ? current.plan : "pro";
  const [form, fields] = useIntentForm(reply, {
    intent: "change-plan",
    schema: planChangeSchema,
    defaultValue: { plan: defaultPlan },
  });
  const error = fields.plan.errors?.[0];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{subscribed ? "Change Plan" : "Choose a Plan"}</h2>
        <CardDescription>
          {subscribed ? "A new plan applies at once and keeps your current billing date." : "Your plan starts today and renews monthly."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {paused ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Resume your subscription to change plan.</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="change-plan" />
            <fieldset aria-describedby={error ? fields.plan.errorId : undefined}>
              <legend className="sr-only">Plan</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {plans.map((plan) => {
                  const { key, ...radio } = getInputProps(fields.plan, {
                    type: "radio",
                    value: plan.id,
                  });
                  return (
                    <label
                      key={key ?? plan.id}
                      className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40"
                    >
                      <input {...radio} id={`${fields.plan.id}-${plan.id}`} className="mt-1" />
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
                  );
                })}
              </div>
            </fieldset>
            {error ? <Alert id={fields.plan.errorId}>{error}</Alert> : null}
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
