/**
 * "Live track record" on /performance: period and basis links (1W, 1M, 3M,
 * 1Y; live, simulated, both: plain `?period=`/`?basis=` links that work
 * without JavaScript), the figures and charts of all strategies together, and
 * one row of figures per strategy. Live trades only by default; simulated
 * figures come with their label and statement (docs/decisions/0146).
 */
import { Link } from "@remix-run/react";

import { CHART_PERIODS, type ChartPeriod, type PerformanceTab } from "~/content/performance";
import {
  LIVE_PERIOD_LABEL,
  LIVE_RECORD_INTRO,
  LIVE_RECORD_TITLE,
  NO_CLOSED_SIGNALS,
  NO_LIVE_TRADES,
  NO_LIVE_TRADES_NOTE,
  RECORD_BASIS_CHOICES,
  RECORD_BASIS_LABEL,
} from "~/content/track-record";
import { performanceHref } from "~/domain/performance-page";
import type { RecordBasis } from "~/domain/record-basis";
import { formatDay, formatPct } from "~/domain/performance-series";
import { formatR, tradesCsvPath } from "~/domain/track-record-display";
import type { TrackRecordFigures } from "~/models/read-models/track-record.server";
import { LiveCharts, LiveTiles, type LiveRecord } from "./live-record";
import { PeriodLinks } from "./period-links";
import type { SimulatedNoteText } from "./simulated-note";

/** One strategy's figures in the period, with its name and slug. */
export interface StrategyRecord {
  slug: string;
  name: string;
  record: TrackRecordFigures;
}

function LivePeriodLinks({ tab, period, basis }: { tab: PerformanceTab; period: ChartPeriod; basis: RecordBasis }) {
  return (
    <PeriodLinks
      choices={CHART_PERIODS}
      current={period}
      hrefFor={(choice) => `${performanceHref(tab, choice, basis)}#live-record`}
      label={LIVE_PERIOD_LABEL}
      testIdPrefix="live-period-"
    />
  );
}

function StrategyTable({ strategies, basis }: { strategies: ReadonlyArray<StrategyRecord>; basis: RecordBasis }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700" role="region" aria-label="Live figures by strategy" tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="live-strategies">
        <caption className="sr-only">Live figures of each strategy in the period, net of costs</caption>
        <thead className="bg-slate-50 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {["Strategy", "Closed signals", "Win rate", "Expectancy", "Profit factor", "Net result", "Max drawdown", "CSV"].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 tabular-nums dark:divide-slate-700">
          {strategies.map(({ slug, name, record }) => (
            <tr key={slug}>
              <th scope="row" className="px-3 py-2 font-medium">
                <Link to={`/strategies/${slug}?tab=performance`} className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
                  {name}
                </Link>
              </th>
              {basis === "live" && record.trades === 0 ? (
                <td className="px-3 py-2" colSpan={6}>
                  {NO_LIVE_TRADES}
                </td>
              ) : (
                <>
                  <td className="px-3 py-2">{record.trades}</td>
                  <td className="px-3 py-2">{record.winRate === null ? "—" : `${record.winRate.toFixed(1)}%`}</td>
                  <td className="px-3 py-2">{formatR(record.expectancyR)}</td>
                  <td className="px-3 py-2">{record.profitFactor === null ? "—" : record.profitFactor.toFixed(2)}</td>
                  <td className="px-3 py-2">{formatR(record.totalNetR, 1)}</td>
                  <td className="px-3 py-2">{formatPct(record.maxDrawdownPercent)}</td>
                </>
              )}
              <td className="px-3 py-2">
                <a href={tradesCsvPath(slug, basis)} download className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
                  Trades<span className="sr-only"> of {name} (CSV)</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The section: all strategies' record for the period on `basis`, then each strategy's; `simulatedNote` (null on the live basis) above simulated figures. */
export function LiveRecordSection({
  all,
  strategies,
  tab,
  period,
  basis,
  simulatedNote,
}: {
  all: LiveRecord;
  strategies: ReadonlyArray<StrategyRecord>;
  tab: PerformanceTab;
  period: ChartPeriod;
  basis: RecordBasis;
  simulatedNote: SimulatedNoteText | null;
}) {
  return (
    <section id="live-record" aria-labelledby="live-record-title" className="mt-10 scroll-mt-20" data-testid="live-record">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h2 id="live-record-title" className="text-2xl font-bold tracking-tight">
            {LIVE_RECORD_TITLE}
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{LIVE_RECORD_INTRO}</p>
          {all.from && all.to ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="live-period">
              {formatDay(all.from.slice(0, 10))} to {formatDay(all.to.slice(0, 10))}, all strategies, {all.riskPct}% risk per signal.
            </p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-2">
          <PeriodLinks
            choices={RECORD_BASIS_CHOICES}
            current={basis}
            hrefFor={(choice) => `${performanceHref(tab, period, choice)}#live-record`}
            label={RECORD_BASIS_LABEL}
            testIdPrefix="record-basis-"
          />
          <LivePeriodLinks tab={tab} period={period} basis={basis} />
        </div>
      </div>
      {/* The simulated note and the empty live record are written out here, not as ./simulated-note and ./record-basis, to keep /performance's initial JavaScript in its budget. */}
      {simulatedNote ? (
        <div
          role="note"
          data-testid="simulated-note"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <strong className="font-semibold">{simulatedNote.label}.</strong> {simulatedNote.statement} {simulatedNote.method}
        </div>
      ) : null}
      {all.trades === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700" data-testid={basis === "live" ? "no-live-trades" : undefined}>
          {basis === "live" ? `${NO_LIVE_TRADES}. ${NO_LIVE_TRADES_NOTE} ` : NO_CLOSED_SIGNALS}
          {basis === "live" && all.simulatedTrades > 0 ? (
            <Link to={`${performanceHref(tab, period, "simulated")}#live-record`} className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
              See the simulated history
            </Link>
          ) : null}
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          <LiveTiles record={all} />
          <LiveCharts record={all} />
        </div>
      )}
      <div className="mt-4">
        <StrategyTable strategies={strategies} basis={basis} />
      </div>
    </section>
  );
}
