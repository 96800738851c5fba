/**
 * The price feed's state per symbol (`price_feed_symbols`,
 * docs/decisions/0168-price-feed-adapter.md): which symbols to poll and from
 * when, what each poll brought, and the health the desk and /status show.
 */
import { asc, eq, inArray, min } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { priceFeedSymbols, signals } from "../../db/schema";
import { isStale, missingMinutes, type FeedBar, type FeedHealth, type FeedSource } from "~/domain/price-feed";
import { getDb } from "~/platform/db.server";

/** A symbol to poll: its oldest open signal's creation and its feed state so far. */
export interface PollTarget {
  symbol: string;
  /** The creation of the oldest PENDING or ACTIVE signal of the symbol (where a never-polled symbol starts). */
  since: Date;
  lastBarAt: Date | null;
}

/** The symbols with a PENDING or ACTIVE signal, A–Z, each with where its next poll starts. */
export function pollTargets(db: Db = getDb()): PollTarget[] {
  const open = db
    .select({ symbol: signals.symbol, since: min(signals.createdAt) })
    .from(signals)
    .where(inArray(signals.status, ["PENDING", "ACTIVE"]))
    .groupBy(signals.symbol)
    .orderBy(asc(signals.symbol))
    .all();
  if (open.length === 0) return [];
  const states = new Map(
    db
      .select({ symbol: priceFeedSymbols.symbol, lastBarAt: priceFeedSymbols.lastBarAt })
      .from(priceFeedSymbols)
      .where(inArray(priceFeedSymbols.symbol, open.map((row) => row.symbol)))
      .all()
      .map((row) => [row.symbol, row.lastBarAt]),
  );
  return open.map((row) => ({ symbol: row.symbol, since: row.since ?? new Date(0), lastBarAt: states.get(row.symbol) ?? null }));
}

/**
 * Records one poll of `symbol`: the newest bar (if any came), the market
 * minutes missing between the previous last bar and the bars received
 * (weekends and holidays excluded), and the error, if the poll failed.
 * @param bars the bars received, oldest first (empty on error).
 */
export function recordPoll(
  poll: { symbol: string; source: FeedSource; instrument: string; bars: readonly FeedBar[]; error: string | null },
  now: Date,
  db: Db = getDb(),
): void {
  const previous = db.select().from(priceFeedSymbols).where(eq(priceFeedSymbols.symbol, poll.symbol)).get();
  const newest = poll.bars.at(-1);
  const lastBarAt = newest?.time ?? previous?.lastBarAt ?? null;
  const times = [...(previous?.lastBarAt ? [previous.lastBarAt] : []), ...poll.bars.map((bar) => bar.time)];
  // Missing minutes are counted between bars only: the minutes after the newest bar may still arrive.
  const missing = times.length > 1 ? missingMinutes(times, new Date(times.at(-1)!.getTime() + 60_000)) : 0;
  const row = {
    symbol: poll.symbol,
    source: poll.source,
    instrument: poll.instrument,
    lastBarAt,
    lastClose: newest?.mid.close ?? previous?.lastClose ?? null,
    polledAt: now,
    missingMinutes: (previous?.missingMinutes ?? 0) + missing,
    lastError: poll.error,
  };
  db.insert(priceFeedSymbols).values(row).onConflictDoUpdate({ target: priceFeedSymbols.symbol, set: row }).run();
}

/** One symbol's feed health, with the missing minutes counted so far. */
export type FeedHealthRow = FeedHealth & { instrument: string; polledAt: Date | null; missingMinutes: number; lastClose: number | null };

/**
 * Every polled symbol's health at `now`, A–Z (empty when no feed ever ran).
 * Only symbols with an open signal can be stale: the feed stops polling the others.
 */
export function feedHealth(now: Date, db: Db = getDb()): FeedHealthRow[] {
  const watched = new Set(pollTargets(db).map((target) => target.symbol));
  return db
    .select()
    .from(priceFeedSymbols)
    .orderBy(asc(priceFeedSymbols.symbol))
    .all()
    .map((row) => ({
      symbol: row.symbol,
      source: row.source as FeedSource,
      instrument: row.instrument,
      lastBarAt: row.lastBarAt,
      lastClose: row.lastClose,
      polledAt: row.polledAt,
      missingMinutes: row.missingMinutes,
      lastError: row.lastError,
      stale: watched.has(row.symbol) && (row.lastError !== null || isStale(row.lastBarAt, row.polledAt, now)),
    }));
}
