/**
 * The /performance loader's data, in a `.server` module so the page's
 * browser bundle does not reach the track-record maths it is computed with.
 */
import { SIMULATED_LABEL, SIMULATED_METHOD, SIMULATED_STATEMENT } from "~/content/simulated-history";
import { parsePerformanceParams, roundedDays } from "~/domain/performance-page";
import { DEFAULT_RECORD_BASIS, pageBasis } from "~/domain/record-basis";
import { periodRange } from "~/domain/track-record";
import { getTrackRecordFigures, getTrackRecordView } from "~/models/read-models/track-record.server";
import { getLedgerHead } from "~/models/ledger.server";
import { listStrategies } from "~/models/strategies.server";

/**
 * @param searchParams the page's query (`tab`, `period`, `basis`; defaults when missing or unknown).
 * @param now the clock, for the live record's period.
 * @returns `{tab, period, basis, live: {all, strategies: [{slug, name, record}]}, simulatedNote, ledgerHead}`:
 *   the tab, period and basis shown (live by default, docs/decisions/0146), the track record of all strategies (its daily series
 *   rounded by `roundedDays`) and of each one over the period on that basis, the label, hypothetical-performance
 *   statement and method shown with simulated figures (null on the live basis; texts sent as data so the page's
 *   bundle does not carry them), and the signal ledger's head.
 */
export function performancePageData(searchParams: URLSearchParams, now: Date) {
  const params = parsePerformanceParams(searchParams);
  const basis = pageBasis(searchParams.get("basis"));
  const range = { ...periodRange(params.period, now), basis };
  const all = getTrackRecordView("all", range, 0);
  const live = {
    all: { ...all, equity: { byDay: roundedDays(all.equity.byDay) } },
    strategies: listStrategies().map((strategy) => ({
      slug: strategy.slug,
      name: strategy.name,
      record: getTrackRecordFigures({ strategyId: strategy.id }, range),
    })),
  };
  const simulatedNote = basis === DEFAULT_RECORD_BASIS ? null : { label: SIMULATED_LABEL, statement: SIMULATED_STATEMENT, method: SIMULATED_METHOD };
  return { ...params, basis, live, simulatedNote, ledgerHead: getLedgerHead() };
}
