/**
 * /portal/dashboard — the subscriber portal's home (spec section 2 "Portal
 * dashboard"): a greeting, the static sample market outlook, the Live Signals
 * Feed (10 latest, locked where the plan does not cover the strategy), the
 * static sample Risk Meter, up to 3 of the user's strategies and the
 * subscription card. Signed-out visitors are sent to sign in.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { SignalList } from "~/components/signal-list";
import { ActiveBadge, RiskBadge } from "~/components/strategy-card";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeaderBar } from "~/components/ui/card";
import {
  MARKET_OUTLOOK,
  PORTAL_DASHBOARD_INTRO,
  PORTAL_DASHBOARD_META,
  PORTAL_EMPTY_STATES,
  PORTAL_STRATEGY_LIMIT,
  portalGreeting,
  RISK_METER,
} from "~/content/portal";
import { loadPortalDashboard } from "~/models/portal-dashboard.server";
import { requireViewer } from "~/services/session.server";
import { progressBarClass } from "~/components/ui/progress";
import { formatDate } from "~/domain/signal-display";
import { formatUsd } from "~/domain/money";

export const meta: MetaFunction = () => [
  { title: PORTAL_DASHBOARD_META.title },
  { name: "description", content: PORTAL_DASHBOARD_META.description },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  return json(loadPortalDashboard(user), { headers: { "Cache-Control": "private, no-store" } });
}

const muted = "text-slate-700 dark:text-slate-300";
const linkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
      <p className={`font-medium ${muted}`}>{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

function MarketOutlook() {
  return (
    <Card className="min-w-0" role="region" aria-labelledby="market-outlook" data-testid="market-outlook">
      <CardHeaderBar id="market-outlook" title={MARKET_OUTLOOK.title} badge={<Badge variant="warning">{MARKET_OUTLOOK.label}</Badge>} />
      <CardContent>
        <dl className="grid gap-5 md:grid-cols-3">
          {MARKET_OUTLOOK.items.map((item) => (
            <div key={item.id} className="min-w-0">
              <dt className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{item.title}</dt>
              <dd className="mt-1">
                <span className="block font-semibold">{item.headline}</span>
                <span className={`mt-1 block text-sm ${muted}`}>{item.body}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p className={`mt-5 border-t border-slate-200 pt-3 text-xs dark:border-slate-700 ${muted}`}>{MARKET_OUTLOOK.note}</p>
      </CardContent>
    </Card>
  );
}

function RiskMeter() {
  const used = RISK_METER.dailyRiskUsedPercent;
  return (
    <Card role="region" aria-labelledby="risk-meter" data-testid="risk-meter">
      <CardHeaderBar id="risk-meter" title={RISK_METER.title} badge={<Badge variant="warning">{RISK_METER.label}</Badge>} />
      <CardContent>
        <div className="flex items-baseline justify-between gap-2">
          <p id="risk-meter-used" className="text-sm font-medium">
            Daily risk used
          </p>
          <p className="text-2xl font-bold tabular-nums" data-testid="risk-used">
            {used}%
          </p>
        </div>
        <progress
          max={RISK_METER.max}
          value={used}
          aria-labelledby="risk-meter-used"
          aria-valuetext={`${used}% of the daily risk budget used`}
          className={`mt-2 ${progressBarClass}`}
        >
          {used}%
        </progress>
        <dl className="mt-4 grid grid-cols-2 gap-4">
          <div>
            <dt className={`text-xs font-medium ${muted}`}>Open trades</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="risk-open-trades">
              {RISK_METER.openTrades}
            </dd>
          </div>
          <div>
            <dt className={`text-xs font-medium ${muted}`}>Max daily loss</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="risk-max-loss">
              {formatUsd(RISK_METER.maxDailyLossUsd)}
            </dd>
          </div>
        </dl>
        <p className={`mt-4 text-xs ${muted}`}>{RISK_METER.note}</p>
      </CardContent>
    </Card>
  );
}

function SubscriptionStatusBadge({ status, isActive }: { status: string; isActive: boolean }) {
  return isActive ? (
    <Badge variant="success" data-testid="subscription-status">
      <span aria-hidden="true" className="mr-1">
        ✓
      </span>
      {status}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="subscription-status" data-warning="true">
      <span aria-hidden="true" className="mr-1">
        ⚠
      </span>
      <span className="sr-only">Warning: </span>
      {status}
    </Badge>
  );
}

export default function PortalDashboard() {
  const data = useLoaderData<typeof loader>();
  const strategyNames = data.strategyNames as Record<number, string>;
  const { subscription, strategies } = data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{portalGreeting(data.firstName)}</h1>
        <p className={`mt-2 ${muted}`}>{PORTAL_DASHBOARD_INTRO}</p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <MarketOutlook />

          <Card className="min-w-0" role="region" aria-labelledby="live-signals">
            <CardHeaderBar id="live-signals" title="Live Signals Feed" />
            <CardContent>
              <SignalList
                signals={data.signals}
                now={data.now}
                strategyNames={strategyNames}
                showRationale
                label="Latest 10 signals"
                emptyText={PORTAL_EMPTY_STATES.signals}
              />
            </CardContent>
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <RiskMeter />

          <Card role="region" aria-labelledby="my-strategies" data-testid="my-strategies">
            <CardHeaderBar
              id="my-strategies"
              title="My Strategies"
              action={
                <Link to="/portal/strategies" className={linkClass}>
                  Manage All
                </Link>
              }
            />
            <CardContent>
              {strategies.length === 0 ? (
                <EmptyState text={PORTAL_EMPTY_STATES.strategies}>
                  <Link to="/strategies" className={buttonClass("outline", "sm")}>
                    Browse Strategies
                  </Link>
                </EmptyState>
              ) : (
                <>
                  <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                    {strategies.map((strategy) => (
                      <li key={strategy.id} className="flex flex-col gap-1.5 py-3 first:pt-0">
                        <Link to={`/strategies/${strategy.slug}`} className={linkClass}>
                          {strategy.name}
                        </Link>
                        <p className={`text-xs ${muted}`}>
                          {strategy.instruments} · {strategy.timeframes}
                        </p>
                        <div className="flex flex-wrap gap-1.5">
                          <RiskBadge riskClass={strategy.riskClass} />
                          <ActiveBadge isActive={strategy.isActive} />
                        </div>
                      </li>
                    ))}
                  </ul>
                  {data.strategyCount > PORTAL_STRATEGY_LIMIT ? (
                    <p className={`mt-2 text-xs ${muted}`}>
                      Showing {strategies.length} of {data.strategyCount} strategies.
                    </p>
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>

          <Card role="region" aria-labelledby="subscription" data-testid="subscription-card">
            <CardHeaderBar id="subscription" title="Subscription" />
            <CardContent>
              {subscription ? (
                <>
                  <dl className="grid grid-cols-2 gap-4">
                    <div>
                      <dt className={`text-xs font-medium ${muted}`}>Plan</dt>
                      <dd className="text-xl font-bold" data-testid="subscription-plan">
                        {subscription.planName}
                      </dd>
                    </div>
                    <div>
                      <dt className={`text-xs font-medium ${muted}`}>Status</dt>
                      <dd className="mt-1">
                        <SubscriptionStatusBadge status={subscription.status} isActive={subscription.isActive} />
                      </dd>
                    </div>
                  </dl>
                  {subscription.status === "TRIAL" && subscription.live ? (
                    <p className={`mt-3 text-sm ${muted}`}>Free trial until {formatDate(subscription.endDate)}.</p>
                  ) : subscription.live ? null : (
                    <p className={`mt-3 text-sm ${muted}`}>Your subscription is not active. Check your account for details.</p>
                  )}
                  <Link to="/portal/account/subscription" className={buttonClass("outline", "sm", "mt-4")}>
                    Manage Subscription
                  </Link>
                </>
              ) : (
                <EmptyState text={PORTAL_EMPTY_STATES.subscription}>
                  <p className={`text-sm ${muted}`}>Subscribe to see full price levels for your strategies&apos; signals.</p>
                  <Link to="/pricing" className={buttonClass("default", "sm", "mt-4")}>
                    Choose a Plan
                  </Link>
                </EmptyState>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
