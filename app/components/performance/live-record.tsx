/**
 * The live track record's pieces, shared by a strategy's Performance tab and
 * the "Live track record" section of /performance: metric tiles, the equity
 * and drawdown charts (a server-drawn SVG that needs no JavaScript, replaced
 * by lightweight-charts once a chart nears the viewport, loaded only then)
 * and the latest trades; the monthly
 * heatmap is ./monthly-heatmap.tsx.
 */
import { Link } from "@remix-run/react";
import { lazy, Suspense, useRef } from "react";

import type { MetricTone } from "~/content/performance";
import { formatUsd } from "~/domain/money";
import { formatDay, formatPct, type SeriesPoint } from "~/domain/performance-series";
import type { TradeResult } from "~/domain/track-record";
import { formatR } from "~/domain/track-record-display";
import type { TrackRecordFigures, TrackRecordView } from "~/models/read-models/track-record.server";
import { chartAxes, sparklineGeometry } from "~/domain/chart-axes";
import { ChartBoundary, Sparkline } from "./chart-panel";
import { ChartAttribution, ChartFrame } from "./chart-frame";
import { EstimateMark, pipsTile, TileLines, type TileLine } from "./pips-tile";
import { signTone, toneClass } from "./tone";
import { useNearViewport } from "./use-near-viewport";

const loadChart = () => import("./performance-chart.client");
const PerformanceChart = lazy(loadChart);

/** A track record as the loader serialised it (dates stay ISO strings). */
export type LiveRecord = TrackRecordView;

function number(value: number | null, decimals = 2): string {
  return value === null ? "—" : value.toFixed(decimals);
}

function percent(value: number | null, decimals = 1): string {
  return value === null ? "—" : `${value.toFixed(decimals)}%`;
}

/** The id of a headline figure's tile. */
export type LiveTileId =
  | "trades"
  | "win-rate"
  | "expectancy"
  | "profit-factor"
  | "net-r"
  | "net-pips"
  | "max-drawdown"
  | "return"
  | "cagr"
  | "sharpe"
  | "sortino"
  | "streaks";

/** The headline figures of `record`, net of costs (the net pips tile may hold a line per symbol). */
export function liveTiles(record: TrackRecordFigures): Array<{ id: LiveTileId; label: string; value: string; tone: MetricTone; estimate?: string; lines?: TileLine[] }> {
  return [
    { id: "trades", label: "Closed signals", value: String(record.trades), tone: "neutral" },
    { id: "win-rate", label: "Win rate", value: percent(record.winRate), tone: "neutral" },
    { id: "expectancy", label: "Expectancy", value: formatR(record.expectancyR), tone: signTone(record.expectancyR ?? 0) },
    { id: "profit-factor", label: "Profit factor", value: number(record.profitFactor), tone: "neutral" },
    { id: "net-r", label: "Net result", value: formatR(record.totalNetR, 1), tone: signTone(record.totalNetR) },
    pipsTile(record),
    { id: "max-drawdown", label: "Max drawdown", value: `${formatR(record.maxDrawdownR, 1)} / ${formatPct(record.maxDrawdownPercent)}`, tone: signTone(record.maxDrawdownR) },
    { id: "return", label: `Return at ${record.riskPct}% risk`, value: formatPct(record.totalReturnPct), tone: signTone(record.totalReturnPct) },
    { id: "cagr", label: "CAGR", value: record.cagr === null ? "—" : formatPct(record.cagr), tone: signTone(record.cagr ?? 0) },
    { id: "sharpe", label: "Sharpe (daily, ×√252)", value: number(record.sharpe), tone: "neutral" },
    { id: "sortino", label: "Sortino (daily, ×√252)", value: number(record.sortino), tone: "neutral" },
    { id: "streaks", label: "Longest streaks", value: `${record.longestWinStreak} wins / ${record.longestLossStreak} losses`, tone: "neutral" },
  ];
}

