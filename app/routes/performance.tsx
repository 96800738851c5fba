/**
 * /performance — hypothetical performance (spec section 2 "Performance",
 * section 9 cost assumptions and static metrics).
 *
 * Tabs and chart periods are plain links (`?tab=…&period=…`), so the page works
 * without JavaScript; the loader parses both and falls back to the defaults.
 * With JavaScript, links navigate client-side, the UI switches optimistically
 * from the pending navigation, and the tab list gets arrow-key navigation.
 *
 * Charts: the server renders an accessible SVG sparkline of the windowed sample
 * data plus a text summary. After hydration the lightweight-charts chart is
 * loaded with React.lazy from `performance-chart.client.tsx`, a separate chunk
 * only this page requests; it replaces the sparkline once loaded, and the
 * sparkline stays if the chunk fails to load.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Component, lazy, Suspense, useMemo, type MouseEvent, type ReactNode } from "react";

import { CtaButtons, PlaceholderButton } from "~/components/marketing";
import { RiskBadge } from "~/components/strategy-card";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  CHART_PANEL_FIGURES,
  CHART_PERIODS,
  COST_ASSUMPTIONS,
  DISCLAIMERS,
  drawdownSeries,
  equitySeries,
  formatDay,
  formatPct,
  HYPOTHETICAL_BANNER,
  METHODOLOGY,
  METRIC_TILES,
  monthlyBreakdown,
  OVERVIEW_METRICS,
  parsePerformanceParams,
  PERFORMANCE_DISCLAIMER,
  PERFORMANCE_TABS,
  performanceHref,
  STRATEGY_PERFORMANCE,
  summarizeWindow,
  TRACKING_PLATFORMS,
  VERIFICATION_INTRO,
  windowFor,
  type ChartPeriod,
  type ChartPeriodOption,
  type MetricTile,
  type MetricTone,
  type PerformanceTab,
  type SeriesPoint,
} from "~/content/performance";
import type { CallToAction } from "~/content/pricing";
import { pageMeta } from "~/content/seo";
import { formatUsd } from "~/domain/money";

/** The chart and its library are fetched only in the browser, only on this page. */
const PerformanceChart = lazy(() => import("~/components/performance-chart.client"));

export const meta: MetaFunction = () =>
  pageMeta(
    "Performance",
    "Hypothetical performance of FX Trader's rules-based forex strategies: equity curve, drawdown, key metrics, monthly returns, methodology, cost assumptions and disclaimers.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  return json(parsePerformanceParams(new URL(request.url).searchParams));
}

const EQUITY = equitySeries();
const DRAWDOWN = drawdownSeries(EQUITY);
const MONTHLY_ROWS = monthlyBreakdown(EQUITY);

const toneClass: Record<MetricTone, string> = {
  positive: "text-green-700 dark:text-green-400",
  negative: "text-red-700 dark:text-red-400",
  neutral: "text-slate-900 dark:text-slate-50",
};

function signTone(value: number): MetricTone {
  if (value > 0) return "positive";
  if (value < 0) return "negative";
  return "neutral";
}

/** The page's calls to action, in its header and again at its foot. */
const PAGE_ACTIONS: CallToAction[] = [
  { label: "View Pricing", to: "/pricing" },
  { label: "Explore Strategies", to: "/strategies" },
];

const TAB_ID_PREFIX = "performance-tab";

function panelId(tab: PerformanceTab): string {
  return `performance-panel-${tab}`;
}

