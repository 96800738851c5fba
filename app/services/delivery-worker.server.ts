/**
 * The delivery worker (docs/decisions/0044-delivery-outbox.md): claims due
 * jobs with a lease (`claimDueJobs`, one UPDATE … RETURNING, so workers in the
 * server and in `npm run worker` can run at once without sending a job twice),
 * sends each through its channel, records the attempt and schedules the retry
 * (`finishJobs`). A worker that dies mid-send loses nothing: its lease expires
 * and another worker takes the job again (same job id, so the same
 * `webhook-id`). On a LiteFS replica it claims nothing: only the primary
 * writes (docs/decisions/0066-writes-on-the-litefs-primary.md), and a replica
 * promoted to primary starts claiming at its next poll. Clock and timers are
 * injectable for tests.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { DeliveryChannel, DeliveryJob } from "../../db/schema";
import { DISABLED_NOTICE_TYPE } from "~/domain/delivery";
import { claimDueJobs, enqueueJob, finishJobs, onJobsEnqueued, type AttemptOutcome } from "~/models/outbox.server";
import { getWebhookById, recordEndpointResult } from "~/models/webhooks.server";
import { beat, releaseLeases, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS } from "~/models/operations.server";
import { canWriteHere } from "~/platform/litefs.server";
import { closeMailer } from "~/services/mailer.server";
import { createEmailChannel } from "./channels/email.server";
import { createTelegramChannel } from "./channels/telegram.server";
import { createPushChannel } from "./channels/push.server";
import type { ChannelAdapter, SendResult } from "./channels/types";
import { createWebhookChannel } from "./channels/webhook.server";

/** Timers the worker sleeps with (the global ones unless a test passes its own). */
export interface WorkerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DeliveryWorkerOptions {
  /** Lease owner name; default `<host>:<pid>:<random>`. */
  owner?: string;
  /** Channel adapters by channel; default webhook, email, Telegram and push. */
  channels?: Partial<Record<DeliveryChannel, ChannelAdapter>>;
  /** The clock (default `new Date()`). */
  clock?: () => Date;
  timers?: WorkerTimers;
  /** How long a claim holds a job, ms (default 30 s: above the 10 s webhook timeout). */
  leaseMs?: number;
  /** Jobs claimed at once (default 200). */
  batchSize?: number;
  /** Sends in flight at once (default 64). */
  concurrency?: number;
  /** Wait between polls when nothing is due, ms (default 500). */
  pollMs?: number;
  /** Whether this instance may write (default `canWriteHere`: false on a LiteFS replica, which then claims nothing). */
  canWrite?: () => boolean;
  log?: (line: string) => void;
}

export interface DeliveryWorker {
  readonly owner: string;
  /** Starts polling (and waking when this process enqueues jobs). */
  start(): void;
  /** Stops claiming, lets the batch in flight finish, gives back any lease still held (`releaseLeases`) and closes the channels. */
  stop(): Promise<void>;
  /** Claims and sends one batch (none on a replica). @returns how many jobs it claimed. */
  runOnce(): Promise<number>;
}

const systemTimers: WorkerTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Runs `task` over `items` with at most `limit` in flight. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Creates a worker; nothing runs until `start()` or `runOnce()`.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions = {}): DeliveryWorker {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const channels: Partial<Record<DeliveryChannel, ChannelAdapter>> = options.channels ?? {
    webhook: createWebhookChannel(),
    email: createEmailChannel(),
    telegram: createTelegramChannel(),
    push: createPushChannel(),
  };
  const clock = options.clock ?? (() => new Date());
  const timers = options.timers ?? systemTimers;
  const leaseMs = options.leaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 200;
  const concurrency = options.concurrency ?? 64;
  const pollMs = options.pollMs ?? 500;
  const canWrite = options.canWrite ?? canWriteHere;
  const log = options.log ?? ((line: string) => console.error(line));

  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;

  async function sendOne(job: DeliveryJob): Promise<AttemptOutcome> {
    const attemptedAt = clock();
    const started = performance.now();
    const adapter = channels[job.channel];
    let result: SendResult;
    try {
      result = adapter
        ? await adapter.send(job, attemptedAt)
        : { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: `No ${job.channel} channel in this worker` };
    } catch (error) {
      result = { ok: false, statusCode: null, responseExcerpt: null, error: error instanceof Error ? error.message : String(error) };
    }
    return { job, ...result, latencyMs: performance.now() - started, attemptedAt };
  }

  /** Webhook failure streaks; a newly disabled endpoint's owner gets the notice by email. */
  function afterWebhooks(outcomes: readonly AttemptOutcome[], now: Date): void {
    const byEndpoint = new Map<number, boolean>();
    for (const outcome of outcomes) {
      if (outcome.job.channel !== "webhook") continue;
      byEndpoint.set(outcome.job.targetId, (byEndpoint.get(outcome.job.targetId) ?? false) || outcome.ok);
    }
    for (const [endpointId, ok] of byEndpoint) {
      if (!recordEndpointResult(endpointId, ok, now)) continue;
      const endpoint = getWebhookById(endpointId);
      if (!endpoint) continue;
      enqueueJob({ userId: endpoint.userId, channel: "email", targetId: 0, eventType: DISABLED_NOTICE_TYPE, payload: { url: endpoint.url }, now });
      log(`[delivery] webhook endpoint ${endpointId} disabled after 5 days of failures`);
    }
  }

  let lastBeatAt = -Infinity;

  async function runOnce(): Promise<number> {
    if (!canWrite()) return 0;
    const beatAt = clock();
    if (beatAt.getTime() - lastBeatAt >= WORKER_HEARTBEAT_MS) {
      beat(WORKER_HEARTBEAT, owner, beatAt);
      lastBeatAt = beatAt.getTime();
    }
    const jobs = claimDueJobs(owner, clock(), leaseMs, batchSize);
    if (jobs.length === 0) return 0;
    const outcomes = await mapLimited(jobs, concurrency, sendOne);
    const now = clock();
    const recorded = finishJobs(owner, outcomes, now);
    afterWebhooks(recorded, now);
    return jobs.length;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = timers.setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        timers.clearTimeout(handle);
        wake = null;
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        log(`[delivery] worker ${owner}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (running && claimed < batchSize) await sleep(pollMs);
    }
  }

  return {
    owner,
    start() {
      if (running) return;
      running = true;
      for (const adapter of Object.values(channels)) adapter?.start?.();
      unsubscribe = onJobsEnqueued(() => wake?.());
      loop = run();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      wake?.();
      await loop;
      if (canWrite()) releaseLeases(owner, clock());
      for (const adapter of Object.values(channels)) adapter?.close?.();
      if (!options.channels) closeMailer();
    },
    runOnce,
  };
}
