/**
 * A strategy in the catalogue grid (spec section 2 "Strategies list") and the
 * six-card loading skeleton (spec section 9).
 */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatWinRate, LiveWinRate } from "~/components/live-win-rate";
import type { LiveCardFigures } from "~/models/read-models/track-record.server";
import type { ApiStrategy } from "~/models/strategies.server";

import { RiskBadge } from "~/components/risk-badge";

export { RiskBadge };

/** The strategy fields a card shows (loader JSON of `ApiStrategy` fits). */
type StrategyCardData = Pick<
  ApiStrategy,
  "slug" | "name" | "description" | "riskClass" | "timeframes" | "instruments" | "winRate" | "isActive"
>;

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "success" : "secondary"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

export function StrategyCard({
  strategy,
  live,
  headingLevel = "h2",
}: {
  strategy: StrategyCardData;
  /** Live track record figures; the card shows them (or the note that they start at 20 closed signals) when given. */
  live?: LiveCardFigures;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const headingId = `strategy-${strategy.slug}-title`;
  return (
    <Card className="flex h-full flex-col" aria-labelledby={headingId} role="article" data-testid="strategy-card">
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={headingId} className="text-xl leading-tight font-semibold">
            {strategy.name}
          </Heading>
          <div className="flex flex-wrap gap-2">
            <RiskBadge riskClass={strategy.riskClass} />
            <ActiveBadge isActive={strategy.isActive} />
          </div>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{strategy.description}</p>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="font-medium text-slate-700 dark:text-slate-300">Timeframes</dt>
            <dd className="break-words">{strategy.timeframes}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-700 dark:text-slate-300">Win Rate</dt>
            <dd className="tabular-nums">{strategy.winRate === null ? "Not yet published" : formatWinRate(strategy.winRate)}</dd>
          </div>
          {live ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="font-medium text-slate-700 dark:text-slate-300">Live track record</dt>
              <dd>
                <LiveWinRate live={live} />
              </dd>
            </div>
          ) : null}
          <div className="min-w-0 sm:col-span-2">
            <dt className="font-medium text-slate-700 dark:text-slate-300">Instruments</dt>
            <dd className="break-words">{strategy.instruments}</dd>
          </div>
        </dl>
        <div className="mt-auto pt-2">
          <Link
            to={`/strategies/${strategy.slug}`}
            className={buttonClass("default", "md", "w-full")}
            aria-describedby={headingId}
            prefetch="intent"
          >
            View Strategy
          </Link>
        </div>
      </div>
    </Card>
  );
}
