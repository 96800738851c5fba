/**
 * The interactive equity-curve / drawdown chart on /performance, drawn with
 * TradingView's lightweight-charts (v5 API).
 *
 * Browser-only: the `.client` suffix makes the Remix server build replace this
 * module with an empty one, and the route imports it only through
 * `React.lazy(() => import(...))` after hydration, so lightweight-charts lands
 * in its own chunk that no other page (and no server render) loads.
 *
 * The chart follows the site theme: it reads the `dark` class on <html> and
 * re-themes itself whenever a MutationObserver sees that class change.
 *
 * Its own price and time scales are hidden: the value range is fixed to
 * `range` and the bars fill the width, so the axis labels drawn around it
 * (chart-frame.tsx) line up and never overlap, at any width (the library's
 * last-value label sat on its tick labels, and its day ticks strayed, on phones).
 */
import {
  AreaSeries,
  BaselineSeries,
  ColorType,
  createChart,
  type AreaSeriesPartialOptions,
  type AutoscaleInfoProvider,
  type BaselineSeriesPartialOptions,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { formatPct, type SeriesPoint } from "~/domain/performance-series";
import { formatUsd } from "~/domain/money";

type PerformanceChartKind = "equity" | "drawdown";

interface PerformanceChartProps {
  kind: PerformanceChartKind;
  /** The windowed points to draw, oldest first (`time` is `YYYY-MM-DD`). */
  points: ReadonlyArray<SeriesPoint>;
  /** Accessible name of the chart image. */
  label: string;
  /** The value range to plot, bottom to top (the frame's outer y labels). */
  range: { lo: number; hi: number };
  className?: string;
  /** `data-testid` of the chart element; default `performance-chart-<kind>`. */
  testId?: string;
}

interface Palette {
  text: string;
  grid: string;
  border: string;
  line: string;
  top: string;
  bottom: string;
}

const PALETTES: Record<PerformanceChartKind, Record<"light" | "dark", Palette>> = {
  equity: {
    // blue-700 / blue-400 lines; slate-600 / slate-300 axis text (AA on white / slate-900).
    light: {
      text: "#475569",
      grid: "#e2e8f0",
      border: "#cbd5e1",
      line: "#1d4ed8",
      top: "rgba(29, 78, 216, 0.28)",
      bottom: "rgba(29, 78, 216, 0.02)",
    },
    dark: {
      text: "#cbd5e1",
      grid: "#1e293b",
      border: "#334155",
      line: "#60a5fa",
      top: "rgba(96, 165, 250, 0.35)",
      bottom: "rgba(96, 165, 250, 0.02)",
    },
  },
  drawdown: {
    // red-700 / red-400 lines.
    light: {
      text: "#475569",
      grid: "#e2e8f0",
      border: "#cbd5e1",
      line: "#b91c1c",
      top: "rgba(185, 28, 28, 0.02)",
      bottom: "rgba(185, 28, 28, 0.28)",
    },
    dark: {
      text: "#cbd5e1",
      grid: "#1e293b",
      border: "#334155",
      line: "#f87171",
      top: "rgba(248, 113, 113, 0.02)",
      bottom: "rgba(248, 113, 113, 0.35)",
    },
  },
};

function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

function chartOptions(palette: Palette): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: "rgba(0, 0, 0, 0)" },
      textColor: palette.text,
      fontFamily: "ui-sans-serif, system-ui, sans-serif",
    },
    grid: {
      vertLines: { visible: false },
      horzLines: { visible: false },
    },
    rightPriceScale: { visible: false, borderColor: palette.border },
    timeScale: { visible: false, borderColor: palette.border },
  };
}

function equityColors(palette: Palette): AreaSeriesPartialOptions {
  return { lineColor: palette.line, topColor: palette.top, bottomColor: palette.bottom };
}

/** The drawdown is a baseline series at 0%: filled between the line and zero, never above it. */
function drawdownColors(palette: Palette): BaselineSeriesPartialOptions {
  return {
    topLineColor: palette.line,
    topFillColor1: palette.top,
    topFillColor2: palette.top,
    bottomLineColor: palette.line,
    bottomFillColor1: palette.top,
    bottomFillColor2: palette.bottom,
  };
}

/** Plots exactly `range` (the frame's labels), whatever the data's own extremes. */
function fixedRange(range: { lo: number; hi: number }): AutoscaleInfoProvider {
  return () => ({ priceRange: { minValue: range.lo, maxValue: range.hi } });
}

type ChartSeries = ISeriesApi<"Area"> | ISeriesApi<"Baseline">;

export default function PerformanceChart({ kind, points, label, range, className = "", testId = `performance-chart-${kind}` }: PerformanceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ChartSeries | null>(null);

  // Create the chart once per kind; follow the theme class on <html>.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const palette = () => PALETTES[kind][isDark() ? "dark" : "light"];

    const chart = createChart(element, {
      ...chartOptions(palette()),
      autoSize: true,
      // The period buttons choose the window; keep page scrolling and zooming for the page itself.
      handleScroll: false,
      handleScale: false,
      // Attribution is a visible text link under the chart (a link inside role="img" would be nested-interactive).
      layout: { ...chartOptions(palette()).layout, attributionLogo: false },
      // The time scale is hidden, so its tick labels are never drawn: an empty label spares the default
      // formatter's toLocaleString, which loads the browser's locale data (decision 0069).
      timeScale: { visible: false, fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: () => "" },
      crosshair: { horzLine: { labelVisible: false }, vertLine: { labelVisible: false } },
    });
    const common = { lineWidth: 2, priceLineVisible: false, lastValueVisible: false } as const;
    const series: ChartSeries =
      kind === "equity"
        ? chart.addSeries(AreaSeries, {
            ...common,
            ...equityColors(palette()),
            priceFormat: { type: "custom", minMove: 1, formatter: (price: number) => formatUsd(price) },
          })
        : chart.addSeries(BaselineSeries, {
            ...common,
            ...drawdownColors(palette()),
            baseValue: { type: "price", price: 0 },
            priceFormat: { type: "custom", minMove: 0.01, formatter: (price: number) => formatPct(price, 2) },
          });
    chart.priceScale("right").applyOptions({ scaleMargins: { top: 0, bottom: 0 } });
    chartRef.current = chart;
    seriesRef.current = series;

    const observer = new MutationObserver(() => {
      const next = palette();
      chart.applyOptions(chartOptions(next));
      series.applyOptions(kind === "equity" ? equityColors(next) : drawdownColors(next));
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });

    return () => {
      observer.disconnect();
      chartRef.current = null;
      seriesRef.current = null;
      chart.remove();
    };
  }, [kind]);

  // Swap in the new window when the period changes (no re-creation, no reload).
  useEffect(() => {
    const series = seriesRef.current;
    const chart = chartRef.current;
    if (!series || !chart) return;
    series.applyOptions({ autoscaleInfoProvider: fixedRange(range) });
    series.setData(points.map(({ time, value }) => ({ time, value })));
    chart.timeScale().fitContent();
  }, [points, kind, range.lo, range.hi]);

  return <div ref={container} role="img" aria-label={label} data-testid={testId} className={`h-full w-full ${className}`} />;
}
