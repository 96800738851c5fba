/**
 * `GET /healthz` (the process answers) and `GET /readyz` (this instance can
 * serve: the database reads and writes, every migration is applied, the
 * delivery worker's heartbeat is fresh, the disk has room, and on a LiteFS
 * replica replication keeps up). 200 or 503 with a JSON body naming each
 * check and what failed; no session, no rate limit, no cache
 * (docs/decisions/0120-health-and-readiness.md).
 */
import { statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { RequestHandler } from "express";
import type { ServerRuntime } from "./runtime";

export interface ReadinessOptions {
  /** The database file, whose file system must keep `minFreeBytes` free. */
  databasePath: string;
  /** Least free space on the database's file system, bytes (READYZ_MIN_FREE_MB). */
  minFreeBytes: number;
  /** Oldest acceptable worker heartbeat, ms (READYZ_HEARTBEAT_MAX_AGE_MS). */
  heartbeatMaxAgeMs: number;
  /** Largest acceptable replication lag on a replica, ms (READYZ_REPLICA_LAG_MAX_MS). */
  replicaLagMaxMs: number;
  /** True when this instance is the writer (the LiteFS primary, or no LiteFS); read on every call. */
  isPrimary: () => boolean;
  /** The database probes and heartbeats (`serverRuntime.operations`). */
  probes: ServerRuntime["operations"];
  clock?: () => Date;
}

/** One check's verdict; `error` says what failed in words. */
export interface CheckResult {
  ok: boolean;
  error?: string;
  [detail: string]: unknown;
}

export interface Readiness {
  ok: boolean;
  /** The names of the failed checks, in check order. */
  failed: string[];
  checks: Record<string, CheckResult>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `check`, turning a throw into a failed result. */
function guarded(check: () => CheckResult): CheckResult {
  try {
    return check();
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

/**
 * Runs every readiness check once.
 * @returns the verdict of each check and the names of the failed ones.
 */
export function checkReadiness(options: ReadinessOptions): Readiness {
  const now = (options.clock ?? (() => new Date()))();
  const primary = options.isPrimary();
  const { probeRead, probeWrite, migrationState, lastBeat, newestBeat, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS } = options.probes;
  const checks: Record<string, CheckResult> = {
    database: guarded(() => {
      probeRead();
      if (primary) probeWrite(now);
      return { ok: true, write: primary ? "ok" : "replica: writes go to the primary" };
    }),
    migrations: guarded(() => {
      const state = migrationState();
      return state.current ? { ok: true, ...state } : { ok: false, error: `${state.committed - state.applied} migration(s) not applied`, ...state };
    }),
    worker: guarded(() => {
      const last = lastBeat(WORKER_HEARTBEAT);
      if (!last) return { ok: false, error: "the delivery worker never recorded a heartbeat" };
      const ageMs = now.getTime() - last.beatAt.getTime();
      const ok = ageMs <= options.heartbeatMaxAgeMs;
      return { ok, ageMs, ...(ok ? {} : { error: `the delivery worker's last heartbeat is ${Math.round(ageMs / 1000)} s old` }) };
    }),
    disk: guarded(() => {
      const stats = statfsSync(dirname(resolve(options.databasePath)));
      const freeBytes = stats.bavail * stats.bsize;
      const ok = freeBytes >= options.minFreeBytes;
      return { ok, freeBytes, minFreeBytes: options.minFreeBytes, ...(ok ? {} : { error: `${Math.floor(freeBytes / 1048576)} MB free on the database's disk` }) };
    }),
  };
  if (!primary) {
    checks.replication = guarded(() => {
      const newest = newestBeat();
      if (!newest) return { ok: false, error: "nothing replicated from the primary yet" };
      // The primary beats every WORKER_HEARTBEAT_MS: a copy older than that by more than the bound lags.
      const lagMs = Math.max(0, now.getTime() - newest.getTime() - WORKER_HEARTBEAT_MS);
      const ok = lagMs <= options.replicaLagMaxMs;
      return { ok, lagMs, ...(ok ? {} : { error: `replication lags about ${Math.round(lagMs / 1000)} s behind the primary` }) };
    });
  }
  const failed = Object.entries(checks)
    .filter(([, result]) => !result.ok)
    .map(([name]) => name);
  return { ok: failed.length === 0, failed, checks };
}

/** Sends `body` as uncached JSON with `status`. */
function sendJson(res: Parameters<RequestHandler>[1], status: number, body: unknown): void {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("application/json").send(JSON.stringify(body));
}

/** `GET|HEAD /healthz`: 200 `{"status":"ok"}` while the process answers. */
export const healthz: RequestHandler = (_req, res) => sendJson(res, 200, { status: "ok", uptimeSeconds: Math.round(process.uptime()) });

/** `GET|HEAD /readyz`: 200 `{"status":"ready",...}` or 503 `{"status":"not ready","failed":[...],...}`. */
export function readyz(options: ReadinessOptions): RequestHandler {
  return (_req, res) => {
    const readiness = checkReadiness(options);
    sendJson(res, readiness.ok ? 200 : 503, { status: readiness.ok ? "ready" : "not ready", failed: readiness.failed, checks: readiness.checks });
  };
}

/** The readiness settings of the environment (READYZ_*, DATABASE_PATH), primary as LiteFS says (`canWriteHere`), probed with `runtime.operations`. */
export function readinessFromEnv(runtime: ServerRuntime): ReadinessOptions {
  const env = runtime.platform.getEnv();
  return {
    databasePath: env.DATABASE_PATH,
    minFreeBytes: env.READYZ_MIN_FREE_MB * 1024 * 1024,
    heartbeatMaxAgeMs: env.READYZ_HEARTBEAT_MAX_AGE_MS,
    replicaLagMaxMs: env.READYZ_REPLICA_LAG_MAX_MS,
    isPrimary: runtime.litefs.canWriteHere,
    probes: runtime.operations,
  };
}
