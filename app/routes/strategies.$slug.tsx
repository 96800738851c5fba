/**
 * /strategies/:slug — one strategy (spec section 2 "Strategy detail", section 4
 * "Strategy page" and "Signal row tint").
 *
 * The slug matches case-insensitively; an unknown slug is a 404 rendered by
 * this route's ErrorBoundary. The four tabs are links driven by `?tab=`, so
 * they work without JavaScript; with JavaScript the arrow keys move between
 * them. The strategy's signals are only queried for `?tab=signals`, after the
 * strategy itself was found.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteErrorPage } from "~/components/not-found";
import { SignalList } from "~/components/signal-list";
import { ActiveBadge, formatWinRate, RiskBadge } from "~/components/strategy-card";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import { Skeleton } from "~/components/ui/skeleton";
import { getPlaybook, PLAYBOOK_SECTIONS } from "~/content/playbooks";
import {
  equityCurve,
  getPerformanceSample,
  PERFORMANCE_DISCLAIMER,
  SAMPLE_LABEL,
  type MonthlyReturn,
} from "~/content/strategy-performance";
import { listSignalsForViewer } from "~/models/signals.server";
import { getStrategyBySlug, toApiStrategy } from "~/models/strategies.server";
import { getViewer } from "~/services/session.server";
import { pageMeta } from "~/content/seo";

export const STRATEGY_TABS = [
  { id: "overview", label: "Overview" },
  { id: "playbook", label: "Playbook" },
  { id: "performance", label: "Performance" },
  { id: "signals", label: "Signals" },
] as const;
export type StrategyTab = (typeof STRATEGY_TABS)[number]["id"];

/** How many recent signals the Signals tab lists. */
export const STRATEGY_SIGNALS_LIMIT = 20;

