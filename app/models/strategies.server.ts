/** Strategies catalogue. */
import { asc, eq, sql } from "drizzle-orm";
import { strategies, type Strategy } from "../../db/schema";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

const allStrategiesQuery = preparedQuery((db) => db.select().from(strategies).orderBy(asc(strategies.id)).prepare());

/** Every strategy, in catalogue order (oldest first). Prepared once per connection: the dashboards and the desk read it on every request. */
export function listStrategies(): Strategy[] {
  return allStrategiesQuery().all();
}

/** The strategy with `slug` (case-insensitive), or undefined. */
export function getStrategyBySlug(slug: string): Strategy | undefined {
  return getDb()
    .select()
    .from(strategies)
    .where(eq(sql`lower(${strategies.slug})`, slug.toLowerCase()))
    .get();
}

const strategyByIdQuery = preparedQuery((db) => db.select().from(strategies).where(eq(strategies.id, sql.placeholder("id"))).prepare());

/** The strategy with `id` (a prepared query: signal pages and feeds look one up per request), or undefined. */
export function getStrategyById(id: number): Strategy | undefined {
  return strategyByIdQuery().get({ id });
}

/**
 * The API shape of a strategy (times as ISO strings).
 * @param winRate the strategy's win rate from its record (the track record
 *   read model's `recordWinRate`), percent or null; the catalogue's own
 *   `win_rate` column is a hand-written figure and is never shown (docs/decisions/0150).
 */
export function toApiStrategy(strategy: Strategy, winRate: number | null) {
  return {
    id: strategy.id,
    slug: strategy.slug,
    name: strategy.name,
    description: strategy.description,
    riskClass: strategy.riskClass,
    timeframes: strategy.timeframes,
    instruments: strategy.instruments,
    avgDuration: strategy.avgDuration,
    winRate,
    methodology: strategy.methodology,
    isActive: strategy.isActive,
    createdAt: strategy.createdAt.toISOString(),
  };
}
export type ApiStrategy = ReturnType<typeof toApiStrategy>;
