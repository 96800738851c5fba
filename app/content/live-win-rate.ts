/**
 * Texts of the live win rate line on strategy cards and the landing page's
 * highlights (issue 10), apart from the rest of the track record's texts so
 * those pages load only these.
 */

/** Closed signals a strategy needs before its cards show computed figures. */
export const MIN_CLOSED_SIGNALS_FOR_FIGURES = 20;

export const TRACK_RECORD_PENDING = "Track record starts after 20 closed signals";

/** A card's line while the strategy has no closed live signal (simulated history is never counted: docs/decisions/0146). */
export const NO_LIVE_TRADES_CARD = "No live trades yet";
