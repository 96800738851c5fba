/**
 * /strategies/:slug — one strategy (spec section 2 "Strategy detail", section 4
 * "Strategy page" and "Signal row tint").
 *
 * The slug matches case-insensitively; an unknown slug is a 404 rendered by
 * this route's ErrorBoundary. The four tabs are links driven by `?tab=`, so
 * they work without JavaScript; with JavaScript the arrow keys move between
 * them. The strategy's signals are only queried for `?tab=signals`, after the
 * strategy itself was found, filtered by the URL's `?status=` group (links:
 * All, Open, Closed, Cancelled or expired; docs/decisions/0029); its live
 * track record only for `?tab=performance`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { LedgerHeadNote } from "~/components/ledger-head-note";
import { RouteErrorPage } from "~/components/not-found";
import { OverviewPanel, PlaybookPanel, SignalsPanel } from "~/components/strategies/strategy-panels";
import { PerformanceTab } from "~/components/strategies/performance-tab";
import { StrategySidebar } from "~/components/strategies/strategy-sidebar";
import { RiskBadge } from "~/components/strategy-card";
import { CallToActionButton } from "~/components/call-to-action";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { STRATEGY_SIGNALS_LIMIT, STRATEGY_TABS, type StrategyTab } from "~/content/strategy-detail";
import { LATEST_TRADES } from "~/content/track-record";
import { parseStrategyTab } from "~/domain/strategy-detail";
import { parseStatusFilter } from "~/domain/signal-status";
import { toSignalListView } from "~/domain/signals";
import { apiStrategyWithRecord, getTrackRecordView } from "~/models/read-models/track-record.server";
import { pageBasis } from "~/domain/record-basis";
import { getLedgerHead } from "~/models/ledger.server";
import { listSignalsForViewer } from "~/models/signals.server";
import { getUnlockFacts, getViewerFacts } from "~/models/subscriptions.server";
import { strategyHeroActions, strategySidebarAction } from "~/domain/calls-to-action";
import { getStrategyBySlug } from "~/models/strategies.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import { riskPercentFor } from "~/domain/trade-link";
import { getViewer } from "~/services/session.server";
import { pageMeta } from "~/domain/page-meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const strategy = getStrategyBySlug(params.slug ?? "");
  if (!strategy) {
    throw json({ message: "Strategy not found" }, { status: 404 });
  }
  const search = new URL(request.url).searchParams;
  const tab = parseStrategyTab(search.get("tab"));
  const filter = parseStatusFilter(search.get("status"));
  // The signals request runs only once the strategy has loaded, and only for the Signals tab.
  const viewer = (await getViewer(request))?.user ?? null;
  const facts = getViewerFacts(viewer);
  const ref = { id: strategy.id, slug: strategy.slug };
  const signals =
    tab === "signals"
      ? listSignalsForViewer(viewer, {
          statuses: filter.statuses,
          limit: STRATEGY_SIGNALS_LIMIT,
          strategyId: strategy.id,
        }).map(toSignalListView)
      : null;
  // "Size this trade" risks the signed-in viewer's risk template; visitors get the default.
  const sizeRiskPercent = riskPercentFor(viewer ? getDeliverySettings(viewer.id).riskTemplate : null);
  const record = tab === "performance" ? getTrackRecordView({ strategyId: strategy.id }, { basis: pageBasis(search.get("basis")) }, LATEST_TRADES) : null;
  return json({
    strategy: apiStrategyWithRecord(strategy),
    tab,
    status: filter.id,
    signals,
    record,
    now: new Date().toISOString(),
    sizeRiskPercent,
    unlock: tab === "signals" ? getUnlockFacts(viewer) : null,
    actions: { hero: strategyHeroActions(facts, ref), sidebar: strategySidebarAction(facts, ref) },
    ledgerHead: getLedgerHead(),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.strategy.name, data.strategy.description)
    : pageMeta("Strategy Not Found", "The strategy you're looking for doesn't exist or has been removed.");

const TAB_ID_PREFIX = "strategy-tab";
const PANEL_ID = "strategy-tabpanel";

function StrategyTabs({ selected, pathname }: { selected: StrategyTab; pathname: string }) {
  return (
    <LinkTabs
      label="Strategy details"
      tabs={STRATEGY_TABS.map((tab) => ({ ...tab, to: `${pathname}?tab=${tab.id}` }))}
      selected={selected}
      idPrefix={TAB_ID_PREFIX}
      panelId={PANEL_ID}
      className="sm:gap-1"
      tabClassName="min-w-0 flex-1 px-0.5 py-2.5 text-center text-xs min-[400px]:text-sm sm:flex-none sm:px-4"
    />
  );
}

export default function StrategyDetail() {
  const data = useLoaderData<typeof loader>();
  const { strategy } = data;
  const location = useLocation();

  // While another tab of this page is loading, select it at once; only the Signals and Performance panels wait for data.
  const pending = usePendingSearchParams();
  const pendingTab = pending ? parseStrategyTab(pending.get("tab")) : null;
  const selected = pendingTab ?? data.tab;
  const signalsReady = !pendingTab || pendingTab === data.tab;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/strategies" className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
          <span aria-hidden="true">← </span>All strategies
        </Link>
      </nav>

      <header className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{strategy.name}</h1>
            <RiskBadge riskClass={strategy.riskClass} />
          </div>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{strategy.description}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row" data-testid="strategy-hero-actions">
          {data.actions.hero.map((cta, index) => (
            <CallToActionButton key={cta.label} cta={cta} size="lg" variant={index === 0 ? "default" : "outline"} />
          ))}
        </div>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <StrategyTabs selected={selected} pathname={location.pathname} />
          <TabPanel id={PANEL_ID} labelledBy={tabId(TAB_ID_PREFIX, selected)} className="pt-6">
            {selected === "overview" ? <OverviewPanel strategy={strategy} /> : null}
            {selected === "playbook" ? <PlaybookPanel slug={strategy.slug} /> : null}
            {selected === "performance" && signalsReady && data.record ? (
              <PerformanceTab slug={strategy.slug} record={data.record} />
            ) : null}
            {selected === "signals" ? (
              <SignalsPanel
                strategy={strategy}
                signals={signalsReady ? data.signals : null}
                now={data.now}
                status={data.status}
                pathname={location.pathname}
                sizeRiskPercent={data.sizeRiskPercent}
                unlock={signalsReady ? data.unlock : null}
              />
            ) : null}
          </TabPanel>
        </div>
        <StrategySidebar strategy={strategy} action={data.actions.sidebar} />
      </div>
      <LedgerHeadNote head={data.ledgerHead} className="mt-10" />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{
        title: "Strategy Not Found",
        message: "The strategy you're looking for doesn't exist or has been removed.",
      }}
      failed="We could not load this strategy. Please try again, or browse the other strategies."
      link={{ to: "/strategies", label: "Back to Strategies" }}
    />
  );
}
