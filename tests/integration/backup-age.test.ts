/**
 * The backup-age job (server/jobs.ts) with the real Litestream binary: after
 * the test's database was replicated to a file replica, the job records the
 * replica's newest restorable moment, and the status report gives its age.
 * Without LITESTREAM_REPLICA_URL the job is not scheduled at all.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BACKUP_HEARTBEAT, lastBeat } from "~/models/operations.server";
import { getDb } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { statusReport } from "~/services/status.server";
import { scheduledJobs } from "../../server/jobs";
import { litestreamBinary } from "../../server/litestream";

const replicaDir = mkdtempSync(join(tmpdir(), "fx-trader-backup-age-"));
const replicaUrl = `file://${replicaDir}`;
const databasePath = process.env.DATABASE_PATH!;

afterAll(() => rmSync(replicaDir, { recursive: true, force: true }));

/** Runs `litestream replicate <db> <url>` until the replica holds a generation, then stops it. */
async function replicateOnce(): Promise<void> {
  getDb().$client.exec("CREATE TABLE IF NOT EXISTS backup_age_probe (x); INSERT INTO backup_age_probe VALUES (1);");
  const child = spawn(litestreamBinary(), ["replicate", databasePath, replicaUrl], { stdio: "ignore" });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

describe("the backup-age job", () => {
  it("is scheduled only when a replica is configured", () => {
    expect(scheduledJobs(serverRuntime.jobs, { deliveryRetentionDays: 30 }).some((job) => job.name === "backup-age")).toBe(false);
  });

  it("records the replica's newest restorable moment, and /status shows its age", { timeout: 30_000 }, async () => {
    const before = Date.now();
    await replicateOnce();
    const env = { ...process.env, LITESTREAM_REPLICA_URL: replicaUrl };
    const job = scheduledJobs(serverRuntime.jobs, { deliveryRetentionDays: 30, backups: { env, databasePath } }).find((candidate) => candidate.name === "backup-age")!;
    const result = (await job.run(new Date())) as { replicatedAt: string | null };
    expect(result.replicatedAt).not.toBeNull();
    const recorded = lastBeat(BACKUP_HEARTBEAT)!.beatAt.getTime();
    // Litestream's times are whole seconds.
    expect(recorded).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(recorded).toBeLessThanOrEqual(Date.now());

    const previous = process.env.LITESTREAM_REPLICA_URL;
    process.env.LITESTREAM_REPLICA_URL = replicaUrl;
    try {
      const backups = statusReport(new Date(recorded + 90_000)).components.backups;
      expect(backups).toEqual({ configured: true, lastBackupAgeSeconds: 90 });
    } finally {
      if (previous === undefined) delete process.env.LITESTREAM_REPLICA_URL;
      else process.env.LITESTREAM_REPLICA_URL = previous;
    }
  });
});
