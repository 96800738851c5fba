/** The portal dashboard's My Strategies and Subscription cards. */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubscriptionStatusBadge } from "~/components/account/subscription-status-badge";
import { muted } from "~/components/portal/styles";
import { ActiveBadge, RiskBadge } from "~/components/strategy-card";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeaderBar } from "~/components/ui/card";
import { PORTAL_EMPTY_STATES, PORTAL_STRATEGY_LIMIT } from "~/content/portal";
import { formatDate } from "~/domain/signal-display";
import type { PortalDashboardData } from "~/models/read-models/portal-dashboard.server";

type Data = SerializeFrom<PortalDashboardData>;

const linkClass = "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
      <p className={`font-medium ${muted}`}>{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

/** Up to 3 of the viewer's strategies, with a link to manage them all. */
export function MyStrategiesCard({ strategies, strategyCount }: { strategies: Data["strategies"]; strategyCount: number }) {
  return (
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
            {strategyCount > PORTAL_STRATEGY_LIMIT ? (
              <p className={`mt-2 text-xs ${muted}`}>
                Showing {strategies.length} of {strategyCount} strategies.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The viewer's plan and status (a warning unless ACTIVE or a trial with 2 days or more left), or the 'No Active Subscription' empty state. */
export function SubscriptionCard({ subscription, now }: { subscription: Data["subscription"]; now: string }) {
  return (
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
                  <SubscriptionStatusBadge facts={subscription} now={now} withIcon />
                </dd>
              </div>
            </dl>
            {subscription.status === "TRIAL" && subscription.live && !subscription.cancelAtPeriodEnd ? (
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
  );
}
