/** The Overview tab of /performance: charts with period links, metric tiles, heatmap, metrics overview and disclaimer. */
import { Link, useNavigate } from "@remix-run/react";
import { useMemo, type MouseEvent } from "react";

import { RiskBadge } from "~/components/risk-badge";
import { Card } from "~/components/ui/card";
import {
  CHART_PERIODS,
  METRIC_TILES,
  OVERVIEW_METRICS,
  STRATEGY_PERFORMANCE,
  type ChartPeriod,
  type ChartPeriodOption,
  type MetricTile,
  type MetricTone,
} from "~/content/performance";
import { formatUsd } from "~/domain/money";
import { equitySeries, performanceHref, sampleMonthlyBreakdown, windowFor } from "~/domain/performance-page";
import { drawdownSeries, formatDay, formatPct } from "~/domain/performance-series";
import { ChartPanel } from "./chart-panel";
import { MonthlyTable } from "./monthly-table";
import { toneClass } from "./tone";

const EQUITY = equitySeries();
const DRAWDOWN = drawdownSeries(EQUITY);
const MONTHLY_ROWS = sampleMonthlyBreakdown();

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

function periodOption(period: ChartPeriod): ChartPeriodOption {
  return CHART_PERIODS.find((option) => option.id === period) ?? CHART_PERIODS[CHART_PERIODS.length - 1]!;
}

/**
 * The tab (each chart card switches from its sparkline to the interactive
 * chart by itself, see chart-panel.tsx); `disclaimer` is the sample's disclaimer (loader data, from
 * ~/content/strategy-performance).
 */
export function OverviewPanel({ period, disclaimer }: { period: ChartPeriod; disclaimer: string }) {
  const navigate = useNavigate();
  const equity = useMemo(() => windowFor(period, EQUITY), [period]);
  const drawdown = useMemo(() => windowFor(period, DRAWDOWN), [period]);
  const option = periodOption(period);

  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="charts-title" id="charts" className="scroll-mt-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="charts-title" className="text-2xl font-bold tracking-tight">
              Equity and drawdown
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Hypothetical sample account starting at {formatUsd(EQUITY[0]!.value)}; daily closes to{" "}
              {formatDay(EQUITY[EQUITY.length - 1]!.time)}.
            </p>
          </div>
          <div
            role="group"
            aria-label="Chart period"
            className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {CHART_PERIODS.map((choice) => {
              const selected = choice.id === period;
              const href = performanceHref("overview", choice.id);
              return (
                <a
                  key={choice.id}
                  href={`${href}#charts`}
                  aria-current={selected ? "true" : undefined}
                  data-testid={`period-${choice.id}`}
                  onClick={(event) => {
                    if (!isPlainLeftClick(event)) return;
                    event.preventDefault();
                    navigate(href, { preventScrollReset: true, replace: true });
                  }}
                  className={`inline-flex h-9 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold ${
                    selected
                      ? "bg-blue-700 text-white dark:bg-blue-500 dark:text-slate-950"
                      : "text-slate-800 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-900"
                  }`}
                >
                  {choice.label}
                  <span className="sr-only"> (one {choice.name})</span>
                </a>
              );
            })}
          </div>
        </div>
        <p className="sr-only" aria-live="polite">
          Charts show the last {option.name}.
        </p>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <ChartPanel kind="equity" title="Equity Curve" points={equity} period={option} />
          <ChartPanel kind="drawdown" title="Drawdown" points={drawdown} period={option} />
        </div>
      </section>

      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title" className="text-2xl font-bold tracking-tight">
          Key metrics <span className="sr-only">(hypothetical)</span>
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="metric-tiles">
          {METRIC_TILES.map((tile) => (
            <li key={tile.id} className="min-w-0">
              <MetricCard tile={tile} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="heatmap-title">
        <h2 id="heatmap-title" className="text-2xl font-bold tracking-tight">
          Monthly returns heatmap
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Hypothetical monthly returns; green months gained, red months lost.
        </p>
        <ul className="mt-6 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="returns-heatmap">
          {MONTHLY_ROWS.map((row) => (
            <li key={row.month} className={`rounded-lg px-3 py-3 text-center ${heatClass(row.returnPct)}`}>
              <span className="block text-xs font-medium">{row.label}</span>
              <span className="mt-1 block text-lg font-bold tabular-nums">{formatPct(row.returnPct)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="text-2xl font-bold tracking-tight">
          Metrics overview
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {OVERVIEW_METRICS.map((metric) => (
            <div
              key={metric.id}
              className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{metric.label}</dt>
              <dd className={`mt-1 text-2xl font-bold tabular-nums ${toneClass[metric.tone]}`}>{metric.value}</dd>
              <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{metric.description}</dd>
            </div>
          ))}
        </dl>

        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 id="monthly-breakdown-title" className="text-xl font-semibold">
              Monthly breakdown
            </h3>
            <MonthlyTable rows={MONTHLY_ROWS} startingEquity={EQUITY[0]!.value} />
          </div>
          <div className="min-w-0">
            <h3 className="text-xl font-semibold">Per-strategy results</h3>
            <ul className="mt-4 flex flex-col gap-4" data-testid="strategy-performance">
              {STRATEGY_PERFORMANCE.map((strategy) => (
                <li key={strategy.slug}>
                  <Card>
                    <div className="flex flex-col gap-3 p-5">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <h4 className="text-lg font-semibold">{strategy.name}</h4>
                        <RiskBadge riskClass={strategy.riskClass} />
                      </div>
                      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
                        <Stat label="Win Rate" value={`${strategy.winRatePct}%`} />
                        <Stat label="Annual Return" value={`${strategy.annualReturnPct}%`} tone="positive" />
                        <Stat label="Max Drawdown" value={`${strategy.maxDrawdownPct}%`} tone="negative" />
                        <Stat label="Trades" value={String(strategy.trades)} />
                        <Stat label="Profit Factor" value={strategy.profitFactor.toFixed(2)} />
                      </dl>
                      <Link
                        to={`/strategies/${strategy.slug}`}
                        className="self-start text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                      >
                        View {strategy.name}
                      </Link>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <aside
        aria-labelledby="performance-disclaimer-title"
        className="rounded-lg border border-slate-300 bg-slate-100 p-5 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="performance-disclaimer-title" className="text-base font-semibold">
          Performance disclaimer
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{disclaimer}</p>
      </aside>
    </div>
  );
}

function heatClass(returnPct: number): string {
  const strong = Math.abs(returnPct) >= 2.5;
  if (returnPct > 0) {
    return strong
      ? "bg-green-200 text-green-950 dark:bg-green-900 dark:text-green-50"
      : "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200";
  }
  if (returnPct < 0) {
    return strong
      ? "bg-red-200 text-red-950 dark:bg-red-900 dark:text-red-50"
      : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200";
  }
  return "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100";
}

function Stat({ label, value, tone = "neutral" }: { label: string; value: string; tone?: MetricTone }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`font-semibold tabular-nums ${toneClass[tone]}`}>{value}</dd>
    </div>
  );
}

function MetricCard({ tile }: { tile: MetricTile }) {
  return (
    <Card className="h-full">
      <div className="flex h-full flex-col gap-1 p-4">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{tile.label}</p>
        <p className={`text-2xl font-bold tabular-nums sm:text-3xl ${toneClass[tile.tone]}`}>{tile.value}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{tile.description}</p>
      </div>
    </Card>
  );
}
