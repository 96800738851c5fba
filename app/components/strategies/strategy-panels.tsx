/** The Overview, Playbook and Signals tabs of /strategies/:slug. */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { SignalList, type SignalListItem } from "~/components/signal-list";
import type { UnlockFacts } from "~/domain/unlock";
import { formatWinRate } from "~/components/live-win-rate";
import { Skeleton } from "~/components/ui/skeleton";
import { PLAYBOOK_SECTIONS } from "~/content/playbooks";
import { SIGNAL_STATUS_FILTERS, type SignalStatusFilter } from "~/content/signal-status";
import { STRATEGY_SIGNALS_LIMIT } from "~/content/strategy-detail";
import { playbookFor } from "~/domain/strategy-detail";
import type { toApiStrategy } from "~/models/strategies.server";

/** A strategy as the page's loader sends it. */
export type StrategyData = SerializeFrom<ReturnType<typeof toApiStrategy>>;

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/** The strategy's timeframes, instruments, duration, win rate and methodology. */
export function OverviewPanel({ strategy }: { strategy: StrategyData }) {
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

/** The strategy's playbook, one card per section. */
export function PlaybookPanel({ slug }: { slug: string }) {
  const playbook = playbookFor(slug);
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

function SignalsSkeleton() {
  return (
    <div role="status" aria-label="Loading signals" className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** The `?status=` filter as links (no JavaScript needed); the current group is marked with aria-current. */
function StatusFilter({ status, pathname }: { status: SignalStatusFilter; pathname: string }) {
  return (
    <nav aria-label="Filter signals by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {SIGNAL_STATUS_FILTERS.map((group) => {
          const current = group.id === status;
          return (
            <li key={group.id}>
              <Link
                to={`${pathname}?tab=signals${group.id === "all" ? "" : `&status=${group.id}`}`}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-medium ${
                  current
                    ? "border-blue-800 bg-blue-800 text-white dark:border-blue-300 dark:bg-blue-300 dark:text-slate-950"
                    : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
                }`}
              >
                {group.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The strategy's recent signals in the `status` filter group, or a skeleton
 * while `signals` are still loading (null); ages relative to `now` (ISO);
 * each unlocked row's "Size this trade" link risks `sizeRiskPercent`.
 */
export function SignalsPanel({
  strategy,
  signals,
  now,
  status,
  pathname,
  sizeRiskPercent,
  unlock,
}: {
  strategy: StrategyData;
  signals: readonly SignalListItem[] | null;
  /** What the viewer has, for the call to action on locked signals (null while loading). */
  unlock: UnlockFacts | null;
  now: string;
  status: SignalStatusFilter;
  pathname: string;
  sizeRiskPercent?: number;
}) {
  return (
    <div>
      <h2 className="text-xl font-semibold">Recent Signals</h2>
      <p className="mt-2 mb-4 text-sm text-slate-700 dark:text-slate-300">
        The latest {STRATEGY_SIGNALS_LIMIT} signals for {strategy.name}, newest first. Live signals show their price
        levels to subscribers of this strategy.
      </p>
      <StatusFilter status={status} pathname={pathname} />
      {signals && unlock ? (
        <SignalList
          signals={signals}
          unlock={unlock}
          now={now}
          tint
          sizeRiskPercent={sizeRiskPercent}
          emptyText="No recent signals for this strategy"
          label={`Recent signals for ${strategy.name}`}
        />
      ) : (
        <SignalsSkeleton />
      )}
    </div>
  );
}
