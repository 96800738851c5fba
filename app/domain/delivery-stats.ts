/**
 * Figures of the delivery dashboard (/admin/deliveries,
 * docs/decisions/0053-delivery-dashboard.md): job counts per status and the
 * publish-to-delivery latency percentiles of one channel. Pure: no I/O, no clock.
 */

/**
 * The `p`-th percentile of `values` by the nearest-rank method: the value of
 * rank ⌈p/100 × N⌉ in ascending order (rank 1 for p = 0). Source: the
 * "nearest-rank method" of the Wikipedia article "Percentile"
 * (https://en.wikipedia.org/wiki/Percentile#The_nearest-rank_method), which
 * always answers one of the observed values.
 * @param values observations in any order (not modified).
 * @param p the percentile, 0 to 100.
 * @returns the percentile, or null when `values` is empty.
 * @throws RangeError when `p` is outside 0..100.
 */
export function nearestRankPercentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`Percentile must be between 0 and 100, got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** One job as the dashboard counts it: its status, and for a sent ledger job the publish and delivery times. */
export interface DeliveryJobFigure {
  status: "queued" | "sending" | "sent" | "retrying" | "dead";
  /** Attempts started so far, the one in progress included (a claim counts it; 0 before the first). */
  attempts: number;
  /** The ledger event's `recordedAt` (null for jobs that are not ledger events: test events, notices). */
  publishedAt: Date | null;
  /** When the job was sent (null until then). */
  sentAt: Date | null;
}

/** One channel's row of the dashboard. Latencies are in ms; null when no sent ledger job. */
export interface ChannelSummary {
  channel: string;
  sent: number;
  /** Jobs awaiting or in their first attempt (`queued`, or `sending` its first attempt). */
  queued: number;
  /** Jobs whose earlier attempt failed (`retrying`, or `sending` a second or later attempt). */
  retrying: number;
  dead: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

/**
 * Counts one channel's jobs and its publish-to-delivery latency (`sentAt`
 * minus the event's `publishedAt`, for sent ledger jobs) at the 50th and 99th
 * nearest-rank percentiles.
 * @returns the channel's row; `queued` counts jobs not yet attempted, `retrying` those that failed before.
 */
export function summarizeChannel(channel: string, jobs: readonly DeliveryJobFigure[]): ChannelSummary {
  const latencies: number[] = [];
  let sent = 0;
  let dead = 0;
  let queued = 0;
  let retrying = 0;
  for (const job of jobs) {
    if (job.status === "sent") {
      sent += 1;
      if (job.publishedAt && job.sentAt) latencies.push(Math.max(0, job.sentAt.getTime() - job.publishedAt.getTime()));
    } else if (job.status === "dead") dead += 1;
    else if (job.status === "retrying" || (job.status === "sending" && job.attempts > 1)) retrying += 1;
    else queued += 1;
  }
  return { channel, sent, queued, retrying, dead, p50Ms: nearestRankPercentile(latencies, 50), p99Ms: nearestRankPercentile(latencies, 99) };
}

/** A latency for people: "–" when null, "850 ms" under a second, "1.2 s" under a minute, "3.5 min" above. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return "–";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}
