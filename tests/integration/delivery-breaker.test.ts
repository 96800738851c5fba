/**
 * Per-host circuit breaking (docs/decisions/0152-per-host-circuit-breaking.md)
 * against this file's SQLite database and real HTTP receivers on two loopback
 * hosts (127.0.0.1 answers, 127.0.0.2 can hang): with two and three workers
 * the breaker opens after repeated timeouts, holds the host's jobs back
 * without spending attempts, half-opens after the cool-down for one trial and
 * closes when it is answered; a slow host never takes the slots the healthy
 * one needs; /admin/deliveries shows the breaker.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, deliveryBreakers, deliveryJobs, webhookEndpoints } from "../../db/schema";
import { MAX_ATTEMPTS } from "~/domain/delivery";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { publishSignal } from "~/models/signals.server";
import { createWebhook } from "~/models/webhooks.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { getDb } from "~/platform/db.server";
import { loader as adminDeliveriesLoader } from "~/routes/admin.deliveries";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const ALL_TYPES = ["signal.published", "signal.closed"];
const BREAKER = { threshold: 3, windowMs: 60_000, coolDownMs: 10_000 };

let healthy: WebhookReceiver;
let slow: Server;
let slowUrl: string;
let slowHangs = true;
let slowHits = 0;
const hanging = new Set<ServerResponse>();
let adminId: number;
let strategyId: number;
let clockAt: number | null = null;
const clock = () => new Date(clockAt ?? Date.now());
const workers: DeliveryWorker[] = [];

function worker(owner: string, options: { concurrency?: number; perHostConcurrency?: number; timeoutMs?: number } = {}): DeliveryWorker {
  const made = createDeliveryWorker({
    owner,
    clock,
    pollMs: 20,
    concurrency: options.concurrency ?? 8,
    perHostConcurrency: options.perHostConcurrency,
    breaker: BREAKER,
    channels: { webhook: createWebhookChannel({ timeoutMs: options.timeoutMs ?? 300, allowPrivate: true }) },
    log: () => {},
  });
  workers.push(made);
  return made;
}

/** `count` followers with one webhook each at `${base}/${prefix}-<i>`. @returns the endpoint ids. */
function endpoints(base: string, prefix: string, count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    const user = createUser({ firstName: `${prefix}${i}` });
    insertSubscription(user.id, "institutional");
    insertStrategyAccess(user.id, [strategyId]);
    saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), emailAlerts: false });
    return createWebhook(user.id, { url: `${base}/${prefix}-${i}`, eventTypes: ALL_TYPES }, clock()).endpoint.id;
  });
}

const jobsOf = (ids: number[]) => getDb().select().from(deliveryJobs).where(eq(deliveryJobs.channel, "webhook")).all().filter((j) => ids.includes(j.targetId));
const attemptsOf = (jobId: number) => getDb().select().from(deliveryAttempts).where(eq(deliveryAttempts.jobId, jobId)).all();
const breakerOf = (url: string) => getDb().select().from(deliveryBreakers).where(eq(deliveryBreakers.host, new URL(url).host)).get();

function publish() {
  publishSignal(validSignalInput(strategyId, new Date(clock().getTime() + DAY)), adminId, clock());
  expandDueFanouts("test", clock(), { leaseMs: 60_000 });
}

beforeAll(async () => {
  healthy = await startWebhookReceiver();
  slow = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      slowHits += 1;
      if (slowHangs) hanging.add(res);
      else res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.2", resolve));
  slowUrl = `http://127.0.0.2:${(slow.address() as AddressInfo).port}`;
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "breaker-swing", name: "Breaker Swing" }).id;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const res of hanging) res.destroy();
  hanging.clear();
  healthy.received = [];
  slowHangs = true;
  slowHits = 0;
  clockAt = null;
  getDb().delete(deliveryJobs).run();
  getDb().delete(webhookEndpoints).run();
  getDb().delete(deliveryBreakers).run();
});

afterAll(async () => {
  await healthy.close();
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
});

