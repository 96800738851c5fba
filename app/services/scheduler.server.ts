/**
 * The one scheduler of every periodic job (docs/decisions/0121-scheduler-and-retention.md):
 * `croner` fires each job on its cron pattern (UTC); a job runs only on the
 * writer (the LiteFS primary, or the only instance; a replica skips its
 * ticks, a promoted replica starts running them), never twice at once (a
 * tick that finds its previous run still going is skipped), and every run is
 * logged with its duration and outcome and kept: the last per job in memory
 * (`lastRuns`) and, in `job_runs`, the newest JOB_RUNS_KEPT per job with the
 * error's message (never its stack), which /status shows (docs/decisions/0135).
 *
 * A job is `(now: Date) => result`: adding one is one entry in server/jobs.ts;
 * `atStart` also runs it once when the scheduler starts.
 */
import { Cron } from "croner";
import type { Logger } from "pino";
import { recordJobRun } from "~/models/job-runs.server";

/** A periodic job. */
export interface ScheduledJob {
  /** Unique, kebab-case, e.g. `expiry-sweep`. */
  name: string;
  /** Cron pattern in UTC, 5 fields (minute first) or 6 (second first), e.g. `*\/30 * * * * *`. */
  schedule: string;
  /** Does the work at `now`; its result (an array's length, a number, or a small object) is logged and kept. */
  run: (now: Date) => unknown;
  /** Also run once when the scheduler starts (as a tick would: primary only), e.g. a check of the file the server opened. */
  atStart?: boolean;
}

export type JobOutcome = "ok" | "failed" | "skipped";

/** What one run of a job came to. */
export interface JobRun {
  job: string;
  startedAt: Date;
  durationMs: number;
  outcome: JobOutcome;
  /** The run's result, summarised (`{ count }` for an array or number). */
  result?: unknown;
  /** Why it failed, or why it was skipped. */
  error?: string;
}

export interface Scheduler {
  /** Starts every job's timer and runs the `atStart` jobs once. */
  start(): void;
  /** Stops the timers and waits for the runs under way. */
  stop(): Promise<void>;
  /** Runs `name` now (as a tick would: primary only, single flight). @throws Error for an unknown job. */
  runNow(name: string): Promise<JobRun>;
  /** The last run of each job that has run, in job order. */
  lastRuns(): JobRun[];
  /** When each job runs next (null once stopped). */
  nextRuns(): { job: string; at: Date | null }[];
}

export interface SchedulerOptions {
  /** True when this instance may write (default: always); read at every tick. */
  isPrimary?: () => boolean;
  clock?: () => Date;
  logger: Pick<Logger, "info" | "error" | "debug">;
}

/** A loggable summary of a job's result: arrays and numbers as `{ count }`, nothing for undefined. */
function summarise(result: unknown): unknown {
  if (Array.isArray(result)) return { count: result.length };
  if (typeof result === "number") return { count: result };
  return result ?? undefined;
}

/**
 * Creates the scheduler for `jobs`; nothing runs until `start()` or `runNow()`.
 * @throws Error when two jobs share a name or a pattern is invalid.
 */
export function createScheduler(jobs: readonly ScheduledJob[], options: SchedulerOptions): Scheduler {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two scheduled jobs are named ${job.name}`);
    names.add(job.name);
  }
  const clock = options.clock ?? (() => new Date());
  const isPrimary = options.isPrimary ?? (() => true);
  const running = new Map<string, Promise<JobRun>>();
  const last = new Map<string, JobRun>();
  let crons: Cron[] = [];

  /** Stores the run in `job_runs`; a failure to store is logged, never thrown into the scheduler. */
  function keep(run: JobRun): void {
    try {
      recordJobRun({ job: run.job, startedAt: run.startedAt, durationMs: run.durationMs, outcome: run.outcome, error: run.error ?? null });
    } catch (error) {
      options.logger.error({ job: run.job, err: error }, `job ${run.job}: its run could not be recorded`);
    }
  }

  async function execute(job: ScheduledJob): Promise<JobRun> {
    const startedAt = clock();
    const started = performance.now();
    const done = (outcome: JobOutcome, extra: Partial<JobRun>): JobRun => ({ job: job.name, startedAt, durationMs: Math.round((performance.now() - started) * 10) / 10, outcome, ...extra });
    let run: JobRun;
    try {
      run = done("ok", { result: summarise(await job.run(startedAt)) });
      options.logger.info({ job: run.job, durationMs: run.durationMs, outcome: run.outcome, result: run.result }, `job ${job.name} ok`);
    } catch (error) {
      run = done("failed", { error: error instanceof Error ? error.message : String(error) });
      options.logger.error({ job: run.job, durationMs: run.durationMs, outcome: run.outcome, err: error }, `job ${job.name} failed`);
    }
    last.set(job.name, run);
    keep(run);
    return run;
  }

  function trigger(job: ScheduledJob): Promise<JobRun> {
    const now = clock();
    if (running.has(job.name)) {
      options.logger.debug({ job: job.name, outcome: "skipped" }, `job ${job.name} skipped: its previous run is still going`);
      return Promise.resolve({ job: job.name, startedAt: now, durationMs: 0, outcome: "skipped", error: "previous run still going" });
    }
    if (!isPrimary()) {
      options.logger.debug({ job: job.name, outcome: "skipped" }, `job ${job.name} skipped: this instance is a replica`);
      return Promise.resolve({ job: job.name, startedAt: now, durationMs: 0, outcome: "skipped", error: "replica" });
    }
    const pending = execute(job).finally(() => running.delete(job.name));
    running.set(job.name, pending);
    return pending;
  }

  return {
    start() {
      if (crons.length > 0) return;
      crons = jobs.map((job) => new Cron(job.schedule, { timezone: "Etc/UTC", unref: true, catch: true }, () => void trigger(job)));
      for (const job of jobs) if (job.atStart) void trigger(job);
    },
    async stop() {
      for (const cron of crons) cron.stop();
      crons = [];
      await Promise.allSettled(running.values());
    },
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No scheduled job is named ${name}`);
      return trigger(job);
    },
    lastRuns: () => jobs.flatMap((job) => last.get(job.name) ?? []),
    nextRuns: () => jobs.map((job, index) => ({ job: job.name, at: crons[index]?.nextRun() ?? null })),
  };
}
