/**
 * /portal/dashboard — the subscriber portal's home (spec section 2 "Portal
 * dashboard"): a greeting, the static sample market outlook, the Live Signals
 * Feed (10 latest, locked where the plan does not cover the strategy), the
 * static sample Risk Meter, up to 3 of the user's strategies with their live
 * track record over the URL's `?period=` (1W, 1M, 3M, 1Y, ALL; default ALL)
 * and the subscription card. Signed-out visitors are sent to sign in.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LiveSignalUpdates } from "~/components/portal/dashboard/live-signals";
import { MarketOutlook, RiskMeter } from "~/components/portal/dashboard/sample-cards";
import { FollowedRecordList } from "~/components/portal/performance/followed-records";
import { MyStrategiesCard, SubscriptionCard } from "~/components/portal/dashboard/side-cards";
import { muted } from "~/components/portal/styles";
import { SignalList } from "~/components/signal-list";
import { Card, CardContent, CardHeaderBar } from "~/components/ui/card";
import { PORTAL_DASHBOARD_INTRO, PORTAL_DASHBOARD_META, PORTAL_EMPTY_STATES } from "~/content/portal";
import { FOLLOWED_RECORDS_EMPTY, FOLLOWED_RECORDS_INTRO, FOLLOWED_RECORDS_TITLE } from "~/content/track-record";
import { portalGreeting } from "~/domain/greeting";
import { parseRecordPeriod, recordPeriodRange, type RecordPeriod } from "~/domain/record-period";
import { loadPortalDashboard } from "~/models/read-models/portal-dashboard.server";
import { getFollowedRecords } from "~/models/read-models/track-record.server";
import { requireViewer } from "~/services/session.server";
import { PastDueBanner } from "~/components/portal/past-due-banner";
import { formatDate } from "~/domain/signal-display";
import { pastDueNotice } from "~/models/stripe-billing.server";

export const meta: MetaFunction = () => [
  { title: PORTAL_DASHBOARD_META.title },
  { name: "description", content: PORTAL_DASHBOARD_META.description },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  const dashboard = loadPortalDashboard(user, now);
  const period = parseRecordPeriod(new URL(request.url).searchParams.get("period"));
  const records = getFollowedRecords(dashboard.strategies, recordPeriodRange(period, now));
  const pastDue = pastDueNotice(user.id, now);
  return json({ ...dashboard, period, records, graceEndText: pastDue ? formatDate(pastDue.graceEndsAt) : null }, { headers: { "Cache-Control": "private, no-store" } });
}

function periodHref(period: RecordPeriod): string {
  return `/portal/dashboard?period=${period}#followed-performance`;
}

export default function PortalDashboard() {
  const data = useLoaderData<typeof loader>();
  const strategyNames = data.strategyNames as Record<number, string>;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {data.graceEndText ? <PastDueBanner graceEndText={data.graceEndText} /> : null}
      <header>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{portalGreeting(data.firstName)}</h1>
        <p className={`mt-2 ${muted}`}>{PORTAL_DASHBOARD_INTRO}</p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <MarketOutlook />

          <Card className="min-w-0" role="region" aria-labelledby="live-signals">
            <CardHeaderBar id="live-signals" title="Live Signals Feed" />
            <LiveSignalUpdates />
            <CardContent>
              <SignalList
                signals={data.signals}
                now={data.now}
                strategyNames={strategyNames}
                showRationale
                label="Latest 10 signals"
                sizeRiskPercent={data.sizeRiskPercent}
                unlock={data.unlock}
                emptyText={PORTAL_EMPTY_STATES.signals}
              />
            </CardContent>
          </Card>

          <Card className="min-w-0" role="region" aria-labelledby="followed-performance">
            <CardHeaderBar id="followed-performance" title={FOLLOWED_RECORDS_TITLE} />
            <CardContent>
              <p className={`mb-4 text-sm ${muted}`}>{FOLLOWED_RECORDS_INTRO}</p>
              <FollowedRecordList records={data.records} period={data.period} hrefFor={periodHref} emptyText={FOLLOWED_RECORDS_EMPTY} />
            </CardContent>
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <RiskMeter />

          <MyStrategiesCard strategies={data.strategies} strategyCount={data.strategyCount} />
          <SubscriptionCard subscription={data.subscription} now={data.now} />
        </div>
      </div>
    </div>
  );
}
