/**
 * The status page's rules (docs/decisions/0135-status-rules.md): each
 * component's `operational`, `degraded` or `down` from measured facts and
 * `now`, with every threshold here. Pure: the caller measures and passes `now`.
 */

export const COMPONENT_STATUSES = ["operational", "degraded", "down"] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The thresholds of every rule, in one place. */
export const STATUS_THRESHOLDS = {
  /** Worker heartbeat older than this: degraded (three missed beats of WORKER_HEARTBEAT_MS = 10 s). */
  heartbeatDegradedMs: 30 * SECOND,
  /** Worker heartbeat older than this, or none ever: down. */
  heartbeatDownMs: 5 * MINUTE,
  /** Oldest due delivery job waiting longer than this: degraded. */
  oldestDueDegradedMs: 2 * MINUTE,
  /** Oldest due delivery job waiting longer than this: down. */
  oldestDueDownMs: 15 * MINUTE,
  /** A channel is judged on the last hour only with at least this many attempts. */
  channelMinAttempts: 5,
  /** Share of failed attempts in the last hour from which a channel is degraded. */
  channelFailureDegraded: 0.1,
  /** Share of failed attempts in the last hour from which a channel is down. */
  channelFailureDown: 0.5,
  /** p99 attempt latency in the last hour above this: degraded. */
  channelP99DegradedMs: 10 * SECOND,
  /** The Merkle tree may trail the chain's head by at most this many entries before the ledger is degraded. */
  ledgerTreeLagDegraded: 0,
} as const;

/** The worse of statuses (`down` > `degraded` > `operational`); `operational` for none. */
export function worstStatus(statuses: readonly ComponentStatus[]): ComponentStatus {
  if (statuses.includes("down")) return "down";
  if (statuses.includes("degraded")) return "degraded";
  return "operational";
}

/** Database: down when it cannot be read, degraded when it can be read but not written. */
export function databaseStatus(probe: { read: boolean; write: boolean }): ComponentStatus {
  if (!probe.read) return "down";
  return probe.write ? "operational" : "degraded";
}

/**
 * Delivery worker: the worse of its heartbeat's age and the oldest due job's wait.
 * @param facts.lastHeartbeatAt the worker's last beat, null when it never beat.
 * @param facts.oldestDueAt due time of the oldest job waiting to be sent (queued or retrying, due at or before now), null when none is due.
 */
export function workerStatus(facts: { lastHeartbeatAt: Date | null; oldestDueAt: Date | null }, now: Date): ComponentStatus {
  const t = STATUS_THRESHOLDS;
  const beatAge = facts.lastHeartbeatAt ? now.getTime() - facts.lastHeartbeatAt.getTime() : Number.POSITIVE_INFINITY;
  const heartbeat: ComponentStatus = beatAge > t.heartbeatDownMs ? "down" : beatAge > t.heartbeatDegradedMs ? "degraded" : "operational";
  const wait = facts.oldestDueAt ? now.getTime() - facts.oldestDueAt.getTime() : 0;
  const queue: ComponentStatus = wait > t.oldestDueDownMs ? "down" : wait > t.oldestDueDegradedMs ? "degraded" : "operational";
  return worstStatus([heartbeat, queue]);
}

/** One channel's attempts in a window. Latencies in ms; null when there were none. */
export interface ChannelWindow {
  sent: number;
  failed: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

/**
 * A channel, judged on its last hour: with fewer than `channelMinAttempts`
 * attempts it is operational (too few to judge); else down from a 50 % failure
 * share, degraded from 10 % or when p99 latency is over 10 s.
 */
export function channelStatus(lastHour: ChannelWindow): ComponentStatus {
  const t = STATUS_THRESHOLDS;
  const attempts = lastHour.sent + lastHour.failed;
  if (attempts < t.channelMinAttempts) return "operational";
  const failure = lastHour.failed / attempts;
  if (failure >= t.channelFailureDown) return "down";
  if (failure >= t.channelFailureDegraded) return "degraded";
  if (lastHour.p99Ms !== null && lastHour.p99Ms > t.channelP99DegradedMs) return "degraded";
  return "operational";
}

/** Ledger: degraded when the Merkle tree (what checkpoints sign) trails the chain's head. */
export function ledgerStatus(facts: { headSeq: number; treeSize: number }): ComponentStatus {
  return facts.headSeq - facts.treeSize > STATUS_THRESHOLDS.ledgerTreeLagDegraded ? "degraded" : "operational";
}

/** Scheduler: degraded when the latest run of any job failed; operational otherwise (also before any run). */
export function schedulerStatus(latestOutcomes: readonly ("ok" | "failed" | "skipped")[]): ComponentStatus {
  return latestOutcomes.includes("failed") ? "degraded" : "operational";
}

/**
 * The p-th percentile of `values` by the nearest-rank method
 * (rank = ceil(p/100 × n), NIST/Hyndman–Fan definition 1), or null for none.
 * @param p percentile, 0 < p ≤ 100.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * Text safe to show the public: an error message with file paths, URLs, host
 * names, e-mail addresses and IP addresses replaced by `[…]`, cut to 160 characters.
 */
export function publicErrorText(message: string): string {
  const redacted = message
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "[…]")
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[…]")
    .replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/'"`,;:()]+)+[\\/]?/g, "[…]")
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, "[…]")
    .replace(/\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b/gi, "[…]")
    .replace(/\b(?:[a-z0-9-]+\.)+(?:[a-z]{2,})(?::\d+)?\b/gi, "[…]");
  return redacted.length > 160 ? `${redacted.slice(0, 159)}…` : redacted;
}
