/** The Overview tab of My Strategies: the subscription, the accessible strategies and "Choose your strategies". */
import { getCollectionProps, getFormProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type IntentReplyData, replyFormError, useIntentForm } from "~/components/portal/intent-form";
import { choiceCardClass, linkClass, muted } from "~/components/portal/styles";
import { RiskBadge, StrategyCard } from "~/components/strategy-card";
import { SubscriptionStatusBadge } from "~/components/account/subscription-status-badge";
import { buttonClass, Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { INACTIVE_STRATEGY_TEXT } from "~/content/portal";
import { tabUrl } from "~/domain/my-strategies";
import type { MyStrategiesData } from "~/models/read-models/my-strategies.server";
import { strategyChoiceSchema } from "~/schemas/portal";
import { EmptyState } from "./empty-state";
import { Mt5AutoSendToggle } from "./mt5-auto-send";

type Data = SerializeFrom<MyStrategiesData>;

function SubscriptionSummary({ data }: { data: Data }) {
  const sub = data.subscription;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Your subscription</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className={`text-sm font-medium ${muted}`}>Plan</dt>
            <dd className="mt-1 font-semibold">{data.planLabel}</dd>
          </div>
          <div>
            <dt className={`text-sm font-medium ${muted}`}>Status</dt>
            <dd className="mt-1">
              {sub ? <SubscriptionStatusBadge facts={sub} now={data.now} /> : <span className="font-semibold">No Active Subscription</span>}
            </dd>
          </div>
          {sub ? (
            <div>
              <dt className={`text-sm font-medium ${muted}`}>{sub.periodLabel}</dt>
              <dd className="mt-1 font-semibold">
                <time dateTime={sub.endDate}>{sub.endText}</time>
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 text-sm">
          <Link to="/portal/account/subscription" className={linkClass}>
            {sub ? "Manage subscription" : "Choose a plan"}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function ChooseStrategies({ choice, reply }: { choice: NonNullable<Data["choice"]>; reply: IntentReplyData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "choose-strategies";
  const [form, fields] = useIntentForm(reply, {
    intent: "choose-strategies",
    schema: strategyChoiceSchema,
    defaultValue: { strategyIds: choice.chosen.map(String) },
  });
  const error = fields.strategyIds.errors?.[0] ?? form.errors?.[0];
  const overLimit = choice.limit !== null && choice.chosen.length > choice.limit;
  const boxes = getCollectionProps(fields.strategyIds, { type: "checkbox", options: choice.options.map((o) => String(o.id)) });

  return (
    <section aria-labelledby="choose-strategies-title" className="mt-10">
      <h2 id="choose-strategies-title" className="text-xl font-semibold">
        Choose your strategies
      </h2>
      {!choice.live ? (
        <div className={`mt-3 text-sm ${muted}`}>
          <p>Choose a plan first: a subscription decides how many strategies you follow.</p>
          <p className="mt-2">
            <Link to="/portal/account/subscription" className={linkClass}>
              Choose a plan
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className={`mt-2 text-sm ${muted}`}>
            {choice.limit === null
              ? `Your ${choice.planName} plan includes every strategy. Your picks are kept in case you change plan.`
              : `Your ${choice.planName} plan includes ${choice.limitText}. Choose up to ${choice.limit}.`}
          </p>
          {overLimit ? (
            <p className="mt-2 text-sm text-amber-900 dark:text-amber-200">
              You follow more strategies than your plan includes; only{" "}
              {choice.limit === 1 ? "your first pick gets" : `your first ${choice.limit} picks get`} live signals.
            </p>
          ) : null}
          <Form method="post" action={tabUrl("overview")} {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
            <input type="hidden" name="intent" value="choose-strategies" />
            <fieldset aria-describedby={error ? fields.strategyIds.errorId : undefined}>
              <legend className="sr-only">Strategies to follow</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {choice.options.map((option, index) => {
                  const { key, ...box } = boxes[index]!;
                  return (
                    <label key={key} className={`${choiceCardClass} p-4`}>
                      <input {...box} className="mt-1" />
                      <span>
                        <span className="block font-semibold">{option.name}</span>
                        <span className="mt-1 block">
                          <RiskBadge riskClass={option.riskClass} />
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
            {error ? <Alert id={fields.strategyIds.errorId}>{error}</Alert> : null}
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Strategies"}
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

/** Overview: subscription summary, strategy cards (inactive ones flagged, followed ones with their MT5 auto-send toggle) and the strategy choice. */
export function OverviewPanel({ data, reply }: { data: Data; reply: IntentReplyData }) {
  const subscribed = data.subscription?.live ?? false;
  const autoSendError = replyFormError(reply, "mt5-auto-send");
  return (
    <div>
      <SubscriptionSummary data={data} />
      {autoSendError ? <Alert className="mt-4">{autoSendError}</Alert> : null}
      <section aria-labelledby="my-strategies-title" className="mt-10">
        <h2 id="my-strategies-title" className="text-xl font-semibold">
          Strategies you can access
        </h2>
        {data.strategies.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="No strategies active">
              {subscribed ? (
                <>
                  <p>Choose your strategies below, or contact us if something looks wrong.</p>
                  <Link to="/contact" className={buttonClass("outline", "md", "mt-4")}>
                    Contact Support
                  </Link>
                </>
              ) : (
                <>
                  <p>Subscribe to a plan to follow strategies and receive their live signals.</p>
                  <Link to="/pricing" className={buttonClass("default", "md", "mt-4")}>
                    Subscribe Now
                  </Link>
                </>
              )}
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.strategies.map((strategy) => (
              <li key={strategy.id} className="flex flex-col gap-2">
                <StrategyCard strategy={strategy} headingLevel="h3" />
                {!strategy.isActive ? (
                  <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
                    {INACTIVE_STRATEGY_TEXT}
                  </p>
                ) : null}
                {data.mt5AutoSend?.followed.includes(strategy.id) ? (
                  <Mt5AutoSendToggle strategyId={strategy.id} strategyName={strategy.name} on={data.mt5AutoSend.on.includes(strategy.id)} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.choice ? <ChooseStrategies choice={data.choice} reply={reply} /> : null}
    </div>
  );
}
