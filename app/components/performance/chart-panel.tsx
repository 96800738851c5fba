/**
 * Pieces of the record's chart cards (./live-record.tsx): the boundary that
 * keeps the server-drawn sparkline when the interactive chart's chunk fails,
 * and that sparkline, an accessible SVG of the series drawn on the server.
 */
import { Component, type ReactNode } from "react";

import { SPARKLINE, type SparklineGeometry } from "~/domain/chart-axes";

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
