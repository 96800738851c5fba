/**
 * /performance — hypothetical performance (spec section 2 "Performance",
 * section 9 cost assumptions and static metrics).
 *
 * Tabs and chart periods are plain links (`?tab=…&period=…`), so the page works
 * without JavaScript; the loader parses both and falls back to the defaults.
 * With JavaScript, links navigate client-side, the UI switches optimistically
 * from the pending navigation, and the tab list gets arrow-key navigation.
 *
 * The Overview tab is the track record folded from the ledger: the figures of
 * the closed signals for all strategies and each one, over the period of
 * `?period=` (1W, 1M, 3M, 1Y up to now), live trades only unless `?basis=`
 * asks for the labelled simulated history (docs/decisions/0146). No result
 * figure on the page is hand-written (docs/decisions/0150).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LedgerHeadNote } from "~/components/ledger-head-note";
import { CtaButtons } from "~/components/marketing";
import { DisclaimersTab, MethodologyTab, VerificationTab } from "~/components/performance/info-tabs";
import { LiveRecordSection } from "~/components/performance/live-record-section";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { PERFORMANCE_LEAD, PERFORMANCE_TABS, type ChartPeriod, type PerformanceTab } from "~/content/performance";
import { parsePerformanceParams, performanceHref } from "~/domain/performance-page";
import type { CallToAction } from "~/content/pricing";
import { pageMeta } from "~/domain/page-meta";
import { performancePageData } from "~/services/performance-page.server";

export const meta: MetaFunction = () => [
  ...pageMeta(
    "Performance",
    "The track record of FX Trader's rules-based forex strategies, folded from a public ledger: equity curve, drawdown, key metrics, monthly returns, methodology, cost assumptions and disclaimers.",
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
  const { live, period: livePeriod, basis, simulatedNote, ledgerHead } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Performance</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{PERFORMANCE_LEAD}</p>
        <CtaButtons actions={PAGE_ACTIONS} className="mt-6 flex flex-wrap gap-3" />
      </header>

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
        {tab === "overview" ? <LiveRecordSection all={live.all} strategies={live.strategies} tab={tab} period={livePeriod} basis={basis} simulatedNote={simulatedNote} /> : null}
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
