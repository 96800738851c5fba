/**
 * The live records of the strategies a subscriber follows, shared by the
 * portal dashboard and My Strategies → Performance: period links (1W, 1M, 3M,
 * 1Y, All; plain `?period=` links that work without JavaScript) and, per
 * strategy, from its live trades only (docs/decisions/0146), the Performance tab's tiles (trades, win rate, net
 * R, expectancy, max drawdown, profit factor) with a server-drawn equity sparkline.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Sparkline } from "~/components/performance/chart-panel";
import { PeriodLinks } from "~/components/performance/period-links";
import { LiveTiles, type LiveTileId } from "~/components/performance/live-record";
import { linkClass, muted } from "~/components/portal/styles";
import { NO_LIVE_TRADES, RECORD_PERIODS } from "~/content/track-record";
import { formatUsd } from "~/domain/money";
import { formatDay } from "~/domain/performance-series";
import type { RecordPeriod } from "~/domain/record-period";
import type { FollowedRecord, getFollowedRecords } from "~/models/read-models/track-record.server";

/** The followed records as the loader serialised them. */
export type FollowedRecords = SerializeFrom<ReturnType<typeof getFollowedRecords>>;

/** The figures a followed strategy shows, in the Performance tab's order. */
const FOLLOWED_TILES: ReadonlyArray<LiveTileId> = ["trades", "win-rate", "expectancy", "profit-factor", "net-r", "max-drawdown"];

/** The period links; `hrefFor` gives each period's URL (keeping the page's other parameters). */
export function RecordPeriodLinks({ period, hrefFor, label }: { period: RecordPeriod; hrefFor: (period: RecordPeriod) => string; label: string }) {
  return <PeriodLinks choices={RECORD_PERIODS} current={period} hrefFor={hrefFor} label={label} testIdPrefix="record-period-" className="w-fit" />;
}

/** One followed strategy's figures in the period and its equity sparkline (an SVG drawn on the server). */
export function FollowedRecordFigures({ followed }: { followed: SerializeFrom<FollowedRecord> }) {
  const { record, equity } = followed;
  if (record.trades === 0) return <p className={`text-sm ${muted}`}>{NO_LIVE_TRADES} in this period.</p>;
  const label = equity
    ? `Equity of ${followed.name} at ${record.riskPct}% risk per signal from ${formatDay(equity.first.time)} to ${formatDay(equity.last.time)}: ${formatUsd(record.startingEquity)} to ${formatUsd(equity.last.value)}.`
    : "";
  return (
    <div className="flex flex-col gap-3" data-testid={`followed-record-${followed.slug}`}>
      <LiveTiles record={record} only={FOLLOWED_TILES} className="sm:grid-cols-3" />
      {equity ? (
        <figure className="m-0">
          <div className="h-16 w-full">
            <Sparkline kind="equity" geometry={equity.sparkline} label={label} testId={`followed-sparkline-${followed.slug}`} />
          </div>
          <figcaption className={`mt-1 text-xs ${muted}`}>{label}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

/** The dashboard's card body: the period links and each followed strategy under its name. */
export function FollowedRecordList({
  records,
  period,
  hrefFor,
  emptyText,
}: {
  records: FollowedRecords;
  period: RecordPeriod;
  hrefFor: (period: RecordPeriod) => string;
  emptyText: string;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="followed-records">
      <RecordPeriodLinks period={period} hrefFor={hrefFor} label="Performance period" />
      {records.strategies.length === 0 ? (
        <p className={muted}>{emptyText}</p>
      ) : (
        records.strategies.map((followed) => (
          <section key={followed.slug} aria-labelledby={`followed-${followed.slug}`} className="flex flex-col gap-2">
            <h3 id={`followed-${followed.slug}`} className="font-semibold">
              <Link to={`/strategies/${followed.slug}?tab=performance`} className={linkClass}>
                {followed.name}
              </Link>
            </h3>
            <FollowedRecordFigures followed={followed} />
          </section>
        ))
      )}
    </div>
  );
}
