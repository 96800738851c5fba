/**
 * The signed-in dashboard (spec section 2 "Dashboard home"): the signed-in
 * home page `/` renders the "home" variant, `/dashboard` the "trading" one.
 * Data comes from `loadDashboard` (~/models/read-models/dashboard.server).
 */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SignalList } from "~/components/signal-list";
import { RiskBadge } from "~/components/strategy-card";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeaderBar } from "~/components/ui/card";
import { NOTIFICATION_PREFERENCES, QUICK_CARDS, QUICK_LINKS } from "~/content/dashboard";
import type { DashboardData, DashboardVariant } from "~/models/read-models/dashboard.server";
import { StatCard } from "./stat-card";

export interface DashboardOverviewProps {
  data: SerializeFrom<DashboardData>;
  variant?: DashboardVariant;
}

const linkClass = "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";
const muted = "text-slate-700 dark:text-slate-300";

const DOT_CLASS: Record<(typeof NOTIFICATION_PREFERENCES)[number]["state"], string> = {
  on: "bg-green-600 dark:bg-green-400",
  setup: "bg-amber-500 dark:bg-amber-400",
  off: "bg-slate-400 dark:bg-slate-500",
};

export function DashboardOverview({ data, variant = data.variant }: DashboardOverviewProps) {
  const { subscription, strategyAccess, strategies } = data;
  const strategyNames = data.strategyNames as Record<number, string>;
  // The one status reading (statusDisplay): a live trial is good, a warning only near its end (decision 0047).
  const display = subscription.display;
  const good = display?.tone === "success";
  const trial = subscription.trialEndsAt !== null && !good;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome to Your Trading Dashboard</h1>
        <p className={`mt-2 ${muted}`}>
          Signed in as {data.displayName}. Your signals, strategies and account at a glance.
        </p>
      </header>

      <section aria-label="Account summary" className="mt-8">
        <dl className="grid gap-4 sm:grid-cols-3">
          <StatCard
            testId="stat-subscription"
            label="Subscription Status"
            value={display ? display.label : subscription.status}
            warning={!good}
            hint={
              good ? (
                `${subscription.planLabel} plan`
              ) : trial ? (
                <>
                  Your free trial ends soon.{" "}
                  <Link to="/portal/account/subscription" className="font-medium underline underline-offset-2">
                    Choose a plan
                  </Link>
                </>
              ) : subscription.isActive ? (
                `${subscription.planLabel} plan`
              ) : (
                <>
                  {subscription.planLabel === subscription.status ? "No active subscription. " : `${subscription.planLabel} plan. `}
                  <Link to="/pricing" className="font-medium underline underline-offset-2">
                    View plans
                  </Link>
                </>
              )
            }
          />
          <StatCard testId="stat-active-signals" label="Active Signals" value={String(data.activeSignals)} hint="Live across all strategies" />
          <StatCard
            testId="stat-strategy-access"
            label="Strategy Access"
            value={strategyAccess.label}
            hint={`${strategyAccess.count} of ${strategyAccess.total} strategies unlocked`}
          />
        </dl>
      </section>

      {variant === "home" ? (
        <nav aria-label="Quick access" className="mt-8">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {QUICK_CARDS.map((card) => (
              <li key={card.to}>
                <Link
                  to={card.to}
                  className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-blue-600 hover:bg-blue-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-blue-400 dark:hover:bg-slate-800"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.75"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    className="mb-1 h-7 w-7 text-blue-700 dark:text-blue-400"
                  >
                    <path d={card.icon} />
                  </svg>
                  <span className="font-semibold">{card.title}</span>
                  <span className={`text-sm ${muted}`}>{card.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2 lg:self-start" role="region" aria-labelledby="recent-signals">
          <CardHeaderBar
            id="recent-signals"
            title="Recent Signals"
            action={
              <Link to="/dashboard" className={linkClass}>
                View All Signals
              </Link>
            }
          />
          <CardContent>
            <SignalList
              signals={data.recentSignals}
              now={data.now}
              strategyNames={strategyNames}
              showRationale
              label="Latest signals"
              sizeRiskPercent={data.sizeRiskPercent}
              unlock={data.unlock}
              emptyText="No signals available"
              emptyAction={
                <Link to="/strategies" className={buttonClass("outline", "sm")}>
                  Browse Strategies
                </Link>
              }
            />
          </CardContent>
        </Card>

        <div className="flex min-w-0 flex-col gap-6">
          <Card role="region" aria-labelledby="strategy-overview">
            <CardHeaderBar
              id="strategy-overview"
              title="Strategy Overview"
              action={
                <Link to="/portal/strategies" className={linkClass}>
                  Manage Strategies
                </Link>
              }
            />
            <CardContent>
              {strategies.length === 0 ? (
                <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
                  <p className={muted}>No strategies available</p>
                  <Link to="/pricing" className={buttonClass("default", "sm", "mt-4")}>
                    Subscribe to Strategies
                  </Link>
                </div>
              ) : (
                <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                  {strategies.map((strategy) => (
                    <li key={strategy.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <div className="min-w-0">
                        <Link to={`/strategies/${strategy.slug}`} className={linkClass}>
                          {strategy.name}
                        </Link>
                        <p className={`text-xs ${muted}`}>{strategy.timeframes}</p>
                      </div>
                      <div className="flex flex-wrap gap-1.5">
                        <RiskBadge riskClass={strategy.riskClass} />
                        <Badge variant={strategy.accessible ? "success" : "outline"}>
                          {strategy.accessible ? "In your plan" : "Not in your plan"}
                        </Badge>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card role="region" aria-labelledby="quick-links">
            <CardHeaderBar id="quick-links" title="Quick Links" />
            <CardContent>
              <ul className="flex flex-col gap-2">
                {QUICK_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card role="region" aria-labelledby="notification-preferences">
            <CardHeaderBar id="notification-preferences" title="Notification Preferences" />
            <CardContent>
              <ul className="flex flex-col gap-2 text-sm">
                {NOTIFICATION_PREFERENCES.map((pref) => (
                  <li key={pref.text} className="flex items-center gap-2">
                    <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${DOT_CLASS[pref.state]}`} />
                    {pref.to ? (
                      <Link to={pref.to} className={linkClass}>
                        {pref.text}
                      </Link>
                    ) : (
                      pref.text
                    )}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
