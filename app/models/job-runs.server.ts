/**
 * The scheduler's run history (`job_runs`): one row per run of a scheduled
 * job, the newest JOB_RUNS_KEPT per job kept, read by /status.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { jobRuns, type JobRunRow } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** Runs kept per job. */
export const JOB_RUNS_KEPT = 20;

/** Longest error message stored, in characters. */
const ERROR_CHARS = 300;

/**
 * Stores one run and drops that job's runs beyond the newest JOB_RUNS_KEPT, in one transaction.
 * @param run.error the error's message (never its stack); cut to 300 characters.
 */
export function recordJobRun(
  run: { job: string; startedAt: Date; durationMs: number; outcome: JobRunRow["outcome"]; error?: string | null },
  db: Db = getDb(),
): void {
  db.transaction(
    (tx) => {
      tx.insert(jobRuns)
        .values({ job: run.job, startedAt: run.startedAt, durationMs: Math.round(run.durationMs), outcome: run.outcome, error: run.error?.slice(0, ERROR_CHARS) ?? null })
        .run();
      tx.run(
        sql`DELETE FROM job_runs WHERE job = ${run.job} AND id NOT IN (SELECT id FROM job_runs WHERE job = ${run.job} ORDER BY started_at DESC, id DESC LIMIT ${JOB_RUNS_KEPT})`,
      );
    },
    { behavior: "immediate" },
  );
}

/** The newest `limit` runs of `job`, newest first. */
export function listJobRuns(job: string, limit = JOB_RUNS_KEPT, db: Db = getDb()): JobRunRow[] {
  return db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)).limit(limit).all();
}

/** Every job's runs (at most JOB_RUNS_KEPT each), grouped by job name, newest first within a job. */
export function listAllJobRuns(db: Db = getDb()): Map<string, JobRunRow[]> {
  const rows = db.select().from(jobRuns).orderBy(jobRuns.job, desc(jobRuns.startedAt), desc(jobRuns.id)).all();
  const byJob = new Map<string, JobRunRow[]>();
  for (const row of rows) byJob.set(row.job, [...(byJob.get(row.job) ?? []), row]);
  return byJob;
}
