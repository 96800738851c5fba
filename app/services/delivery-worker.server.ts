/**
 * The delivery worker (docs/decisions/0044-delivery-outbox.md,
 * docs/decisions/0106-delivery-jobs-not-batches.md): jobs, not batches. It
 * keeps up to `concurrency` attempts in flight, claiming more
 * (`claimDueJobs`, one job per target at a time) whenever one ends, and
 * records each attempt the moment it ends (`finishAttempt`), with its real
 * times; retries are counted from the failed attempt's end. Every attempt is
 * cut off before its lease ends (`leaseMs - LEASE_MARGIN_MS`), so no other
 * worker takes a job that is still being sent; a late outcome from a worker
 * that lost its lease anyway is logged and changes nothing (fencing). Any
 * number of workers (in the server, `npm run worker`, several) can run at
 * once. A worker that dies mid-send loses nothing: its lease expires and
 * another worker takes the job again (same job id, so the same `webhook-id`).
 * On a LiteFS replica it claims nothing: only the primary writes
 * (docs/decisions/0066-writes-on-the-litefs-primary.md). Clock and timers are
 * injectable for tests.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { DeliveryChannel, DeliveryJob } from "../../db/schema";
import { DISABLED_NOTICE_TYPE, planChannelOf } from "~/domain/delivery";
import { channelRefusal } from "~/domain/entitlements";
import { DEFAULT_BREAKER, type BreakerSettings } from "~/domain/circuit-breaker";
import { claimDueJobs, deferJob, enqueueJob, finishAttempt, onJobsEnqueued, type AttemptOutcome } from "~/models/outbox.server";
import { expandFanoutStep, releaseFanoutLeases, type FanoutProgress } from "~/models/outbox-fanout.server";
import { beat, releaseLeases, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS } from "~/models/operations.server";
import { disableGoneEndpoint, getWebhookById, recordEndpointResult } from "~/models/webhooks.server";
import { canWriteHere } from "~/platform/litefs.server";
import { closeMailer } from "~/services/mailer.server";
import { createEmailChannel } from "./channels/email.server";
import { featuresAt } from "./channels/event-data.server";
import { createTelegramChannel } from "./channels/telegram.server";
import { createPushChannel } from "./channels/push.server";
import type { ChannelAdapter, SendResult } from "./channels/types";
import { createWebhookChannel } from "./channels/webhook.server";
import { createHostGate, type HostGate } from "./delivery-hosts.server";

/** How long before its lease ends an attempt is cut off, ms (a quarter of the lease when that is less): the lease always outlasts the attempt. */
export const LEASE_MARGIN_MS = 5_000;

/** Least time an attempt that waited for its host may still have before its lease ends, ms; with less it goes back to the queue. */
const MIN_ATTEMPT_MS = 1_000;

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
  /** How long a claim holds a job, ms (default 60 s, well above the 10 s webhook timeout); an attempt is cut off LEASE_MARGIN_MS before. */
  leaseMs?: number;
  /** How long a fan-out claim or chunk holds its row, ms (default 15 s; every chunk renews it). */
  fanoutLeaseMs?: number;
  /** Subscribers expanded per fan-out chunk (default FANOUT_CHUNK_USERS). */
  fanoutChunkUsers?: number;
  /** Attempts in flight at once (default 64). */
  concurrency?: number;
  /** Attempts in flight to one host at once (default half of `concurrency`, at least 2). */
  perHostConcurrency?: number;
  /** The per-host circuit breaker (default DEFAULT_BREAKER: 5 timeouts in 60 s open it for 30 s). */
  breaker?: BreakerSettings;
  /** Wait between polls when nothing is due, ms (default 500). */
  pollMs?: number;
  /** Whether this instance may write (default `canWriteHere`: false on a LiteFS replica, which then claims nothing). */
  canWrite?: () => boolean;
  log?: (line: string) => void;
}

export interface DeliveryWorker {
  readonly owner: string;
  /** Starts claiming continuously (and waking when this process enqueues jobs or an attempt ends). */
  start(): void;
  /** Stops claiming, waits for the attempts in flight to be recorded, gives back any lease still held (`releaseLeases`) and closes the channels. */
  stop(): Promise<void>;
  /**
   * Expands every due fan-out row, then claims what is due now up to the free
   * slots (none on a replica) and waits until those attempts are recorded.
   * @returns how many jobs it claimed.
   */
  runOnce(): Promise<number>;
}

