/**
 * The /performance loader's data, in a `.server` module so the page's
 * browser bundle does not reach the track-record maths it is computed with.
 */
import { parsePerformanceParams, roundedDays } from "~/domain/performance-page";
import { periodRange } from "~/domain/track-record";
import { getTrackRecordFigures, getTrackRecordView } from "~/models/read-models/track-record.server";
import { getLedgerHead } from "~/models/ledger.server";
import { listStrategies } from "~/models/strategies.server";

/**
 * @param searchParams the page's query (`tab`, `period`; defaults when missing or unknown).
 * @param now the clock, for the live record's period.
 * @returns `{tab, period, live: {all, strategies: [{slug, name, record}]}, ledgerHead}`:
 *   the tab and period shown, the live track record of all strategies (its daily series
 *   rounded by `roundedDays`) and of each one over the period, and the signal ledger's head.
 */
export function performancePageData(searchParams: URLSearchParams, now: Date) {
  const params = parsePerformanceParams(searchParams);
  const range = periodRange(params.period, now);
  const all = getTrackRecordView("all", range, 0);
  const live = {
    all: { ...all, equity: { byDay: roundedDays(all.equity.byDay) } },
    strategies: listStrategies().map((strategy) => ({
      slug: strategy.slug,
      name: strategy.name,
      record: getTrackRecordFigures({ strategyId: strategy.id }, range),
    })),
  };
  return { ...params, live, ledgerHead: getLedgerHead() };
}
