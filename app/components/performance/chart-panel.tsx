/**
 * An equity or drawdown chart card on /performance. The server renders an
 * accessible SVG sparkline of the windowed points plus a text summary; once
 * the card nears the viewport or the browser is idle after load, the
 * lightweight-charts chart is loaded with React.lazy from
 * `performance-chart.client.tsx`, a separate chunk only this page requests.
 * It replaces the sparkline once loaded; the sparkline stays if the chunk fails.
 */
import { Component, lazy, Suspense, useRef, type ReactNode } from "react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CHART_PANEL_FIGURES, type ChartPeriodOption, type MetricTone } from "~/content/performance";
import { formatUsd } from "~/domain/money";
import { chartAxes, SPARKLINE, sparklineGeometry, type SparklineGeometry } from "~/domain/chart-axes";
import { formatDay, formatPct, summarizeWindow, type SeriesPoint } from "~/domain/performance-series";
import { ChartAttribution, ChartFrame } from "./chart-frame";
import { signTone, toneClass } from "./tone";
import { useVisibleOrIdle } from "./use-visible-or-idle";

/** The chart and its library are fetched only in the browser, only on this page. */
const loadChart = () => import("./performance-chart.client");
const PerformanceChart = lazy(loadChart);

/** Which series a chart card shows. */
type ChartKind = "equity" | "drawdown";

export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function chartLabel(kind: ChartKind, points: ReadonlyArray<SeriesPoint>, period: ChartPeriodOption): string {
  const summary = summarizeWindow(points);
  const range = `from ${formatDay(summary.startTime)} to ${formatDay(summary.endTime)}`;
  if (kind === "equity") {
    return `Hypothetical equity curve for the last ${period.name}, ${range}: ${formatUsd(summary.start)} to ${formatUsd(
      summary.end
    )}, ${formatPct(summary.changePct)}.`;
  }
  return `Hypothetical drawdown below the running equity peak for the last ${
    period.name
  }, ${range}: deepest ${formatPct(summary.min, 2)}, latest ${formatPct(summary.end, 2)}.`;
}

/** The card: figures, the chart (sparkline or interactive), its caption and a start/end summary. */
export function ChartPanel({
  kind,
  title,
  points,
  period,
}: {
  kind: ChartKind;
  title: string;
  points: ReadonlyArray<SeriesPoint>;
  period: ChartPeriodOption;
}) {
  const summary = summarizeWindow(points);
  const label = chartLabel(kind, points, period);
  const captionId = `${kind}-chart-caption`;
  const axes = chartAxes(points, kind);
  const sparkline = <Sparkline kind={kind} geometry={sparklineGeometry(points, kind, axes)} label={label} />;
  const figures = kind === "equity" ? CHART_PANEL_FIGURES.equity : CHART_PANEL_FIGURES.drawdown;
  const chartBox = useRef<HTMLDivElement>(null);
  const interactive = useVisibleOrIdle(chartBox, loadChart);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <Badge variant="warning">Hypothetical</Badge>
        </div>
        <CardDescription>
          {kind === "equity" ? "Daily closing equity in USD." : "Percent below the running equity peak, daily."}
        </CardDescription>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {figures.map((figure) => (
            <div key={figure.label} className="flex gap-2">
              <dt className="text-slate-700 dark:text-slate-300">{figure.label}</dt>
              <dd className={`font-semibold tabular-nums ${toneClass[figure.tone]}`}>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </CardHeader>
      <CardContent>
        <figure aria-labelledby={captionId} className="m-0">
          <div ref={chartBox} className="h-56 w-full sm:h-64" data-testid={`${kind}-chart`}>
            <ChartFrame axes={axes}>
              {interactive ? (
                <ChartBoundary fallback={sparkline}>
                  <Suspense fallback={sparkline}>
                    <PerformanceChart kind={kind} points={points} label={label} range={axes} />
                  </Suspense>
                </ChartBoundary>
              ) : (
                sparkline
              )}
            </ChartFrame>
          </div>
          <ChartAttribution />
          <figcaption id={captionId} className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {title} (hypothetical), last {period.name}: {formatDay(summary.startTime)} to {formatDay(summary.endTime)}.
          </figcaption>
        </figure>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm" data-testid={`${kind}-summary`}>
          {kind === "equity" ? (
            <>
              <SummaryItem label="Start" value={formatUsd(summary.start)} />
              <SummaryItem label="End" value={formatUsd(summary.end)} />
              <SummaryItem label="Change" value={formatPct(summary.changePct)} tone={signTone(summary.changePct)} />
            </>
          ) : (
            <>
              <SummaryItem label="Start" value={formatPct(summary.start, 2)} tone={signTone(summary.start)} />
              <SummaryItem label="Latest" value={formatPct(summary.end, 2)} tone={signTone(summary.end)} />
              <SummaryItem label="Deepest" value={formatPct(summary.min, 2)} tone={signTone(summary.min)} />
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

function SummaryItem({ label, value, tone = "neutral" }: { label: string; value: string; tone?: MetricTone }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800">
      <dt className="text-xs text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className={`font-semibold tabular-nums ${toneClass[tone]}`}>{value}</dd>
    </div>
  );
}

/**
 * A server-rendered SVG of a series (the no-JavaScript chart), drawn from its
 * `geometry` (`sparklineGeometry`), so the frame's axis labels line up with it.
 */
export function Sparkline({
  kind,
  geometry,
  label,
  testId = `${kind}-sparkline`,
}: {
  kind: ChartKind;
  geometry: SparklineGeometry;
  label: string;
  /** `data-testid` of the SVG; default `<kind>-sparkline`. */
  testId?: string;
}) {
  const colors =
    kind === "equity"
      ? { line: "stroke-blue-700 dark:stroke-blue-400", area: "fill-blue-700/15 dark:fill-blue-400/20" }
      : { line: "stroke-red-700 dark:stroke-red-400", area: "fill-red-700/15 dark:fill-red-400/20" };

  return (
    <svg
      viewBox={`0 0 ${SPARKLINE.width} ${SPARKLINE.height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid={testId}
      className="h-full w-full overflow-visible"
    >
      <path d={geometry.area} className={colors.area} />
      <path
        d={geometry.line}
        fill="none"
        className={colors.line}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
