/**
 * The status report behind /status and GET /api/status: every component
 * measured now and judged by the rules of app/domain/status-rules.ts
 * (docs/decisions/0135). Reads only: the database write probe takes the
 * write lock and rolls back, as /readyz does.
 */
import { backupAgeSeconds } from "~/domain/backups";
import { GENESIS_HASH } from "~/domain/ledger";
import {
  channelStatus,
  databaseStatus,
  ledgerStatus,
  percentile,
  publicErrorText,
  schedulerStatus,
  workerStatus,
  worstStatus,
  type ChannelWindow,
  type ComponentStatus,
} from "~/domain/status-rules";
import { listAllJobRuns } from "~/models/job-runs.server";
import { feedHealth } from "~/models/price-feed.server";
import { priceFeedConfig } from "~/platform/env.server";
import { getLedgerTreeHead } from "~/models/ledger-tree.server";
import { BACKUP_HEARTBEAT, lastBeat, probeRead, probeWrite, WORKER_HEARTBEAT } from "~/models/operations.server";
import { getLedgerHead } from "~/models/ledger.server";
import { deliveryAttemptsSince, deliveryQueueFacts, listIncidents, STATUS_CHANNELS, type AttemptSample, type StatusIncident } from "~/models/status.server";
import type { StatusIncidentView, StatusReport } from "~/schemas/api/status";
import { openLiveFeedCount } from "./stream-slots.server";

const HOUR_MS = 3_600_000;
/** Incident notes shown. */
export const INCIDENTS_SHOWN = 20;

/** Counts and latency percentiles of `samples`. */
function windowOf(samples: readonly AttemptSample[]): ChannelWindow {
  const latencies = samples.map((s) => s.latencyMs);
  const sent = samples.filter((s) => s.ok).length;
  return { sent, failed: samples.length - sent, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

function probe(run: () => void): boolean {
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

/** Runs `read` and returns its value, or `fallback` when the database cannot answer. */
function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** An incident note as the page and the API show it. */
export function incidentView(incident: StatusIncident): StatusIncidentView {
  return { ...incident, createdAt: incident.createdAt.toISOString(), updatedAt: incident.updatedAt.toISOString() };
}

/**
 * Whether backups are configured: LITESTREAM_REPLICA_URL is set (read at each
 * call). Their age is the backup-age job's reading of the replica (server/jobs.ts).
 */
export function backupsConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.LITESTREAM_REPLICA_URL?.trim());
}

/** Measures and judges every component at `now`. Never throws for a database that cannot answer: that is `down`. */
export function statusReport(now: Date): StatusReport {
  const db = { read: probe(probeRead), write: probe(() => probeWrite(now)) };

  const beat = orElse(() => lastBeat(WORKER_HEARTBEAT), null);
  const queue = orElse(() => deliveryQueueFacts(now), { depth: 0, oldestDueAt: null });
  const worker = {
    status: workerStatus({ lastHeartbeatAt: beat?.beatAt ?? null, oldestDueAt: queue.oldestDueAt }, now),
    queueDepth: queue.depth,
    oldestDueAgeSeconds: queue.oldestDueAt ? seconds(now.getTime() - queue.oldestDueAt.getTime()) : null,
    lastHeartbeatAt: beat ? beat.beatAt.toISOString() : null,
    heartbeatAgeSeconds: beat ? seconds(now.getTime() - beat.beatAt.getTime()) : null,
  };

  const day = orElse(() => deliveryAttemptsSince(new Date(now.getTime() - 24 * HOUR_MS)), []);
  const hourStart = now.getTime() - HOUR_MS;
  const channels = STATUS_CHANNELS.map((channel) => {
    const last24 = day.filter((s) => s.channel === channel);
    const lastHour = windowOf(last24.filter((s) => s.attemptedAt >= hourStart));
    return { channel, status: channelStatus(lastHour), lastHour, last24Hours: windowOf(last24) };
  });

  const head = orElse(() => getLedgerHead(), null);
  const tree = orElse(() => getLedgerTreeHead(), { treeSize: 0, rootHash: Buffer.alloc(32) });
  const ledger = {
    status: db.read ? ledgerStatus({ headSeq: head?.seq ?? 0, treeSize: tree.treeSize }) : ("down" as ComponentStatus),
    head: { seq: head?.seq ?? 0, hash: head?.hash ?? GENESIS_HASH, recordedAt: head ? head.recordedAt.toISOString() : null },
    checkpoint: { treeSize: tree.treeSize, rootHash: tree.rootHash.toString("hex"), url: "/api/ledger/checkpoint" },
  };

  const runs = orElse(() => listAllJobRuns(), new Map());
  const view = (run: { startedAt: Date; durationMs: number; outcome: "ok" | "failed" | "skipped"; error: string | null }) => ({
    startedAt: run.startedAt.toISOString(),
    durationMs: run.durationMs,
    outcome: run.outcome,
    error: run.error === null ? null : publicErrorText(run.error),
  });
  const jobs = [...runs.entries()].map(([name, list]) => ({ name, lastRun: view(list[0]!), recentRuns: list.map(view) }));

  const feedRows = orElse(() => feedHealth(now), []);
  const priceFeed = {
    status: (feedRows.some((row) => row.stale) ? "degraded" : "operational") as ComponentStatus,
    configured: priceFeedConfig() !== null,
    symbols: feedRows.map((row) => ({
      symbol: row.symbol,
      source: row.source,
      lastBarAt: row.lastBarAt ? row.lastBarAt.toISOString() : null,
      missingMinutes: row.missingMinutes,
      stale: row.stale,
    })),
  };

  const components = {
    web: { status: "operational" as ComponentStatus },
    database: { status: databaseStatus(db), ...db },
    worker,
    channels,
    liveFeed: { status: "operational" as ComponentStatus, connectedClients: openLiveFeedCount() },
    ledger,
    scheduler: { status: schedulerStatus(jobs.map((job) => job.lastRun.outcome)), jobs },
    priceFeed,
    backups: { configured: backupsConfigured(), lastBackupAgeSeconds: backupsConfigured() ? backupAgeSeconds(orElse(() => lastBeat(BACKUP_HEARTBEAT), null)?.beatAt ?? null, now) : null },
  };
  const status = worstStatus([
    components.web.status,
    components.database.status,
    worker.status,
    ...channels.map((c) => c.status),
    components.liveFeed.status,
    ledger.status,
    components.scheduler.status,
    priceFeed.status,
  ]);
  const incidents = orElse(() => listIncidents(INCIDENTS_SHOWN), []).map(incidentView);
  return { status, checkedAt: now.toISOString(), components, incidents };
}
