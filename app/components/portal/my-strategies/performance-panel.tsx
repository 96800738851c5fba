/**
 * The Performance tab of My Strategies: the period links,
 * then each entitled strategy's live record in the period (figures and equity
 * sparkline) and its catalogue figures (the win rate is the record's).
 */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { linkClass, muted } from "~/components/portal/styles";
import { formatWinRate } from "~/components/live-win-rate";
import { RiskBadge } from "~/components/strategy-card";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { INACTIVE_STRATEGY_TEXT, PORTAL_RECORD_NOTE } from "~/content/portal";
import { FollowedRecordFigures, RecordPeriodLinks, type FollowedRecords } from "~/components/portal/performance/followed-records";
import { FOLLOWED_RECORDS_INTRO, LIVE_RECORD_TITLE } from "~/content/track-record";
import { tabUrl } from "~/domain/my-strategies";
import type { RecordPeriod } from "~/domain/record-period";
import type { MyStrategiesData } from "~/models/read-models/my-strategies.server";
import { EmptyState } from "./empty-state";

function periodHref(period: RecordPeriod): string {
  return `${tabUrl("performance")}&period=${period}`;
}

/** A strategy's live record in the period, when the loader read one. */
function LiveFigures({ followed }: { followed: FollowedRecords["strategies"][number] | undefined }) {
  if (!followed) return null;
  return (
    <div className="mb-6">
      <h4 className="mb-2 text-sm font-semibold">{LIVE_RECORD_TITLE}</h4>
      <FollowedRecordFigures followed={followed} />
    </div>
  );
}

export function PerformancePanel({
  data,
  records,
  period,
}: {
  data: SerializeFrom<MyStrategiesData>;
  /** The live records of the entitled strategies over `period`. */
  records: FollowedRecords | null;
  period: RecordPeriod;
}) {
  const rows = data.performance ?? [];
  const live = new Map((records?.strategies ?? []).map((followed) => [followed.slug, followed]));
  if (rows.length === 0) {
    return (
      <EmptyState title="No strategies active">
        <p>Performance figures appear here for the strategies in your plan.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="followed-records">
      <div className="flex flex-col gap-3">
        <p className={`text-sm ${muted}`}>{FOLLOWED_RECORDS_INTRO}</p>
        <RecordPeriodLinks period={period} hrefFor={periodHref} label="Performance period" />
      </div>
      {rows.map((row) => (
        <Card key={row.id} aria-labelledby={`perf-${row.slug}`} role="article">
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`perf-${row.slug}`} className="text-lg font-semibold">
                {row.name}
              </h3>
              <RiskBadge riskClass={row.riskClass} />
            </div>
            {!row.isActive ? <CardDescription>{INACTIVE_STRATEGY_TEXT}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            <LiveFigures followed={live.get(row.slug)} />
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Win rate</dt>
                <dd className="mt-1 text-xl font-bold tabular-nums">{row.winRate === null ? "Not yet published" : formatWinRate(row.winRate)}</dd>
              </div>
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Risk class</dt>
                <dd className="mt-1 text-xl font-bold">{row.riskClass}</dd>
              </div>
              <div>
                <dt className={`text-sm font-medium ${muted}`}>Average duration</dt>
                <dd className="mt-1 text-xl font-bold">{row.avgDuration ?? "—"}</dd>
              </div>
            </dl>
            <p className="mt-4 text-sm">
              <Link to={`/strategies/${row.slug}?tab=performance`} className={linkClass}>
                Full performance of {row.name}
              </Link>
            </p>
          </CardContent>
        </Card>
      ))}
      <p className={`text-xs ${muted}`}>{PORTAL_RECORD_NOTE}</p>
    </div>
  );
}
