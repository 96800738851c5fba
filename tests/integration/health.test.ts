/**
 * `GET /healthz` and `GET /readyz` against the real production server and
 * this file's temporary SQLite database: each readiness check passes and
 * fails on its own cause (worker heartbeat, disk threshold, pending
 * migration, unwritable database, replica lag), the body names what failed,
 * and neither needs a session nor counts toward a rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { beat, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS } from "~/models/operations.server";
import { getDb } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { checkReadiness, type ReadinessOptions } from "../../server/health";
import { rawRequest, startBuiltServer } from "../support/built-server";

const base = (): ReadinessOptions => ({
  databasePath: process.env.DATABASE_PATH!,
  minFreeBytes: 1024 * 1024,
  heartbeatMaxAgeMs: 60_000,
  replicaLagMaxMs: 30_000,
  isPrimary: () => true,
  probes: serverRuntime.operations,
});

let server: Awaited<ReturnType<typeof startBuiltServer>>;
beforeAll(async () => {
  server = await startBuiltServer({ readiness: base() });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("GET /healthz", () => {
  it("answers 200 JSON without a session, uncached", async () => {
    const response = await rawRequest(server.port, { path: "/healthz" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(response.body)).toMatchObject({ status: "ok" });
  });

  it("is never rate limited: 300 requests from one address all answer 200", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i += 1) statuses.add((await rawRequest(server.port, { path: "/healthz", from: "127.0.9.9" })).status);
    expect([...statuses]).toEqual([200]);
  });
});

describe("GET /readyz", () => {
  it("is 503 naming the worker while no delivery worker ever beat, then 200 once it beats", async () => {
    getDb().$client.prepare("DELETE FROM heartbeats").run();
    const before = await rawRequest(server.port, { path: "/readyz" });
    expect(before.status).toBe(503);
    const body = JSON.parse(before.body);
    expect(body).toMatchObject({ status: "not ready", failed: ["worker"] });
    expect(body.checks.worker.error).toMatch(/never recorded a heartbeat/);
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations).toMatchObject({ ok: true });

    beat(WORKER_HEARTBEAT, "test:1", new Date());
    const after = await rawRequest(server.port, { path: "/readyz" });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body)).toMatchObject({ status: "ready", failed: [] });
    expect(after.headers["set-cookie"]).toBeUndefined();
  });

  it("fails the worker check when the last heartbeat is older than the bound", () => {
    beat(WORKER_HEARTBEAT, "test:1", new Date(Date.now() - 61_000));
    const result = checkReadiness(base());
    expect(result.failed).toEqual(["worker"]);
    expect(result.checks.worker!.error).toMatch(/61 s old/);
  });

  it("fails the disk check below the free-space threshold", () => {
    beat(WORKER_HEARTBEAT, "test:1", new Date());
    const result = checkReadiness({ ...base(), minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect(result.failed).toEqual(["disk"]);
    expect(result.checks.disk!.error).toMatch(/MB free/);
  });

  it("fails the migrations check when a committed migration is not applied", () => {
    beat(WORKER_HEARTBEAT, "test:1", new Date());
    const client = getDb().$client;
    const newest = client.prepare("SELECT rowid AS id, created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1").get() as { id: number; created_at: number };
    client.prepare("UPDATE __drizzle_migrations SET created_at = created_at - 1 WHERE rowid = ?").run(newest.id);
    try {
      const result = checkReadiness(base());
      expect(result.failed).toEqual(["migrations"]);
    } finally {
      client.prepare("UPDATE __drizzle_migrations SET created_at = ? WHERE rowid = ?").run(newest.created_at, newest.id);
    }
  });

  it("fails the database check when the write lock cannot be taken", () => {
    beat(WORKER_HEARTBEAT, "test:1", new Date());
    const other = openDatabase(process.env.DATABASE_PATH!).$client;
    other.pragma("busy_timeout = 0");
    getDb().$client.pragma("busy_timeout = 0");
    other.exec("BEGIN IMMEDIATE");
    try {
      const result = checkReadiness(base());
      expect(result.failed).toEqual(["database"]);
      expect(result.checks.database!.error).toMatch(/locked|busy/i);
    } finally {
      other.exec("ROLLBACK");
      other.close();
      getDb().$client.pragma("busy_timeout = 5000");
    }
    expect(checkReadiness(base()).ok).toBe(true);
  });

  it("on a replica skips the write probe and bounds replication lag by the primary's last heartbeat", () => {
    const replica = { ...base(), isPrimary: () => false, heartbeatMaxAgeMs: 3_600_000 };
    beat(WORKER_HEARTBEAT, "primary:1", new Date(Date.now() - WORKER_HEARTBEAT_MS - 5_000));
    const fresh = checkReadiness(replica);
    expect(fresh.ok).toBe(true);
    expect(fresh.checks.database!.write).toMatch(/replica/);
    expect(fresh.checks.replication!.lagMs).toBeGreaterThanOrEqual(5_000);

    beat(WORKER_HEARTBEAT, "primary:1", new Date(Date.now() - WORKER_HEARTBEAT_MS - 45_000));
    const lagging = checkReadiness(replica);
    expect(lagging.failed).toEqual(["replication"]);
    expect(lagging.checks.replication!.error).toMatch(/lags about 4\d s/);
  });
});
