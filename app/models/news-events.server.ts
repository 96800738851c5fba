/**
 * The economic calendar (`news_events`, docs/decisions/0054-news-blackout.md):
 * the high-impact releases the admin enters, read by the outbox to hold
 * alerts of new signals during a news window.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { newsEvents, type NewsEvent } from "../../db/schema";
import type { NewsRelease } from "~/domain/news-blackout";
import { getDb } from "~/platform/db.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How far either side of `now` releases are read: enough for any run of joined windows (ms). */
const CALENDAR_REACH_MS = 24 * 3_600_000;

/**
 * Adds one release to the calendar.
 * @param input.releasedAt when the figure comes out; input.currency an ISO 4217 code (stored upper case); input.title what is released.
 * @returns the stored row.
 */
export function addNewsEvent(input: { releasedAt: Date; currency: string; title: string }, db: Db = getDb()): NewsEvent {
  return db
    .insert(newsEvents)
    .values({ releasedAt: input.releasedAt, currency: input.currency.toUpperCase(), title: input.title })
    .returning()
    .get();
}

/** Deletes release `id`. @returns false when there was none. */
export function deleteNewsEvent(id: number, db: Db = getDb()): boolean {
  return db.delete(newsEvents).where(eq(newsEvents.id, id)).run().changes > 0;
}

/** The releases from `from` on, oldest first. */
export function listNewsEvents(from: Date, db: Db = getDb()): NewsEvent[] {
  return db.select().from(newsEvents).where(gte(newsEvents.releasedAt, from)).orderBy(asc(newsEvents.releasedAt)).all();
}

/** The releases within a day either side of `now` (what `blackoutEnd` needs to decide at `now`). */
export function releasesAround(now: Date, db: Db | Tx = getDb()): NewsRelease[] {
  return db
    .select({ releasedAt: newsEvents.releasedAt, currency: newsEvents.currency })
    .from(newsEvents)
    .where(and(gte(newsEvents.releasedAt, new Date(now.getTime() - CALENDAR_REACH_MS)), lte(newsEvents.releasedAt, new Date(now.getTime() + CALENDAR_REACH_MS))))
    .all();
}
