/**
 * /performance — hypothetical performance (spec section 2 "Performance",
 * section 9 cost assumptions and static metrics).
 *
 * Tabs and chart periods are plain links (`?tab=…&period=…`), so the page works
 * without JavaScript; the loader parses both and falls back to the defaults.
 * With JavaScript, links navigate client-side, the UI switches optimistically
 * from the pending navigation, and the tab list gets arrow-key navigation.
 *
 * Above the spec's sample content (kept word for word, labelled as an
 * illustration) the "Live track record" shows the figures computed from the
 * closed signals for all strategies and each one, over the period of
 * `?period=` (1W, 1M, 3M, 1Y up to now), live trades only unless `?basis=`
 * asks for the labelled simulated history (docs/decisions/0146).
 *
 * Charts: see ~/components/performance/chart-panel (a server-rendered
 * sparkline, replaced after hydration by a lazily loaded interactive chart).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { LedgerHeadNote } from "~/components/ledger-head-note";
import { CtaButtons } from "~/components/marketing";
import { DisclaimersTab, MethodologyTab, VerificationTab } from "~/components/performance/info-tabs";
import { LiveRecordSection } from "~/components/performance/live-record-section";
import { OverviewPanel } from "~/components/performance/overview-panel";
import { Badge } from "~/components/ui/badge";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { HYPOTHETICAL_BANNER, PERFORMANCE_TABS, type ChartPeriod, type PerformanceTab } from "~/content/performance";
import { ILLUSTRATION_NOTE, ILLUSTRATION_TITLE } from "~/content/track-record";
import { parsePerformanceParams, performanceHref } from "~/domain/performance-page";
import type { CallToAction } from "~/content/pricing";
import { pageMeta } from "~/domain/page-meta";
import { performancePageData } from "~/services/performance-page.server";

export const meta: MetaFunction = () => [
  ...pageMeta(
    "Performance",
    "Hypothetical performance of FX Trader's rules-based forex strategies: equity curve, drawdown, key metrics, monthly returns, methodology, cost assumptions and disclaimers.",
  ),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "FX Trader Signals", href: "/signals.rss" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(performancePageData(new URL(request.url).searchParams, new Date()));
}

/** The page's calls to action, in its header and again at its foot. */
const PAGE_ACTIONS: CallToAction[] = [
  { label: "View Pricing", to: "/pricing" },
  { label: "Explore Strategies", to: "/strategies" },
];

const TAB_ID_PREFIX = "performance-tab";

function panelId(tab: PerformanceTab): string {
  return `performance-panel-${tab}`;
}

/** The tab and period to show: the pending navigation's (optimistic) while one to this page is under way. */
function useViewState(): { tab: PerformanceTab; period: ChartPeriod } {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingSearchParams();
  return pending ? parsePerformanceParams(pending) : { tab: data.tab, period: data.period };
}

export default function PerformancePage() {
  const { tab, period } = useViewState();
  const { live, period: livePeriod, basis, simulatedNote, ledgerHead, disclaimer } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
      <header className="max-w-3xl">
        <Badge variant="warning">Hypothetical</Badge>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Performance</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
          How our rules-based strategies performed in backtests and simulation: the equity curve, drawdowns, key metrics,
          the method and costs behind them, and how results will be verified.
        </p>
        <CtaButtons actions={PAGE_ACTIONS} className="mt-6 flex flex-wrap gap-3" />
      </header>

      <LiveRecordSection all={live.all} strategies={live.strategies} tab={tab} period={livePeriod} basis={basis} simulatedNote={simulatedNote} />

      <h2 className="mt-12 text-2xl font-bold tracking-tight" data-testid="illustration-title">
        {ILLUSTRATION_TITLE}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{ILLUSTRATION_NOTE}</p>

      <p
        role="note"
        data-testid="hypothetical-banner"
        className="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <strong className="font-semibold">Hypothetical.</strong> {HYPOTHETICAL_BANNER}{" "}
        <Link
          to={performanceHref("disclaimers", period)}
          preventScrollReset
          className="font-medium underline underline-offset-2 hover:no-underline"
        >
          Read the disclaimers
        </Link>
        .
      </p>

      <LinkTabs
        label="Performance sections"
        tabs={PERFORMANCE_TABS.map((option) => ({ ...option, to: performanceHref(option.id, period, basis) }))}
        selected={tab}
        idPrefix={TAB_ID_PREFIX}
        panelId={panelId(tab)}
        variant="pills"
        activation="automatic"
        className="mt-8 grid-cols-2 sm:inline-grid sm:grid-cols-4"
        tabClassName="px-4 py-2"
      />

      <TabPanel
        as="section"
        id={panelId(tab)}
        labelledBy={tabId(TAB_ID_PREFIX, tab)}
        data-testid={panelId(tab)}
        className="mt-8 rounded-lg"
      >
        {tab === "overview" ? <OverviewPanel period={period} disclaimer={disclaimer} /> : null}
        {tab === "methodology" ? <MethodologyTab /> : null}
        {tab === "verification" ? <VerificationTab /> : null}
        {tab === "disclaimers" ? <DisclaimersTab /> : null}
      </TabPanel>

      <section
        aria-labelledby="performance-cta-title"
        className="mt-16 rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-10 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="performance-cta-title" className="text-2xl font-bold tracking-tight">
          Put the strategies to work
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
          Compare the plans, or read each strategy's rules, instruments and risk class before you start a free trial.
        </p>
        <CtaButtons actions={PAGE_ACTIONS} className="mt-6 flex flex-wrap justify-center gap-3" />
      </section>
      <LedgerHeadNote head={ledgerHead} className="mt-8 text-center" />
    </div>
  );
}
