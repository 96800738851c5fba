/**
 * The ledger backfill: history for signals stored before the ledger existed
 * (docs/decisions/0027-signal-ledger-storage.md), run by setup.
 */
import { asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { signalEvents, signals, type Signal } from "../../db/schema";
import { instrumentSpec } from "~/domain/instruments";
import { isEnded, projectedColumns, projectSignal, type SignalEvent } from "~/domain/signal-lifecycle";
import { appendEvent } from "~/models/signals.server";

/**
 * The `published` event a stored signals row stands for: its levels (the
 * original stop), expiry and rationale at `createdAt`, with its instrument's
 * pip size and `simulated` as given (docs/decisions/0145-simulated-flag-in-the-ledger.md).
 */
export function publishedEventOf(signal: Signal, simulated: boolean): SignalEvent {
  return {
    type: "published",
    occurredAt: signal.createdAt,
    payload: {
      strategyId: signal.strategyId,
      symbol: signal.symbol,
      side: signal.side,
      entryMethod: signal.entryMethod,
      entryPrice: signal.entryPrice,
      sl: signal.originalSl ?? signal.sl,
      tp1: signal.tp1,
      tp2: signal.tp2,
      expiresAt: signal.expiresAt.toISOString(),
      pipSize: instrumentSpec(signal.symbol).pipSize,
      rationale: signal.rationale,
      simulated,
    },
  };
}

/** A row the ledger did not see published is not proof of a live trade (docs/decisions/0145). */
const BACKFILLED_AS_SIMULATED = true;

/**
 * Gives every signal that has no ledger events its history, so the chain
 * starts complete on a database that held signals before the ledger
 * (docs/decisions/0027-signal-ledger-storage.md): a `published` event at its
 * `createdAt` built from the row and marked `simulated: true` (the ledger did
 * not witness its publication, so it never counts as live: docs/decisions/0145), then for a CLOSED row a `closed` event at its
 * `closedAt` with `exitPrice` and `reason` null (no exit was recorded), for a
 * CANCELLED row a `cancelled` event `{}`. Events are appended in order of
 * their time (then signal id), recorded at `now`. Open rows are rewritten as
 * the projection of their `published` event (a limit or stop entry becomes
 * PENDING); ended rows keep their status and get `originalSl`.
 * Idempotent: a second run finds no signal without events and appends nothing.
 * @param db the database to backfill (setup passes its own connection).
 * @returns how many signals and events were added.
 */
export function backfillLedger(db: Db, now: Date): { signals: number; events: number } {
  return db.transaction(
    (tx) => {
      const missing = tx
        .select({ signal: signals })
        .from(signals)
        .leftJoin(signalEvents, eq(signalEvents.signalId, signals.id))
        .where(isNull(signalEvents.seq))
        .orderBy(asc(signals.createdAt), asc(signals.id))
        .all()
        .map((row) => row.signal);
      const pending: Array<{ signal: Signal; order: number; event: { type: string; occurredAt: Date; payload: unknown } }> = [];
      for (const signal of missing) {
        const published = publishedEventOf(signal, BACKFILLED_AS_SIMULATED);
        pending.push({ signal, order: 0, event: published });
        const endedAt = new Date(Math.max(signal.closedAt?.getTime() ?? 0, signal.createdAt.getTime()));
        if (signal.status === "CLOSED") pending.push({ signal, order: 1, event: { type: "closed", occurredAt: endedAt, payload: { exitPrice: null, reason: null } } });
        if (signal.status === "CANCELLED") pending.push({ signal, order: 1, event: { type: "cancelled", occurredAt: endedAt, payload: {} } });
        const columns = isEnded(signal.status)
          ? { originalSl: signal.originalSl ?? signal.sl, remaining: signal.status === "CLOSED" ? 0 : signal.remaining }
          : projectedColumns(projectSignal([published]));
        tx.update(signals).set(columns).where(eq(signals.id, signal.id)).run();
      }
      pending.sort(
        (a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.signal.id - b.signal.id || a.order - b.order,
      );
      for (const item of pending) appendEvent(tx, item.signal.id, item.event, now, false);
      return { signals: missing.length, events: pending.length };
    },
    { behavior: "immediate" },
  );
}
