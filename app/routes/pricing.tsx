/**
 * /pricing — plans, add-ons, the free trial, FAQ and disclaimer (spec
 * sections 2 "Pricing", 3 "Plans", 9). Plan and trial buttons start sign-up
 * through /api/login; Institutional's goes to /contact. The FAQ uses
 * <details>, so it works without JavaScript.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CallToActionButton } from "~/components/call-to-action";
import { pricingPlanAction, pricingTrialAction, type CallToAction } from "~/domain/calls-to-action";
import { getViewerFacts } from "~/models/subscriptions.server";
import { getStrategyBySlug } from "~/models/strategies.server";
import { getViewer } from "~/services/session.server";
import { RiskLine } from "~/components/legal/risk-line";
import { CtaButton, PageHeader } from "~/components/marketing";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  ADD_ONS,
  ADD_ONS_SECTION,
  CONTACT_SALES,
  FAQ_TITLE,
  GUARANTEES,
  MOST_POPULAR_LABEL,
  PLANS,
  PRICING_DISCLAIMER,
  PRICING_FAQ,
  PRICING_INTRO,
  PRICING_META,
  TRIAL,
  type Plan,
} from "~/content/pricing";
import { addOnPriceLabel, planFeatureList } from "~/domain/pricing-display";
import { PLAN_RULES } from "~/content/plans";
import { pageMeta } from "~/domain/page-meta";
import { formatUsd } from "~/domain/money";

export const meta: MetaFunction = () => pageMeta(PRICING_META.title, PRICING_META.description);

/**
 * Each plan's button and the trial box's, by viewer (app/domain/calls-to-action.ts):
 * the viewer's plan reads "Current plan"; `?strategy=<slug>` (a known
 * strategy) is carried into sign-up and the plan confirmation.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const facts = getViewerFacts((await getViewer(request))?.user ?? null);
  const asked = new URL(request.url).searchParams.get("strategy");
  const strategy = asked ? getStrategyBySlug(asked)?.slug : undefined;
  return json({
    plans: Object.fromEntries(PLANS.map((plan) => [plan.id, pricingPlanAction(facts, plan.id, strategy)])) as Record<Plan["id"], CallToAction>,
    trial: pricingTrialAction(facts, strategy),
  });
}

export default function Pricing() {
  const actions = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={PRICING_INTRO.title} lead={PRICING_INTRO.lead} className="mx-auto max-w-3xl text-center" />

      <ul aria-label="Plans" className="mt-12 grid items-stretch gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className="min-w-0">
            <PlanCard plan={plan} action={actions.plans[plan.id]} />
          </li>
        ))}
      </ul>

      <RiskLine className="mt-6 text-center" />

      <ul aria-label="Our promises" className="mt-10 grid gap-4 sm:grid-cols-3">
        {GUARANTEES.map((item) => (
          <li key={item.title} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
            <p className="font-semibold">{item.title}</p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.body}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="add-ons" className="mt-16">
        <h2 id="add-ons" className="text-2xl font-bold tracking-tight">
          {ADD_ONS_SECTION.title}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{ADD_ONS_SECTION.lead}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {ADD_ONS.map((addOn) => (
            <li key={addOn.id}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <CardTitle>{addOn.name}</CardTitle>
                    <p className="font-semibold text-blue-800 tabular-nums dark:text-blue-300">{addOnPriceLabel(addOn)}</p>
                  </div>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{addOn.description}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="free-trial"
        className="mt-16 grid gap-6 rounded-2xl border border-blue-200 bg-blue-50 p-8 md:grid-cols-[2fr_1fr] md:items-center dark:border-blue-900 dark:bg-slate-900"
      >
        <div>
          <h2 id="free-trial" className="text-2xl font-bold tracking-tight">
            {TRIAL.title}
          </h2>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{TRIAL.body}</p>
          <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
            {TRIAL.points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
        </div>
        {actions.trial ? <CallToActionButton cta={actions.trial} size="lg" className="w-full md:w-auto" /> : null}
      </section>

      <section aria-labelledby="faq" className="mt-16">
        <h2 id="faq" className="text-2xl font-bold tracking-tight">
          {FAQ_TITLE}
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
          {PRICING_FAQ.map((item) => (
            <details key={item.question} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded font-medium [&::-webkit-details-marker]:hidden">
                {item.question}
                <span aria-hidden="true" className="mt-0.5 shrink-0 text-slate-700 transition-transform group-open:rotate-45 dark:text-slate-300">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="contact-sales"
        className="mt-16 flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-900"
      >
        <div>
          <h2 id="contact-sales" className="text-xl font-bold">
            {CONTACT_SALES.title}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{CONTACT_SALES.body}</p>
        </div>
        <CtaButton action={CONTACT_SALES.cta} variant="outline" size="lg" className="shrink-0" />
      </section>

      <p className="mt-10 text-xs leading-relaxed text-slate-700 dark:text-slate-300" data-testid="pricing-disclaimer">
        {PRICING_DISCLAIMER}
      </p>
    </div>
  );
}

function PlanCard({ plan, action }: { plan: Plan; action: CallToAction }) {
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={`relative flex h-full flex-col ${plan.mostPopular ? "border-2 border-blue-700 shadow-lg dark:border-blue-400" : ""}`}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold">
            {plan.name}
          </h2>
          {plan.mostPopular ? <Badge>{MOST_POPULAR_LABEL}</Badge> : null}
        </div>
        <p className="mt-2">
          <span className="text-4xl font-bold tabular-nums">{formatUsd(plan.priceUsd)}</span>
          <span className="text-slate-700 dark:text-slate-300">
            <span aria-hidden="true">/{plan.period}</span>
            <span className="sr-only"> per {plan.period}</span>
          </span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{plan.summary}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        <ul aria-label={`${plan.name} features`} className="space-y-2 text-sm">
          {planFeatureList(PLAN_RULES[plan.id]).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-8">
          <CallToActionButton cta={action} variant={plan.mostPopular ? "default" : "outline"} size="lg" className="w-full" describedBy={titleId} />
        </div>
      </CardContent>
    </Card>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-green-700 dark:fill-green-400">
      <path d="M7.6 13.4 4.2 10l-1.4 1.4 4.8 4.8 9.6-9.6-1.4-1.4z" />
    </svg>
  );
}
