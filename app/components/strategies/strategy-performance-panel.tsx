/**
 * The Performance tab of /strategies/:slug: the strategy's track record on
 * the basis of `?basis=` (live trades by default; simulated history only with
 * its label, statement and method: docs/decisions/0146) (tiles, equity and
 * drawdown, monthly heatmap, latest trades, the CFTC Rule 4.41 statement and
 * the methodology). No hand-written sample figures (docs/decisions/0150).
 */
import { LatestTrades, LiveCharts, LiveTiles, type LiveRecord } from "~/components/performance/live-record";
import { BasisLinks, NoLiveTrades } from "~/components/performance/record-basis";
import { SimulatedNote } from "~/components/performance/simulated-note";
import { MonthlyHeatmap } from "~/components/performance/monthly-heatmap";
import { HYPOTHETICAL_PERFORMANCE_DISCLAIMER } from "~/content/performance-info";
import { SIMULATED_LABEL, SIMULATED_METHOD, SIMULATED_STATEMENT } from "~/content/simulated-history";
import { LIVE_METHODOLOGY, LIVE_RECORD_INTRO, LIVE_RECORD_TITLE, NO_CLOSED_SIGNALS } from "~/content/track-record";
import type { RecordBasis } from "~/domain/record-basis";
import { tradesCsvPath } from "~/domain/track-record-display";
import { DisclaimerBox } from "./disclaimer-box";

/** The Performance tab's URL on `basis`. */
function basisHref(slug: string, basis: RecordBasis): string {
  return `/strategies/${encodeURIComponent(slug)}?tab=performance${basis === "live" ? "" : `&basis=${basis}`}`;
}

/** The strategy's record on its basis: figures net of costs, charts, heatmap, latest trades, the 4.41 statement and the methodology. */
function LivePerformance({ slug, record }: { slug: string; record: LiveRecord }) {
  const basis = record.basis;
  return (
    <section aria-labelledby="live-record-title" data-testid="live-record">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="live-record-title" className="text-xl font-semibold">
          {LIVE_RECORD_TITLE}
        </h2>
        <a href={tradesCsvPath(slug, basis)} download className="text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
          Download trades (CSV)
        </a>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{LIVE_RECORD_INTRO}</p>
      <BasisLinks basis={basis} hrefFor={(choice) => basisHref(slug, choice)} className="mt-3" />
      {basis === "live" ? null : <SimulatedNote text={{ label: SIMULATED_LABEL, statement: SIMULATED_STATEMENT, method: SIMULATED_METHOD }} className="mt-4" />}
      {record.trades === 0 && basis === "live" ? (
        <NoLiveTrades className="mt-4" simulatedHref={record.simulatedTrades > 0 ? basisHref(slug, "simulated") : undefined} />
      ) : record.trades === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700">{NO_CLOSED_SIGNALS}</p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          <LiveTiles record={record} />
          <LiveCharts record={record} />
          <h3 className="font-semibold">Monthly returns at {record.riskPct}% risk per signal</h3>
          <MonthlyHeatmap record={record} />
          <h3 className="font-semibold">Latest closed signals</h3>
          <LatestTrades trades={record.latestTrades} />
        </div>
      )}
      <DisclaimerBox id="cftc-4-41" title="CFTC Rule 4.41" level="h3" className="mt-4 rounded-lg">
        {HYPOTHETICAL_PERFORMANCE_DISCLAIMER.paragraphs.join(" ")}
      </DisclaimerBox>
      <div className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="font-semibold">Methodology</h3>
        <dl className="mt-2 flex flex-col gap-2 text-sm">
          {LIVE_METHODOLOGY.map((item) => (
            <div key={item.title}>
              <dt className="font-medium">{item.title}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{item.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** The tab for the strategy `slug`: its live record. */
export function PerformancePanel({ slug, record }: { slug: string; record: LiveRecord }) {
  return <LivePerformance slug={slug} record={record} />;
}