/** The tab and period to show: the pending navigation's (optimistic) while one to this page is under way. */
function useViewState(): { tab: PerformanceTab; period: ChartPeriod } {
  const data = useLoaderData<typeof loader>();
  const pending = usePendingSearchParams();
  return pending ? parsePerformanceParams(pending) : data;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export default function PerformancePage() {
  const { tab, period } = useViewState();
  const hydrated = useHydrated();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
      <header className="max-w-3xl">
        <Badge variant="warning">Hypothetical</Badge>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Performance</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
          How our rules-based strategies performed in backtests and simulation: the equity curve, drawdowns, key metrics,
          the method and costs behind them, and how results will be verified.
        </p>
        <CtaButtons actions={PAGE_ACTIONS} className="mt-6 flex flex-wrap gap-3" />
      </header>

      <p
        role="note"
        data-testid="hypothetical-banner"
        className="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <strong className="font-semibold">Hypothetical.</strong> {HYPOTHETICAL_BANNER}{" "}
        <Link
          to={performanceHref("disclaimers", period)}
          preventScrollReset
          className="font-medium underline underline-offset-2 hover:no-underline"
        >
          Read the disclaimers
        </Link>
        .
      </p>

      <LinkTabs
        label="Performance sections"
        tabs={PERFORMANCE_TABS.map((option) => ({ ...option, to: performanceHref(option.id, period) }))}
        selected={tab}
        idPrefix={TAB_ID_PREFIX}
        panelId={panelId(tab)}
        variant="pills"
        activation="automatic"
        className="mt-8 grid-cols-2 sm:inline-grid sm:grid-cols-4"
        tabClassName="px-4 py-2"
      />

      <TabPanel
        as="section"
        id={panelId(tab)}
        labelledBy={tabId(TAB_ID_PREFIX, tab)}
        data-testid={panelId(tab)}
        className="mt-8 rounded-lg"
      >
        {tab === "overview" ? <OverviewPanel period={period} hydrated={hydrated} /> : null}
        {tab === "methodology" ? <MethodologyPanel /> : null}
        {tab === "verification" ? <VerificationPanel /> : null}
        {tab === "disclaimers" ? <DisclaimersPanel /> : null}
      </TabPanel>

      <section
        aria-labelledby="performance-cta-title"
        className="mt-16 rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-10 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="performance-cta-title" className="text-2xl font-bold tracking-tight">
          Put the strategies to work
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
          Compare the plans, or read each strategy's rules, instruments and risk class before you start a free trial.
        </p>
        <CtaButtons actions={PAGE_ACTIONS} className="mt-6 flex flex-wrap justify-center gap-3" />
      </section>
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Overview                                                            */
/* ------------------------------------------------------------------ */

function periodOption(period: ChartPeriod): ChartPeriodOption {
  return CHART_PERIODS.find((option) => option.id === period) ?? CHART_PERIODS[CHART_PERIODS.length - 1]!;
}

function OverviewPanel({ period, hydrated }: { period: ChartPeriod; hydrated: boolean }) {
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
              Hypothetical sample account starting at {formatUsd(EQUITY[0]!.value)}; daily closes to {formatDay(EQUITY[EQUITY.length - 1]!.time)}.
            </p>
          </div>
          <div role="group" aria-label="Chart period" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
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
          <ChartPanel kind="equity" title="Equity Curve" points={equity} period={option} hydrated={hydrated} />
          <ChartPanel kind="drawdown" title="Drawdown" points={drawdown} period={option} hydrated={hydrated} />
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
            <div key={metric.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
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
            <MonthlyTable />
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
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{PERFORMANCE_DISCLAIMER}</p>
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

function MonthlyTable() {
  const last = MONTHLY_ROWS[MONTHLY_ROWS.length - 1]!;
  const total = (last.endEquity / EQUITY[0]!.value - 1) * 100;
  return (
    <div
      className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
      role="region"
      aria-labelledby="monthly-breakdown-title"
      tabIndex={0}
    >
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">Hypothetical monthly returns and month-end equity</caption>
        <thead className="bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Month
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Return
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Month-end equity
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {MONTHLY_ROWS.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="px-4 py-2 font-medium">
                {row.label}
              </th>
              <td className={`px-4 py-2 text-right tabular-nums ${toneClass[signTone(row.returnPct)]}`}>{formatPct(row.returnPct)}</td>
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

/* ------------------------------------------------------------------ */
/* Chart panels                                                        */
/* ------------------------------------------------------------------ */

type ChartKind = "equity" | "drawdown";

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
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
    return `Hypothetical equity curve for the last ${period.name}, ${range}: ${formatUsd(summary.start)} to ${formatUsd(summary.end)}, ${formatPct(summary.changePct)}.`;
  }
  return `Hypothetical drawdown below the running equity peak for the last ${period.name}, ${range}: deepest ${formatPct(summary.min, 2)}, latest ${formatPct(summary.end, 2)}.`;
}

function ChartPanel({
  kind,
  title,
  points,
  period,
  hydrated,
}: {
  kind: ChartKind;
  title: string;
  points: ReadonlyArray<SeriesPoint>;
  period: ChartPeriodOption;
  hydrated: boolean;
}) {
  const summary = summarizeWindow(points);
  const label = chartLabel(kind, points, period);
  const captionId = `${kind}-chart-caption`;
  const sparkline = <Sparkline kind={kind} points={points} label={label} />;
  const figures = kind === "equity" ? CHART_PANEL_FIGURES.equity : CHART_PANEL_FIGURES.drawdown;

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
          <div className="h-56 w-full sm:h-64" data-testid={`${kind}-chart`}>
            {hydrated ? (
              <ChartBoundary fallback={sparkline}>
                <Suspense fallback={sparkline}>
                  <PerformanceChart kind={kind} points={points} label={label} />
                </Suspense>
              </ChartBoundary>
            ) : (
              sparkline
            )}
          </div>
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

const SPARK_WIDTH = 600;
const SPARK_HEIGHT = 200;
const SPARK_PAD = 6;

/** A server-rendered SVG line of the windowed points (the no-JavaScript chart). */
function Sparkline({ kind, points, label }: { kind: ChartKind; points: ReadonlyArray<SeriesPoint>; label: string }) {
  const values = points.map((point) => point.value);
  let min = Math.min(...values);
  let max = kind === "drawdown" ? 0 : Math.max(...values);
  if (max === min) {
    max += 1;
    min -= 1;
  }
  const innerWidth = SPARK_WIDTH - 2 * SPARK_PAD;
  const innerHeight = SPARK_HEIGHT - 2 * SPARK_PAD;
  const x = (i: number) => SPARK_PAD + (points.length > 1 ? (i * innerWidth) / (points.length - 1) : innerWidth / 2);
  const y = (v: number) => SPARK_PAD + ((max - v) * innerHeight) / (max - min);
  const line = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(" ");
  const baseY = kind === "equity" ? SPARK_HEIGHT - SPARK_PAD : y(0);
  const area = `${line} L${x(values.length - 1).toFixed(2)},${baseY.toFixed(2)} L${x(0).toFixed(2)},${baseY.toFixed(2)} Z`;
  const colors =
    kind === "equity"
      ? { line: "stroke-blue-700 dark:stroke-blue-400", area: "fill-blue-700/15 dark:fill-blue-400/20" }
      : { line: "stroke-red-700 dark:stroke-red-400", area: "fill-red-700/15 dark:fill-red-400/20" };

  return (
    <svg
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid={`${kind}-sparkline`}
      className="h-full w-full overflow-visible"
    >
      <line
        x1={SPARK_PAD}
        x2={SPARK_WIDTH - SPARK_PAD}
        y1={baseY}
        y2={baseY}
        className="stroke-slate-300 dark:stroke-slate-600"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <path d={area} className={colors.area} stroke="none" />
      <path
        d={line}
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

/* ------------------------------------------------------------------ */
/* Methodology, verification, disclaimers                              */
/* ------------------------------------------------------------------ */

function MethodologyPanel() {
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="methodology-title" className="max-w-3xl">
        <h2 id="methodology-title" className="text-2xl font-bold tracking-tight">
          Methodology
        </h2>
        {METHODOLOGY.map((section) => (
          <div key={section.title} className="mt-6">
            <h3 className="text-xl font-semibold">{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </section>

      <section aria-labelledby="costs-title" className="max-w-3xl">
        <h2 id="costs-title" className="text-2xl font-bold tracking-tight">
          Cost assumptions
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Every hypothetical trade is charged these costs. {COST_ASSUMPTIONS.backtestText}.
        </p>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="min-w-0">
            <h3 id="spreads-title" className="text-xl font-semibold">
              Spreads
            </h3>
            <div
              className="mt-3 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
              role="region"
              aria-labelledby="spreads-title"
              tabIndex={0}
            >
              <table className="w-full text-left text-sm" data-testid="spreads-table">
                <caption className="sr-only">Assumed spread per instrument, in pips</caption>
                <thead className="bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Instrument
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">
                      Spread
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
                  {COST_ASSUMPTIONS.spreads.map((spread) => (
                    <tr key={spread.pair}>
                      <th scope="row" className="px-4 py-2 font-medium">
                        {spread.pair}
                      </th>
                      <td className="px-4 py-2 text-right tabular-nums">{spread.pips} pips</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="text-xl font-semibold">Other costs and data</h3>
            <dl className="mt-3 flex flex-col gap-3" data-testid="other-costs">
              <CostItem label="Commission" value={COST_ASSUMPTIONS.commissionText} />
              <CostItem label="Average slippage" value={COST_ASSUMPTIONS.slippageText} />
              <CostItem label="Backtest data" value={`${COST_ASSUMPTIONS.minimumBacktestYears} or more years`} />
            </dl>
          </div>
        </div>
      </section>
    </div>
  );
}

function CostItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function VerificationPanel() {
  return (
    <section aria-labelledby="verification-title">
      <h2 id="verification-title" className="text-2xl font-bold tracking-tight">
        Third-party verification
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{VERIFICATION_INTRO}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {TRACKING_PLATFORMS.map((platform) => (
          <li key={platform.id} className="min-w-0">
            <Card className="h-full">
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle>{platform.name}</CardTitle>
                  <Badge variant="secondary">{platform.status}</Badge>
                </div>
                <CardDescription className="text-slate-700 dark:text-slate-300">{platform.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <PlaceholderButton
                  noteId={`${platform.id}-status`}
                  action={{ label: platform.buttonLabel, note: `${platform.status}: the public tracking link is not available yet.` }}
                />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DisclaimersPanel() {
  return (
    <section aria-labelledby="disclaimers-title" className="max-w-3xl">
      <h2 id="disclaimers-title" className="text-2xl font-bold tracking-tight">
        Disclaimers
      </h2>
      {DISCLAIMERS.map((disclaimer) => (
        <div key={disclaimer.id} id={disclaimer.id} className="mt-6" data-testid={`disclaimer-${disclaimer.id}`}>
          <h3 className="text-xl font-semibold">{disclaimer.title}</h3>
          {disclaimer.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}