describe.each([2, 3])("%i workers and a host that stops answering", (count) => {
  it("open its breaker after repeated timeouts, hold its jobs without spending attempts, half-open for one trial, close on an answer", async () => {
    clockAt = Date.now();
    const slowIds = endpoints(slowUrl, `s${count}`, 4);
    const okIds = endpoints(healthy.url, `h${count}`, 4);
    publish();
    const pool = Array.from({ length: count }, (_, i) => worker(`b${count}-${i}`));
    const round = () => Promise.all(pool.map((w) => w.runOnce()));

    await round();
    expect(jobsOf(okIds).every((j) => j.status === "sent")).toBe(true);
    expect(slowHits).toBe(4);
    expect(breakerOf(slowUrl)).toMatchObject({ state: "open", timeouts: expect.any(Number) });
    const openedAt = breakerOf(slowUrl)!.openedAt!.getTime();

    // The first retry falls due while the circuit is open: held back, no request, no attempt spent.
    clockAt += 5_001;
    await round();
    expect(slowHits).toBe(4);
    for (const job of jobsOf(slowIds)) {
      expect(job).toMatchObject({ status: "retrying", attempts: 1, lastError: expect.stringMatching(/circuit is open/) });
      expect(job.nextAttemptAt.getTime()).toBe(openedAt + BREAKER.coolDownMs);
      expect(attemptsOf(job.id)).toHaveLength(1);
    }

    // After the cool-down one trial goes; the host answers again, so the breaker closes and the rest follow.
    slowHangs = false;
    clockAt = openedAt + BREAKER.coolDownMs;
    await round();
    expect(slowHits).toBe(5);
    expect(breakerOf(slowUrl)).toMatchObject({ state: "closed", timeouts: 0 });
    await round();
    expect(slowHits).toBe(8);
    for (const job of jobsOf(slowIds)) {
      expect(job).toMatchObject({ status: "sent", attempts: 2 });
      expect(attemptsOf(job.id).map((a) => a.statusCode)).toEqual([null, 200]);
      expect(job.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
    }
  });

  it("open it again when the half-open trial times out", async () => {
    clockAt = Date.now();
    endpoints(slowUrl, `r${count}`, 4);
    publish();
    const pool = Array.from({ length: count }, (_, i) => worker(`r${count}-${i}`));
    const round = () => Promise.all(pool.map((w) => w.runOnce()));
    await round();
    const first = breakerOf(slowUrl)!;
    expect(first.state).toBe("open");
    clockAt = first.retryAt!.getTime();
    await round();
    expect(slowHits).toBe(5);
    const again = breakerOf(slowUrl)!;
    expect(again.state).toBe("open");
    expect(again.retryAt!.getTime()).toBeGreaterThan(first.retryAt!.getTime());
  });
});

describe("isolation by host", () => {
  it("a host that hangs takes at most its share of the slots: the healthy host's endpoints are served meanwhile", async () => {
    endpoints(slowUrl, "iso-s", 8);
    endpoints(healthy.url, "iso-h", 8);
    publish();
    const started = Date.now();
    worker("iso", { concurrency: 4, perHostConcurrency: 2, timeoutMs: 2_000 }).start();
    await expect.poll(() => healthy.received.length, { timeout: 1_500, interval: 10 }).toBe(8);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(slowHits).toBe(2);
  });

  it("/admin/deliveries shows the open breaker with its host, timeouts and when it half-opens", async () => {
    clockAt = Date.now();
    endpoints(slowUrl, "dash", 3);
    publish();
    await worker("dash").runOnce();
    const cookie = await signedInCookie(adminId);
    const response = await callRoute(adminDeliveriesLoader, getRequest("http://localhost/admin/deliveries", { cookie }));
    const data = (await response.json()) as { breakers: { host: string; state: string; timeouts: number; retryAt: string | null }[] };
    expect(data.breakers).toEqual([expect.objectContaining({ host: new URL(slowUrl).host, state: "open", timeouts: 3, retryAt: expect.any(String) })]);
  });
});
