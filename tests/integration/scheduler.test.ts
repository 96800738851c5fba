/**
 * The scheduler (app/services/scheduler.server.ts) with real croner timers
 * and a real pino logger, and the retention jobs (app/models/retention.server.ts)
 * on this file's temporary SQLite database: a run is logged with duration and
 * outcome and kept, never two runs of a job at once, nothing on a replica,
 * sent deliveries pruned past the retention in batches, the ledger untouched.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { JOB_RUNS_KEPT, listJobRuns } from "~/models/job-runs.server";
import { optimizeDatabase, pruneExpiredSessions, pruneSentDeliveries } from "~/models/retention.server";
import { createSession } from "~/models/sessions.server";
import { getDb } from "~/platform/db.server";
import { createScheduler, type ScheduledJob } from "~/services/scheduler.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { scheduledJobs } from "../../server/jobs";
import { createUser } from "../support/fixtures";
import { capturingLogger } from "../support/capturing-logger";

describe("createScheduler", () => {
  it("logs each run with its duration and outcome and keeps the last run per job", async () => {
    const { lines, logger } = capturingLogger("debug");
    const jobs: ScheduledJob[] = [
      { name: "three", schedule: "0 0 1 1 *", run: () => [1, 2, 3] },
      { name: "broken", schedule: "0 0 1 1 *", run: () => { throw new Error("disk on fire"); } },
    ];
    const scheduler = createScheduler(jobs, { logger });
    const ok = await scheduler.runNow("three");
    expect(ok).toMatchObject({ job: "three", outcome: "ok", result: { count: 3 } });
    const failed = await scheduler.runNow("broken");
    expect(failed).toMatchObject({ job: "broken", outcome: "failed", error: "disk on fire" });
    expect(scheduler.lastRuns().map((run) => [run.job, run.outcome])).toEqual([["three", "ok"], ["broken", "failed"]]);
    await sleep(20);
    const okLine = lines.find((line) => line.job === "three")!;
    expect(okLine).toMatchObject({ level: "info", outcome: "ok", result: { count: 3 } });
    expect(typeof okLine.durationMs).toBe("number");
    const failedLine = lines.find((line) => line.job === "broken")!;
    expect(failedLine).toMatchObject({ level: "error", outcome: "failed" });
    expect((failedLine.err as { stack: string }).stack).toMatch(/disk on fire/);
  });

  it("never runs a job twice at once: a tick during a run is skipped", async () => {
    const { logger } = capturingLogger("debug");
    let calls = 0;
    let release!: () => void;
    const job: ScheduledJob = { name: "slow", schedule: "0 0 1 1 *", run: () => { calls += 1; return new Promise<void>((resolve) => (release = resolve)); } };
    const scheduler = createScheduler([job], { logger });
    const first = scheduler.runNow("slow");
    const second = await scheduler.runNow("slow");
    expect(second).toMatchObject({ outcome: "skipped", error: "previous run still going" });
    release();
    expect(await first).toMatchObject({ outcome: "ok" });
    expect(calls).toBe(1);
    const third = scheduler.runNow("slow");
    expect(calls).toBe(2);
    release();
    expect(await third).toMatchObject({ outcome: "ok" });
  });

  it("runs nothing on a replica", async () => {
    const { logger } = capturingLogger("debug");
    let calls = 0;
    const scheduler = createScheduler([{ name: "write", schedule: "0 0 1 1 *", run: () => (calls += 1) }], { logger, isPrimary: () => false });
    expect(await scheduler.runNow("write")).toMatchObject({ outcome: "skipped", error: "replica" });
    expect(calls).toBe(0);
    expect(scheduler.lastRuns()).toEqual([]);
  });

  it("fires jobs on their cron pattern until stopped", async () => {
    const { logger } = capturingLogger("debug");
    let calls = 0;
    const scheduler = createScheduler([{ name: "every-second", schedule: "* * * * * *", run: () => (calls += 1) }], { logger });
    scheduler.start();
    expect(scheduler.nextRuns()[0]!.at).toBeInstanceOf(Date);
    await sleep(2_300);
    await scheduler.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    const after = calls;
    await sleep(1_200);
    expect(calls).toBe(after);
  });

  it("runs an `atStart` job once when started, the others only on their pattern", async () => {
    const { logger } = capturingLogger("debug");
    const calls = { start: 0, pattern: 0 };
    const scheduler = createScheduler(
      [
        { name: "at-start", schedule: "0 0 1 1 *", atStart: true, run: () => (calls.start += 1) },
        { name: "on-pattern", schedule: "0 0 1 1 *", run: () => (calls.pattern += 1) },
      ],
      { logger },
    );
    scheduler.start();
    await scheduler.stop();
    expect(calls).toEqual({ start: 1, pattern: 0 });
  });

  it("refuses two jobs of one name", () => {
    const job = { name: "twice", schedule: "* * * * *", run: () => 0 };
    expect(() => createScheduler([job, job], { logger: capturingLogger("debug").logger })).toThrow(/twice/);
  });

  it("the server's job list has valid patterns and every job runs on this database", async () => {
    const { logger } = capturingLogger("debug");
    const jobs = scheduledJobs(serverRuntime.jobs, { deliveryRetentionDays: 30 });
    expect(jobs.map((job) => job.name)).toEqual([
      "expiry-sweep",
      "subscription-renewals",
      "account-purge",
      "delivery-retention",
      "idempotency-retention",
      "session-retention",
      "sqlite-optimize",
      "projection-check",
    ]);
    const scheduler = createScheduler(jobs, { logger });
    scheduler.start();
    expect(scheduler.nextRuns().every((next) => next.at instanceof Date)).toBe(true);
    await scheduler.stop();
    for (const job of jobs) expect((await scheduler.runNow(job.name)).outcome, job.name).toBe("ok");
  });

  it("records every run in job_runs (outcome, duration, the error's message without its stack), the newest JOB_RUNS_KEPT per job", async () => {
    const { logger } = capturingLogger("debug");
    let n = 0;
    const scheduler = createScheduler(
      [
        { name: "kept-runs", schedule: "0 0 1 1 *", run: () => (n += 1) },
        { name: "kept-failure", schedule: "0 0 1 1 *", run: () => { throw new Error("queue table locked"); } },
      ],
      { logger },
    );
    for (let i = 0; i < JOB_RUNS_KEPT + 3; i += 1) await scheduler.runNow("kept-runs");
    await scheduler.runNow("kept-failure");
    const runs = listJobRuns("kept-runs");
    expect(runs).toHaveLength(JOB_RUNS_KEPT);
    expect(runs.every((run) => run.outcome === "ok" && run.error === null && run.durationMs >= 0)).toBe(true);
    const count = getDb().$client.prepare("SELECT count(*) FROM job_runs WHERE job = 'kept-runs'").pluck().get();
    expect(count).toBe(JOB_RUNS_KEPT);
    const [failure] = listJobRuns("kept-failure");
    expect(failure).toMatchObject({ outcome: "failed", error: "queue table locked" });
  });
});

describe("retention", () => {
  const DAY = 86_400_000;
  const now = new Date("2026-11-28T00:00:00Z");

  function addJob(userId: number, status: string, sentAt: Date | null): number {
    const client = getDb().$client;
    const id = Number(
      client
        .prepare(
          "INSERT INTO delivery_jobs (user_id, channel, target_id, event_type, payload, status, attempts, next_attempt_at, created_at, sent_at) VALUES (?, 'email', 0, 'webhook.test', '{}', ?, 1, ?, ?, ?)",
        )
        .run(userId, status, now.getTime() - 40 * DAY, now.getTime() - 40 * DAY, sentAt?.getTime() ?? null).lastInsertRowid,
    );
    client.prepare("INSERT INTO delivery_attempts (job_id, attempt, attempted_at, latency_ms) VALUES (?, 1, ?, 5)").run(id, now.getTime() - 40 * DAY);
    return id;
  }

  it("prunes sent deliveries older than the retention and their attempts, in batches, and nothing else", async () => {
    const user = createUser();
    const client = getDb().$client;
    const ledgerBefore = client.prepare("SELECT count(*) FROM signal_events").pluck().get();
    const old = Array.from({ length: 5 }, () => addJob(user.id, "sent", new Date(now.getTime() - 31 * DAY)));
    const recent = addJob(user.id, "sent", new Date(now.getTime() - 29 * DAY));
    const dead = addJob(user.id, "dead", null);
    const queued = addJob(user.id, "queued", null);

    expect(await pruneSentDeliveries(now, 30, getDb(), 2)).toEqual({ jobs: 5, attempts: 5 });
    const left = client.prepare("SELECT id FROM delivery_jobs ORDER BY id").pluck().all();
    expect(left).toEqual(expect.arrayContaining([recent, dead, queued]));
    for (const id of old) expect(left).not.toContain(id);
    expect(client.prepare(`SELECT count(*) FROM delivery_attempts WHERE job_id IN (${old.join(",")})`).pluck().get()).toBe(0);
    expect(client.prepare("SELECT count(*) FROM signal_events").pluck().get()).toBe(ledgerBefore);
    expect(await pruneSentDeliveries(now, 30)).toEqual({ jobs: 0, attempts: 0 });
  });

  it("prunes expired sessions only", async () => {
    const user = createUser();
    const expired = createSession(user.id, null, new Date(now.getTime() - 400 * DAY));
    const live = createSession(user.id, null, now);
    const result = await pruneExpiredSessions(now, getDb(), 1);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    const ids = getDb().$client.prepare("SELECT id FROM sessions").pluck().all();
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(expired.id);
  });

  it("PRAGMA optimize runs", () => {
    expect(optimizeDatabase(now)).toMatchObject({ analysed: expect.any(Number) });
  });
});
