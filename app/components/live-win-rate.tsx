/** The live win rate line of a strategy (strategy cards, the landing page's highlights). */
import { MIN_CLOSED_SIGNALS_FOR_FIGURES, NO_LIVE_TRADES_CARD, TRACK_RECORD_PENDING } from "~/content/live-win-rate";
import type { LiveCardFigures } from "~/models/read-models/track-record.server";

/** '68%' or '68.5%'. */
export function formatWinRate(winRate: number): string {
  return `${Number.isInteger(winRate) ? winRate : winRate.toFixed(1)}%`;
}

/**
 * The live win rate and closed-signal count (live trades only, docs/decisions/0146)
 * once a strategy has MIN_CLOSED_SIGNALS_FOR_FIGURES closed live signals; "No
 * live trades yet" before the first, else the note that the track record starts then.
 */
export function LiveWinRate({ live, className = "" }: { live: LiveCardFigures; className?: string }) {
  return (
    <p className={`text-sm ${className}`} data-testid="live-win-rate">
      {live.trades >= MIN_CLOSED_SIGNALS_FOR_FIGURES && live.winRate !== null ? (
        <>
          <span className="font-semibold tabular-nums">{formatWinRate(Number(live.winRate.toFixed(1)))}</span> live win rate over{" "}
          <span className="tabular-nums">{live.trades}</span> closed signals, net of costs
        </>
      ) : live.trades === 0 ? (
        <span className="text-slate-700 dark:text-slate-300">{NO_LIVE_TRADES_CARD}</span>
      ) : (
        <span className="text-slate-700 dark:text-slate-300">{TRACK_RECORD_PENDING}</span>
      )}
    </p>
  );
}

