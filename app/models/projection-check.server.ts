/**
 * The projection check (docs/decisions/0148-projection-check.md): the signals
 * rows are a cache of the fold of their ledger events, and this checks the
 * cache against the fold (ledger.server.ts's `projectionDrifts`). The whole
 * file is checked when the server starts and each hour (a scheduled job), the
 * signals a write batch touched right after its transaction commits. Drift is
 * logged as an error and kept in `projection_drift`, which /admin shows.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { projectionDrift } from "../../db/schema";
import type { DriftField } from "~/domain/ledger-fold";
import { projectionDrifts, projectionDriftsOf } from "~/models/ledger.server";
import { getDb } from "~/platform/db.server";
import { getLogger } from "~/platform/logger.server";

/** One drifting signal as the check found it. */
export interface DriftFinding {
  signalId: number;
  drift: DriftField[];
  detectedAt: Date;
}

type Logger = Pick<ReturnType<typeof getLogger>, "error">;

/** Logs each drifting signal as an error naming its id and fields (values are prices and statuses, no personal data). */
function logDrift(found: ReadonlyArray<{ signalId: number; drift: DriftField[] }>, logger: Logger): void {
  for (const { signalId, drift } of found) {
    logger.error({ signalId, drift }, `projection drift: signal ${signalId} differs from the fold of its ledger events in ${drift.map((d) => d.field).join(", ")}`);
  }
}

/**
 * Checks every signal's row against the fold of its events at `now` and
 * replaces the kept findings with what it found (one transaction).
 * @returns how many signals drift (0 when the projection is the fold).
 */
export function checkProjection(now: Date, db: Db = getDb(), logger: Logger = getLogger()): { drifting: number } {
  const found = projectionDrifts(db);
  db.transaction(
    (tx) => {
      tx.delete(projectionDrift).run();
      for (const { signalId, drift } of found) tx.insert(projectionDrift).values({ signalId, fields: JSON.stringify(drift), detectedAt: now }).run();
    },
    { behavior: "immediate" },
  );
  logDrift(found, logger);
  return { drifting: found.length };
}

/**
 * Checks the signals `ids` (a committed write batch's) against the fold and
 * updates their kept findings: a drifting one is recorded, a clean one cleared.
 * Never throws: a failing check is itself logged as an error, so a write that
 * committed is never reported as failed.
 * @returns the drifting signals among `ids` (empty when clean or when the check failed).
 */
export function checkTouchedSignals(ids: readonly number[], now: Date, db: Db = getDb(), logger: Logger = getLogger()): number[] {
  if (ids.length === 0) return [];
  try {
    const found = projectionDriftsOf(ids, db);
    db.transaction(
      (tx) => {
        tx.delete(projectionDrift).where(inArray(projectionDrift.signalId, [...new Set(ids)])).run();
        for (const { signalId, drift } of found) tx.insert(projectionDrift).values({ signalId, fields: JSON.stringify(drift), detectedAt: now }).run();
      },
      { behavior: "immediate" },
    );
    logDrift(found, logger);
    return found.map((f) => f.signalId);
  } catch (error) {
    logger.error({ err: error, signalIds: ids.slice(0, 20) }, "projection check after a write failed");
    return [];
  }
}

/** The kept findings, in signal id order (what /admin shows). */
export function listProjectionDrift(db: Db = getDb()): DriftFinding[] {
  return db
    .select()
    .from(projectionDrift)
    .orderBy(projectionDrift.signalId)
    .all()
    .map((row) => ({ signalId: row.signalId, drift: JSON.parse(row.fields) as DriftField[], detectedAt: row.detectedAt }));
}

/** The kept findings as /admin's banner shows them: id, differing fields, when found (ISO 8601 UTC). */
export function listDriftNotices(db: Db = getDb()): Array<{ signalId: number; fields: string[]; detectedAt: string }> {
  return listProjectionDrift(db).map(({ signalId, drift, detectedAt }) => ({ signalId, fields: drift.map((d) => d.field), detectedAt: detectedAt.toISOString() }));
}
