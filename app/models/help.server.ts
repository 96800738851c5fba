/**
 * The Help Center's rows: the FTS5 search index `help_search` (a virtual table
 * made by migration 0021, filled from the Markdown articles by
 * `syncHelpSearchIndex` at start-up; docs/decisions/0133) and the
 * "Was this helpful?" votes (`help_votes`, docs/decisions/0134).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { helpVotes } from "../../db/schema";
import { SNIPPET_CLOSE, SNIPPET_OPEN } from "~/domain/help-search";
import { getDb } from "~/platform/db.server";

/** What the index holds of one article. */
export interface HelpIndexEntry {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

/**
 * Makes `help_search` hold exactly `entries`: when its rows differ in any way
 * (an article added, changed or removed), every row is replaced in one
 * transaction; when they are the same, nothing is written.
 * @returns whether the index was rewritten.
 */
export function syncHelpSearchIndex(entries: readonly HelpIndexEntry[], db: Db = getDb()): boolean {
  const client = db.$client;
  const key = (e: HelpIndexEntry) => JSON.stringify([e.slug, e.title, e.summary, e.body]);
  const stored = (client.prepare("SELECT slug, title, summary, body FROM help_search ORDER BY slug").all() as HelpIndexEntry[]).map(key);
  const wanted = [...entries].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)).map(key);
  if (stored.length === wanted.length && stored.every((row, index) => row === wanted[index])) return false;
  const insert = client.prepare("INSERT INTO help_search (slug, title, summary, body) VALUES (?, ?, ?, ?)");
  client.transaction(() => {
    client.prepare("DELETE FROM help_search").run();
    for (const e of entries) insert.run(e.slug, e.title, e.summary, e.body);
  }).immediate();
  return true;
}

/** One search hit: the article's slug and a snippet of its body with the matched words between SNIPPET_OPEN and SNIPPET_CLOSE. */
export interface HelpSearchHit {
  slug: string;
  snippet: string;
}

/** bm25 column weights: slug (unindexed), title, summary, body. */
const BM25 = "bm25(help_search, 0, 10.0, 4.0, 1.0)";

/**
 * The articles matching the FTS5 expression `match` (from `ftsQuery`), best first
 * (bm25, title matches weigh most), at most `limit`.
 */
export function searchHelpIndex(match: string, limit = 20, db: Db = getDb()): HelpSearchHit[] {
  return db.$client
    .prepare(
      `SELECT slug, snippet(help_search, 3, '${SNIPPET_OPEN}', '${SNIPPET_CLOSE}', '…', 16) AS snippet FROM help_search WHERE help_search MATCH ? ORDER BY ${BM25} LIMIT ?`,
    )
    .all(match, limit) as HelpSearchHit[];
}

/**
 * Records `voterKey`'s answer on article `slug` at `now`; a second answer by the same voter replaces the first.
 * @param userId the signed-in voter's id (null for a visitor).
 */
export function recordHelpVote(input: { slug: string; voterKey: string; userId: number | null; helpful: boolean; now: Date }, db: Db = getDb()): void {
  db.insert(helpVotes)
    .values({ slug: input.slug, voterKey: input.voterKey, userId: input.userId, helpful: input.helpful, votedAt: input.now })
    .onConflictDoUpdate({ target: [helpVotes.slug, helpVotes.voterKey], set: { helpful: input.helpful, votedAt: input.now, userId: input.userId } })
    .run();
}

/** The answers on article `slug`: `{yes, no}` counts of voters. */
export function helpVoteCounts(slug: string, db: Db = getDb()): { yes: number; no: number } {
  const row = db
    .select({
      yes: sql<number>`coalesce(sum(CASE WHEN ${helpVotes.helpful} THEN 1 ELSE 0 END), 0)`,
      no: sql<number>`coalesce(sum(CASE WHEN ${helpVotes.helpful} THEN 0 ELSE 1 END), 0)`,
    })
    .from(helpVotes)
    .where(eq(helpVotes.slug, slug))
    .get();
  return { yes: row?.yes ?? 0, no: row?.no ?? 0 };
}

/** `voterKey`'s answer on `slug` (true: helpful), or null when they have not answered. */
export function helpVoteOf(slug: string, voterKey: string, db: Db = getDb()): boolean | null {
  const row = db.select({ helpful: helpVotes.helpful }).from(helpVotes).where(and(eq(helpVotes.slug, slug), eq(helpVotes.voterKey, voterKey))).get();
  return row ? row.helpful : null;
}