/** The headline figures as tiles: all of them, or those of `only` (in their usual order). */
export function LiveTiles({ record, only, className = "sm:grid-cols-3 lg:grid-cols-4" }: { record: TrackRecordFigures; only?: ReadonlyArray<LiveTileId>; className?: string }) {
  const tiles = liveTiles(record).filter((tile) => !only || only.includes(tile.id));
  return (
    <dl className={`grid grid-cols-2 gap-3 ${className}`} data-testid="live-tiles">
      {tiles.map((tile) => (
        <div key={tile.id} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800" data-testid={`live-tile-${tile.id}`}>
          <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{tile.label}</dt>
          {tile.lines ? (
            <TileLines lines={tile.lines} />
          ) : (
            <dd className={`mt-1 text-lg font-bold tabular-nums ${toneClass[tile.tone]}`}>
              {tile.value}
              {tile.estimate ? <EstimateMark reason={tile.estimate} /> : null}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function series(record: LiveRecord, kind: "equity" | "drawdown"): SeriesPoint[] {
  return record.equity.byDay.map((point) => ({ time: point.time, value: kind === "equity" ? point.equity : point.drawdownPct }));
}

/**
 * One chart of the live record: the server's SVG until the chart nears the
 * viewport, then lightweight-charts.
 * `data-chart` says which one shows ("svg" or "interactive").
 */
function LiveChart({
  kind,
  title,
  label,
  points,
}: {
  kind: "equity" | "drawdown";
  title: string;
  label: string;
  points: SeriesPoint[];
}) {
  const chartBox = useRef<HTMLDivElement>(null);
  const interactive = useNearViewport(chartBox, loadChart);
  const axes = chartAxes(points, kind);
  const svg = <Sparkline kind={kind} geometry={sparklineGeometry(points, kind, axes)} label={label} testId={`live-${kind}-sparkline`} />;
  return (
    <figure className="m-0 min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <figcaption className="font-semibold">{title}</figcaption>
      <div ref={chartBox} className="mt-3 h-48 w-full overflow-hidden" data-testid={`live-${kind}-chart`} data-chart={interactive ? "interactive" : "svg"}>
        <ChartFrame axes={axes}>
          {interactive ? (
            <ChartBoundary fallback={svg}>
              <Suspense fallback={svg}>
                <PerformanceChart kind={kind} points={points} label={label} range={axes} testId={`live-performance-chart-${kind}`} />
              </Suspense>
            </ChartBoundary>
          ) : (
            svg
          )}
        </ChartFrame>
      </div>
      <ChartAttribution />
      <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">{label}</p>
    </figure>
  );
}

/** The equity and drawdown charts of `record`: SVG on the server and without JavaScript, lightweight-charts once near the viewport. */
export function LiveCharts({ record }: { record: LiveRecord }) {
  const days = record.equity.byDay;
  if (days.length === 0) return null;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const range = `${formatDay(first.time)} to ${formatDay(last.time)}`;
  const charts = [
    {
      kind: "equity" as const,
      title: "Equity curve",
      label: `Equity at ${record.riskPct}% risk per signal from ${range}: ${formatUsd(record.startingEquity)} to ${formatUsd(last.equity)}.`,
    },
    {
      kind: "drawdown" as const,
      title: "Drawdown",
      label: `Drawdown below the running equity peak from ${range}: deepest ${formatPct(record.maxDrawdownPercent, 2)}.`,
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {charts.map(({ kind, title, label }) => (
        <LiveChart key={kind} kind={kind} title={title} label={label} points={series(record, kind)} />
      ))}
    </div>
  );
}

/** The latest closed signals, each linking to its page. */
export function LatestTrades({ trades }: { trades: ReadonlyArray<TradeResult> }) {
  if (trades.length === 0) return null;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700" role="region" aria-label="Latest closed signals" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="latest-trades">
        <caption className="sr-only">Latest closed signals, newest first, net of costs</caption>
        <thead className="bg-slate-50 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {["Signal", "Closed", "Symbol", "Side", "Reason", "Net pips", "Net R"].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {trades.map((trade) => (
            <tr key={trade.id}>
              <td className="px-3 py-1.5">
                <Link to={`/signals/${trade.id}`} className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
                  #{trade.id}
                </Link>
              </td>
              <td className="px-3 py-1.5">{formatDay(trade.closedAt.slice(0, 10))}</td>
              <td className="px-3 py-1.5">{trade.symbol}</td>
              <td className="px-3 py-1.5">{trade.side}</td>
              <td className="px-3 py-1.5">{trade.closeReason}</td>
              <td className={`px-3 py-1.5 tabular-nums ${toneClass[signTone(trade.netPips)]}`}>{trade.netPips.toFixed(1)}</td>
              <td className={`px-3 py-1.5 tabular-nums ${toneClass[signTone(trade.netR)]}`}>{formatR(trade.netR)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
