/** Signals: newest-first listing and publishing. */
import { count, desc, eq, inArray } from "drizzle-orm";
import { signals, type NewSignal, type Signal } from "../../db/schema";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import { getEntitlements } from "~/models/subscriptions.server";
import type { PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";

/**
 * Signals newest first (by creation time, then id), in one query.
 * @param options.limit max rows; options.strategyId restricts to one strategy;
 *   options.strategyIds to several (an empty list matches no signal).
 */
export function listSignals(options: { limit: number; strategyId?: number; strategyIds?: readonly number[] }): Signal[] {
  if (options.strategyIds?.length === 0) return [];
  const query = getDb().select().from(signals);
  const filtered =
    options.strategyIds !== undefined
      ? query.where(inArray(signals.strategyId, [...options.strategyIds]))
      : options.strategyId !== undefined
        ? query.where(eq(signals.strategyId, options.strategyId))
        : query;
  return filtered.orderBy(desc(signals.createdAt), desc(signals.id)).limit(options.limit).all();
}

/** How many signals have status ACTIVE. */
export function countActiveSignals(): number {
  const row = getDb()
    .select({ n: count() })
    .from(signals)
    .where(eq(signals.status, "ACTIVE"))
    .get();
  return row?.n ?? 0;
}

/** Inserts a signal and returns the stored row. */
export function createSignal(values: NewSignal): Signal {
  return getDb().insert(signals).values(values).returning().get();
}

/**
 * Newest signals in API shape for a viewer entitled to `entitledStrategyIds`,
 * with ACTIVE signals of other strategies locked. For callers that already hold
 * the viewer's entitlements.
 */
export function listSignalsForEntitlements(
  entitledStrategyIds: readonly number[],
  options: { limit: number; strategyId?: number },
): ApiSignal[] {
  const entitled = new Set(entitledStrategyIds);
  return listSignals(options).map((signal) => toApiSignal(signal, entitled));
}

/**
 * Newest signals in API shape for `viewer` (null: signed out), with ACTIVE
 * signals of strategies the viewer is not entitled to locked.
 */
export function listSignalsForViewer(
  viewer: PublicUser | null,
  options: { limit: number; strategyId?: number },
): ApiSignal[] {
  return listSignalsForEntitlements(getEntitlements(viewer).strategyIds, options);
}
