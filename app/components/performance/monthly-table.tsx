/** The monthly breakdown table of /performance: each month's return and month-end equity, and the compounded year. */
import { formatUsd } from "~/domain/money";
import { formatPct, type MonthlyBreakdownRow } from "~/domain/performance-series";
import { signTone, toneClass } from "./tone";
import { PerformanceTableHead } from "./table-head";

/** The table for `rows`; the footer compounds from `startingEquity` (USD) to the last month's close. */
export function MonthlyTable({
  rows,
  startingEquity,
}: {
  rows: ReadonlyArray<MonthlyBreakdownRow>;
  startingEquity: number;
}) {
  const last = rows[rows.length - 1]!;
  const total = (last.endEquity / startingEquity - 1) * 100;
  return (
    <div
      className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
      role="region"
      aria-labelledby="monthly-breakdown-title"
      tabIndex={0}
    >
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">Hypothetical monthly returns and month-end equity</caption>
        <PerformanceTableHead labels={["Month", "Return", "Month-end equity"]} />
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="px-4 py-2 font-medium">
                {row.label}
              </th>
              <td className={`px-4 py-2 text-right tabular-nums ${toneClass[signTone(row.returnPct)]}`}>
                {formatPct(row.returnPct)}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{formatUsd(row.endEquity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold dark:border-slate-600 dark:bg-slate-800/60">
          <tr>
            <th scope="row" className="px-4 py-2">
              12 months, compounded
            </th>
            <td className={`px-4 py-2 text-right tabular-nums ${toneClass[signTone(total)]}`}>{formatPct(total)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{formatUsd(last.endEquity)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
