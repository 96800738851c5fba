/**
 * The Help Center's work beside rendering: searching the articles (FTS5 over
 * the index filled from app/content/help, docs/decisions/0133), keeping that
 * index in step with the articles, and the "Was this helpful?" votes (one
 * per voter and article, rate limited per client IP, docs/decisions/0134).
 */
import { createHmac } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../../db/connection";
import { ftsQuery } from "~/domain/help-search";
import { searchHelpIndex, syncHelpSearchIndex } from "~/models/help.server";
import { getEnv } from "~/platform/env.server";
import { listHelpArticles, type HelpArticleSummary } from "./help-articles.server";

/** Votes allowed per client IP per hour (across articles). */
export const HELP_VOTES_PER_IP = { points: 30, duration: 60 * 60 } as const;
const votesByIp = new RateLimiterMemory({ keyPrefix: "help-vote-ip", ...HELP_VOTES_PER_IP });

/** One search result: the article and a snippet of its body (matched words between the SNIPPET marks). */
export interface HelpSearchResult extends HelpArticleSummary {
  snippet: string;
}

/**
 * Fills the search index from the Markdown articles (idempotent: writes only when they changed).
 * Run at start-up by db/setup.ts, on the writer.
 * @returns whether the index was rewritten.
 */
export function syncHelpIndexFromArticles(db?: Db): boolean {
  const entries = listHelpArticles().map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, body: a.text }));
  return syncHelpSearchIndex(entries, db);
}

/** The articles matching the visitor's words `query`, best first; empty for a query without words. */
export function searchHelp(query: string): HelpSearchResult[] {
  const match = ftsQuery(query);
  if (!match) return [];
  const bySlug = new Map(listHelpArticles().map((a) => [a.slug, a]));
  return searchHelpIndex(match).flatMap((hit) => {
    const article = bySlug.get(hit.slug);
    return article ? [{ slug: article.slug, title: article.title, summary: article.summary, category: article.category, snippet: hit.snippet }] : [];
  });
}

/**
 * Who is voting: `user:<id>` for a signed-in user, else `visitor:` and the
 * first 32 hex digits of HMAC-SHA256(SESSION_SECRET, client IP), so the IP itself is not stored.
 */
export function helpVoterKey(userId: number | null, clientIp: string): string {
  if (userId !== null) return `user:${userId}`;
  return `visitor:${createHmac("sha256", getEnv().SESSION_SECRET).update(`help-vote:${clientIp}`).digest("hex").slice(0, 32)}`;
}

/**
 * Counts one vote from `ip`.
 * @returns null when allowed, else seconds until the next vote is allowed.
 */
export async function limitHelpVote(ip: string): Promise<number | null> {
  try {
    await votesByIp.consume(ip);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}
