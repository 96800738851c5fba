/**
 * The live track record's monthly returns as a year × month heatmap, for a
 * strategy's Performance tab.
 */
import { formatPct } from "~/domain/performance-series";
import type { LiveRecord } from "./live-record";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** Background of a heatmap cell: green for a gain, red for a loss, deeper from 1% and 3%. */
function heat(returnPct: number): string {
  const size = Math.abs(returnPct);
  if (size < 0.005) return "bg-slate-50 dark:bg-slate-800";
  const level = size >= 3 ? 2 : size >= 1 ? 1 : 0;
  const green = ["bg-green-50 dark:bg-green-950", "bg-green-100 dark:bg-green-900", "bg-green-200 dark:bg-green-800"];
  const red = ["bg-red-50 dark:bg-red-950", "bg-red-100 dark:bg-red-900", "bg-red-200 dark:bg-red-800"];
  return (returnPct > 0 ? green : red)[level]!;
}

/** The monthly returns (percent at the record's risk) as a year × month table coloured by sign and size. */
export function MonthlyHeatmap({ record }: { record: LiveRecord }) {
  if (record.monthly.length === 0) return null;
  const years = [...new Set(record.monthly.map((m) => m.month.slice(0, 4)))];
  const byMonth = new Map(record.monthly.map((m) => [m.month, m]));
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700" role="region" aria-label="Monthly returns" tabIndex={0}>
      <table className="w-full min-w-[40rem] text-center text-xs tabular-nums" data-testid="monthly-heatmap">
        <caption className="sr-only">Monthly returns in percent at {record.riskPct}% risk per signal</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-2 text-left">
              Year
            </th>
            {MONTHS.map((month) => (
              <th key={month} scope="col" className="px-1 py-2 font-medium">
                {month}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((year) => (
            <tr key={year}>
              <th scope="row" className="px-2 py-1 text-left font-semibold">
                {year}
              </th>
              {MONTHS.map((name, i) => {
                const row = byMonth.get(`${year}-${String(i + 1).padStart(2, "0")}`);
                return (
                  <td key={name} className={`px-1 py-1 ${row ? heat(row.returnPct) : ""}`}>
                    {row ? formatPct(row.returnPct) : ""}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
