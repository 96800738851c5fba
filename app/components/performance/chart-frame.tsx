/**
 * The axes around a /performance chart, drawn in HTML so the server-drawn SVG
 * and the interactive chart share them: y labels in a column on the left,
 * horizontal grid lines, x labels in a row below (positions from
 * `chartAxes`, app/domain/chart-axes.ts, thinned for a 360 px phone so no two
 * labels overlap). The labels repeat what the chart's accessible name and
 * summary say, so they are hidden from assistive technology.
 */
import type { ReactNode } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ChartAxes } from "~/domain/chart-axes";

const labelClass = "absolute text-xs leading-4 whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-400";

/** The chart `children` (filling the plot area) framed by `axes`. */
export function ChartFrame({ axes, children }: { axes: ChartAxes; children: ReactNode }) {
  return (
    <div className="grid h-full w-full grid-cols-[4rem_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_1.5rem] gap-x-2 pt-2" data-testid="chart-frame">
      <div className="relative" aria-hidden="true">
        {axes.y.map((label) => (
          <span key={label.text} data-testid="axis-label" data-axis="y" className={`${labelClass} right-0 -translate-y-1/2`} style={{ top: `${label.pct}%` }}>
            {label.text}
          </span>
        ))}
      </div>
      <div className="relative min-w-0">
        {axes.y.map((label) => (
          <div
            key={label.text}
            aria-hidden="true"
            className="absolute inset-x-0 border-t border-slate-200 dark:border-slate-700"
            style={{ top: `${label.pct}%` }}
          />
        ))}
        <div className="absolute inset-0">{children}</div>
      </div>
      <div />
      <div className="relative" aria-hidden="true">
        {axes.x.map((label) => (
          <span key={`${label.text}-${label.pct}`} data-testid="axis-label" data-axis="x" className={`${labelClass} top-1 -translate-x-1/2`} style={{ left: `${label.pct}%` }}>
            {label.text}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * The credit the interactive chart's licence asks for, under the chart (a link
 * inside role="img" would be nested-interactive). Shown once the page has
 * hydrated, as the interactive chart needs JavaScript: only this line renders
 * again then, not the page around it.
 */
export function ChartAttribution() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <p className="mt-1 text-right text-xs text-slate-600 dark:text-slate-400">
      Chart by{" "}
      <a
        href="https://www.tradingview.com/lightweight-charts/"
        target="_blank"
        rel="noopener noreferrer"
        className="underline underline-offset-2 hover:no-underline"
      >
        TradingView Lightweight Charts<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