/** The tab named by `?tab=` (case-insensitive); anything else is 'overview'. */
export function parseTab(value: string | null | undefined): StrategyTab {
  const lower = (value ?? "").toLowerCase();
  return STRATEGY_TABS.find((t) => t.id === lower)?.id ?? "overview";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const strategy = getStrategyBySlug(params.slug ?? "");
  if (!strategy) {
    throw json({ message: "Strategy not found" }, { status: 404 });
  }
  const tab = parseTab(new URL(request.url).searchParams.get("tab"));
  // The signals request runs only once the strategy has loaded, and only for the Signals tab.
  const signals =
    tab === "signals"
      ? listSignalsForViewer((await getViewer(request))?.user ?? null, {
          limit: STRATEGY_SIGNALS_LIMIT,
          strategyId: strategy.id,
        })
      : null;
  return json({ strategy: toApiStrategy(strategy), tab, signals, now: new Date().toISOString() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.strategy.name, data.strategy.description)
    : pageMeta("Strategy Not Found", "The strategy you're looking for doesn't exist or has been removed.");

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type StrategyData = LoaderData["strategy"];

// ---------------------------------------------------------------------------
// Tabs

const TAB_ID_PREFIX = "strategy-tab";
const PANEL_ID = "strategy-tabpanel";

function StrategyTabs({ selected, pathname }: { selected: StrategyTab; pathname: string }) {
  return (
    <LinkTabs
      label="Strategy details"
      tabs={STRATEGY_TABS.map((tab) => ({ ...tab, to: `${pathname}?tab=${tab.id}` }))}
      selected={selected}
      idPrefix={TAB_ID_PREFIX}
      panelId={PANEL_ID}
      className="sm:gap-1"
      tabClassName="min-w-0 flex-1 px-0.5 py-2.5 text-center text-xs min-[400px]:text-sm sm:flex-none sm:px-4"
    />
  );
}

// ---------------------------------------------------------------------------
// Panels

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

function OverviewPanel({ strategy }: { strategy: StrategyData }) {
  return (
    <div>
      <h2 className="text-xl font-semibold">Strategy Overview</h2>
      <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
        <DetailRow term="Timeframes">{strategy.timeframes}</DetailRow>
        <DetailRow term="Instruments">{strategy.instruments}</DetailRow>
        {strategy.avgDuration ? <DetailRow term="Average Trade Duration">{strategy.avgDuration}</DetailRow> : null}
        {strategy.winRate !== null ? (
          <DetailRow term="Win Rate">
            <span className="tabular-nums">{formatWinRate(strategy.winRate)}</span>
          </DetailRow>
        ) : null}
        {strategy.methodology ? (
          <DetailRow term="Methodology">
            <p className="text-slate-800 dark:text-slate-200">{strategy.methodology}</p>
          </DetailRow>
        ) : null}
      </dl>
    </div>
  );
}

function PlaybookPanel({ slug }: { slug: string }) {
  const playbook = getPlaybook(slug);
  return (
    <div>
      <h2 className="text-xl font-semibold">Strategy Playbook</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{playbook.summary}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {PLAYBOOK_SECTIONS.map((key) => {
          const section = playbook[key];
          return (
            <section
              key={key}
              aria-labelledby={`playbook-${key}`}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <h3 id={`playbook-${key}`} className="font-semibold">
                {section.title}
              </h3>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-800 dark:text-slate-200">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function SampleBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
      {SAMPLE_LABEL}
    </span>
  );
}

function ChartFigure({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <SampleBadge />
      </figcaption>
      <div className="mt-3">{children}</div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

function EquityChart({ months }: { months: readonly MonthlyReturn[] }) {
  const points = equityCurve(months);
  const width = 320;
  const height = 160;
  const pad = 8;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const coords = points.map((value, i) => {
    const x = pad + (i * (width - 2 * pad)) / (points.length - 1);
    const y = height - pad - ((value - min) / span) * (height - 2 * pad);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const area = `${pad},${height - pad} ${coords.join(" ")} ${width - pad},${height - pad}`;
  const final = points[points.length - 1];
  const change = final - points[0];
  return (
    <ChartFigure
      title="Equity Curve"
      table={
        <table>
          <caption>Equity curve, {SAMPLE_LABEL.toLowerCase()}, starting at 100</caption>
          <thead>
            <tr>
              <th scope="col">After month</th>
              <th scope="col">Equity</th>
            </tr>
          </thead>
          <tbody>
            {points.slice(1).map((value, i) => (
              <tr key={i}>
                <th scope="row">{months[i].month}</th>
                <td>{value.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <p className="text-2xl font-bold tabular-nums">
        {change >= 0 ? "+" : ""}
        {change.toFixed(1)}%
        <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">over {months.length} months</span>
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-2 h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
        <polygon points={area} className="fill-blue-100 dark:fill-blue-950" />
        <polyline
          points={coords.join(" ")}
          fill="none"
          strokeWidth="2.5"
          strokeLinejoin="round"
          className="stroke-blue-700 dark:stroke-blue-400"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </ChartFigure>
  );
}

function MonthlyReturnsChart({ months }: { months: readonly MonthlyReturn[] }) {
  const maxAbs = Math.max(...months.map((m) => Math.abs(m.returnPct)), 1);
  return (
    <ChartFigure
      title="Monthly Returns"
      table={
        <table>
          <caption>Monthly returns in percent, {SAMPLE_LABEL.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Return</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.month}</th>
                <td>{m.returnPct.toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div aria-hidden="true" className="flex h-40 items-stretch gap-1">
        {months.map((m) => {
          const pct = (Math.abs(m.returnPct) / maxAbs) * 50;
          return (
            <div key={m.month} className="flex min-w-0 flex-1 flex-col items-center">
              <div className="relative w-full flex-1">
                <div className="absolute top-1/2 right-0 left-0 h-px bg-slate-300 dark:bg-slate-600" />
                <div
                  className={`absolute right-0.5 left-0.5 rounded-sm ${
                    m.returnPct >= 0 ? "bg-green-600 dark:bg-green-400" : "bg-red-600 dark:bg-red-400"
                  }`}
                  style={m.returnPct >= 0 ? { bottom: "50%", height: `${pct}%` } : { top: "50%", height: `${pct}%` }}
                />
              </div>
              <span className="mt-1 text-[10px] text-slate-700 dark:text-slate-300">{m.month.slice(0, 1)}</span>
            </div>
          );
        })}
      </div>
    </ChartFigure>
  );
}

function PerformancePanel({ slug }: { slug: string }) {
  const sample = getPerformanceSample(slug);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold">Performance</h2>
        <SampleBadge />
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Illustrative figures over a {sample.period} sample period. They are not live results.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <EquityChart months={sample.monthlyReturns} />
        <MonthlyReturnsChart months={sample.monthlyReturns} />
      </div>
      <section aria-labelledby="sample-stats" className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sample-stats" className="font-semibold">
            Key Statistics
          </h3>
          <SampleBadge />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {sample.stats.map((stat) => (
            <div key={stat.label} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{stat.label}</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-labelledby="methodology-disclaimer"
        className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <h3 id="methodology-disclaimer" className="font-semibold">
          Methodology Disclaimer
        </h3>
        <p className="mt-1">{PERFORMANCE_DISCLAIMER}</p>
      </section>
    </div>
  );
}

function SignalsSkeleton() {
  return (
    <div role="status" aria-label="Loading signals" className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

function SignalsPanel({ strategy, data }: { strategy: StrategyData; data: LoaderData | null }) {
  return (
    <div>
      <h2 className="text-xl font-semibold">Recent Signals</h2>
      <p className="mt-2 mb-4 text-sm text-slate-700 dark:text-slate-300">
        The latest {STRATEGY_SIGNALS_LIMIT} signals for {strategy.name}, newest first. Live signals show their price levels
        to subscribers of this strategy.
      </p>
      {data?.signals ? (
        <SignalList
          signals={data.signals}
          now={data.now}
          tint
          emptyText="No recent signals for this strategy"
          label={`Recent signals for ${strategy.name}`}
        />
      ) : (
        <SignalsSkeleton />
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------
// Sidebar

function Sidebar({ strategy }: { strategy: StrategyData }) {
  return (
    <aside aria-label="Strategy summary" className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Quick Stats</h2>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-3 text-sm">
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Win Rate</dt>
              <dd className="font-semibold tabular-nums">
                {strategy.winRate === null ? "Not yet published" : formatWinRate(strategy.winRate)}
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Risk Class</dt>
              <dd>
                <RiskBadge riskClass={strategy.riskClass} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Status</dt>
              <dd>
                <ActiveBadge isActive={strategy.isActive} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Get Started</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Follow {strategy.name} with real-time signals by email, Telegram and the web portal.
          </p>
          <Link to="/pricing" className={buttonClass("default", "md", "w-full")}>
            Subscribe to Strategy
          </Link>
          <Link to="/contact" className={buttonClass("outline", "md", "w-full")}>
            Book a Strategy Call
          </Link>
          <Link
            to="/strategies"
            className="text-center text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
          >
            Compare all strategies
          </Link>
        </CardContent>
      </Card>

      <section
        aria-labelledby="risk-disclaimer"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <h2 id="risk-disclaimer" className="font-semibold">
          Risk Disclaimer
        </h2>
        <p className="mt-1">
          Forex trading involves significant risk of loss and is not suitable for every investor. Win rates and other
          figures are hypothetical or historical; past performance is not indicative of future results. Nothing on this
          page is investment advice.
        </p>
      </section>
    </aside>
  );
}

// ---------------------------------------------------------------------------
// Page

export default function StrategyDetail() {
  const data = useLoaderData<typeof loader>();
  const { strategy } = data;
  const location = useLocation();

  // While another tab of this page is loading, select it at once; only the Signals panel waits for data.
  const pending = usePendingSearchParams();
  const pendingTab = pending ? parseTab(pending.get("tab")) : null;
  const selected = pendingTab ?? data.tab;
  const signalsReady = !pendingTab || pendingTab === data.tab;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/strategies" className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
          <span aria-hidden="true">← </span>All strategies
        </Link>
      </nav>

      <header className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{strategy.name}</h1>
            <RiskBadge riskClass={strategy.riskClass} />
          </div>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{strategy.description}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <Link
            to={`/api/login?screen=signup&returnTo=${encodeURIComponent(`/strategies/${strategy.slug}`)}`}
            reloadDocument
            className={buttonClass("default", "lg")}
          >
            Start Free Trial
          </Link>
          <Link to="/pricing" className={buttonClass("outline", "lg")}>
            Subscribe to This Strategy
          </Link>
        </div>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <StrategyTabs selected={selected} pathname={location.pathname} />
          <TabPanel id={PANEL_ID} labelledBy={tabId(TAB_ID_PREFIX, selected)} className="pt-6">
            {selected === "overview" ? <OverviewPanel strategy={strategy} /> : null}
            {selected === "playbook" ? <PlaybookPanel slug={strategy.slug} /> : null}
            {selected === "performance" ? <PerformancePanel slug={strategy.slug} /> : null}
            {selected === "signals" ? <SignalsPanel strategy={strategy} data={signalsReady ? data : null} /> : null}
          </TabPanel>
        </div>
        <Sidebar strategy={strategy} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{
        title: "Strategy Not Found",
        message: "The strategy you're looking for doesn't exist or has been removed.",
      }}
      failed="We could not load this strategy. Please try again, or browse the other strategies."
      link={{ to: "/strategies", label: "Back to Strategies" }}
    />
  );
}