const systemTimers: WorkerTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

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
  const leaseMs = options.leaseMs ?? 60_000;
  const attemptLimitMs = leaseMs - Math.min(LEASE_MARGIN_MS, leaseMs / 4);
  const concurrency = options.concurrency ?? 64;
  const perHostConcurrency = options.perHostConcurrency ?? Math.max(2, Math.ceil(concurrency / 2));
  const breakerSettings = options.breaker ?? DEFAULT_BREAKER;
  let gate: HostGate | null = null;
  const fanout = { leaseMs: options.fanoutLeaseMs ?? 15_000, chunkUsers: options.fanoutChunkUsers };
  const pollMs = options.pollMs ?? 500;
  const canWrite = options.canWrite ?? canWriteHere;
  const log = options.log ?? ((line: string) => console.error(line));

  let running = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;
  const inFlight = new Set<Promise<void>>();
  /** Claimed webhook jobs waiting for their host's attempts in flight to drop below its limit, by host. */
  const waiting = new Map<string, DeliveryJob[]>();
  const progress: FanoutProgress = { fanout: null };
  let expanding: Promise<void> | null = null;
  let lastBeatAt = Number.NEGATIVE_INFINITY;

  /** How long an attempt at `job` starting at `at` may last: `attemptLimitMs`, less the time it waited for its host since the claim, ms. */
  function limitFor(job: DeliveryJob, at: Date): number {
    return Math.min(attemptLimitMs, (job.leaseUntil?.getTime() ?? Number.POSITIVE_INFINITY) - at.getTime() - (leaseMs - attemptLimitMs));
  }

  /** The channel's send, cut off at `limitFor` so the lease outlasts it. */
  function sendWithin(adapter: ChannelAdapter, job: DeliveryJob, at: Date): Promise<SendResult> {
    const limit = limitFor(job, at);
    return new Promise((resolve) => {
      const handle = timers.setTimeout(
        () => resolve({ ok: false, statusCode: null, responseExcerpt: null, error: `No outcome within ${limit / 1000} s`, timedOut: true }),
        limit,
      );
      adapter.send(job, at).then(
        (result) => {
          timers.clearTimeout(handle);
          resolve(result);
        },
        (error: unknown) => {
          timers.clearTimeout(handle);
          resolve({ ok: false, statusCode: null, responseExcerpt: null, error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  }

  async function sendOne(job: DeliveryJob): Promise<AttemptOutcome> {
    const attemptedAt = clock();
    const started = performance.now();
    const adapter = channels[job.channel];
    const result: SendResult = adapter
      ? await sendWithin(adapter, job, attemptedAt)
      : { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: `No ${job.channel} channel in this worker` };
    return { job, ...result, latencyMs: performance.now() - started, attemptedAt, finishedAt: clock() };
  }

  /** Emails the owner of endpoint `endpointId`, just disabled, the notice (`reason`: "failing" for 5 days, or "gone" on a 410). */
  function noticeDisabled(endpointId: number, reason: "failing" | "gone", now: Date): void {
    const endpoint = getWebhookById(endpointId);
    if (!endpoint) return;
    enqueueJob({ userId: endpoint.userId, channel: "email", targetId: 0, eventType: DISABLED_NOTICE_TYPE, payload: { url: endpoint.url, reason }, now });
    log(`[delivery] webhook endpoint ${endpointId} disabled (${reason === "gone" ? "410 Gone" : "5 days of failures"})`);
  }

  /** A recorded webhook attempt moves its endpoint's health: a 410 disables it at once, 5 days of failures too. */
  function afterWebhook(outcome: AttemptOutcome): void {
    const endpointId = outcome.job.targetId;
    if (outcome.statusCode === 410) {
      if (disableGoneEndpoint(endpointId, outcome.finishedAt)) noticeDisabled(endpointId, "gone", outcome.finishedAt);
      return;
    }
    if (recordEndpointResult(endpointId, outcome.ok, outcome.finishedAt)) noticeDisabled(endpointId, "failing", outcome.finishedAt);
  }

  /** The worker's per-host gate, created on first use (it reads the stored breakers). */
  function hostGate(): HostGate {
    gate ??= createHostGate({ settings: breakerSettings, perHostConcurrency, persist: canWrite() });
    return gate;
  }

  /**
   * Ends a claimed signal job (a ledger event: `seq` set) whose recipient's
   * plan no longer includes its channel at send time (a downgrade after the
   * job was queued; docs/decisions/0157-plans-as-entitlements.md): recorded
   * dead with the refusal naming the plan, without an attempt, and without
   * counting against the webhook endpoint's health.
   * @returns true when the job was ended so.
   */
  function notInPlan(job: DeliveryJob): boolean {
    if (job.seq === null) return false;
    const now = clock();
    const refusal = channelRefusal(featuresAt(job.userId, now), planChannelOf(job.channel));
    if (!refusal) return false;
    finishAttempt({ job, ok: false, permanent: true, statusCode: null, latencyMs: 0, responseExcerpt: null, error: `Not sent: ${refusal}`, attemptedAt: now, finishedAt: now });
    return true;
  }

  /**
   * One attempt at a claimed job: a webhook goes through its host's gate
   * (docs/decisions/0152-per-host-circuit-breaking.md): with the host at its
   * limit the job waits, claimed, for one of the host's attempts to end (as
   * many as the host's limit, outside `concurrency`, so waiting takes no other
   * host's slot and a worker never sits on a backlog another worker could
   * send; beyond that, or when too little of its lease is left, it goes back
   * to the queue); with the
   * host's circuit open it goes back to the queue without an attempt. The
   * outcome is recorded the moment the attempt ends.
   */
  async function attempt(job: DeliveryJob): Promise<void> {
    if (notInPlan(job)) return;
    const host = channels[job.channel]?.hostOf?.(job) ?? null;
    let trial = false;
    if (host !== null) {
      const now = clock();
      if (limitFor(job, now) < Math.min(MIN_ATTEMPT_MS, attemptLimitMs / 4)) {
        deferJob(job, now, null);
        return;
      }
      const verdict = hostGate().enter(host, job.targetId, now);
      if (!verdict.go) {
        const queue = waiting.get(host) ?? [];
        if (verdict.wait && queue.length < perHostConcurrency) {
          waiting.set(host, [...queue, job]);
        } else if (verdict.wait) deferJob(job, now, null);
        else deferJob(job, verdict.until, verdict.reason);
        return;
      }
      trial = verdict.trial;
    }
    let outcome: AttemptOutcome | null = null;
    try {
      outcome = await sendOne(job);
    } finally {
      if (host !== null) {
        hostGate().done(host, outcome?.timedOut ? "timeout" : "in-time", trial, outcome?.finishedAt ?? clock());
        const next = stopping ? undefined : waiting.get(host)?.shift();
        if (next) launch(next);
      }
    }
    const result = finishAttempt(outcome);
    if (!result.current) log(`[delivery] job ${job.id}: attempt ${job.attempts} ended after its lease was taken over; logged only`);
    else if (job.channel === "webhook") afterWebhook(outcome);
  }

  /**
   * Claims up to the free slots and starts each attempt; on the way, writes the
   * worker's heartbeat (`/readyz` reads it) at most every WORKER_HEARTBEAT_MS.
   * @returns the attempts started.
   */
  function fill(): Promise<void>[] {
    if (!canWrite()) return [];
    const beatAt = clock();
    if (beatAt.getTime() - lastBeatAt >= WORKER_HEARTBEAT_MS) {
      beat(WORKER_HEARTBEAT, owner, beatAt);
      lastBeatAt = beatAt.getTime();
    }
    const free = concurrency - inFlight.size;
    if (free <= 0) return [];
    const now = clock();
    return claimDueJobs(owner, now, leaseMs, free, undefined, gate?.heldTargets(now) ?? []).map(launch);
  }

  /** Starts the attempt at a claimed job, tracked in `inFlight` until recorded. */
  function launch(job: DeliveryJob): Promise<void> {
    const running: Promise<void> = attempt(job)
      .catch((error: unknown) => log(`[delivery] worker ${owner}, job ${job.id}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight.delete(running);
        wake?.();
      });
    inFlight.add(running);
    return running;
  }

  /**
   * Expands fan-out rows chunk by chunk while there are any (docs/decisions/0151-fan-out-after-commit.md),
   * yielding to the event loop between chunks and starting the new jobs after each.
   */
  async function expandWhileDue(): Promise<void> {
    while (running && canWrite() && expandFanoutStep(owner, clock(), progress, fanout)) {
      fill();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Starts `expandWhileDue` unless it is already running. */
  function kickExpansion(): void {
    if (expanding) return;
    expanding = expandWhileDue()
      .catch((error: unknown) => log(`[delivery] worker ${owner}, fan-out: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        expanding = null;
      });
  }

  async function runOnce(): Promise<number> {
    if (canWrite()) while (expandFanoutStep(owner, clock(), progress, fanout));
    const started = fill();
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    return started.length;
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
      try {
        kickExpansion();
        fill();
      } catch (error) {
        log(`[delivery] worker ${owner}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (running) await sleep(pollMs);
    }
  }

  return {
    owner,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      for (const adapter of Object.values(channels)) adapter?.start?.();
      unsubscribe = onJobsEnqueued(() => wake?.());
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      unsubscribe?.();
      wake?.();
      await loop;
      await expanding;
      await Promise.all([...inFlight]);
      if (canWrite()) {
        releaseLeases(owner, clock());
        releaseFanoutLeases(owner);
      }
      for (const adapter of Object.values(channels)) adapter?.close?.();
      if (!options.channels) closeMailer();
    },
    runOnce,
  };
}
