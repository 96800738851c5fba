/**
 * Fan-out after commit (docs/decisions/0151-fan-out-after-commit.md), against
 * this file's SQLite database and a real HTTP receiver on 127.0.0.1: the
 * publish writes one fan-out row per channel and no job; two and three
 * workers expanding side by side give every subscriber exactly one job and
 * one delivery; a worker that dies mid-expansion loses and duplicates
 * nothing; the audience is decided at the event's time; a later event never
 * overtakes an earlier one that is not expanded yet.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveryFanouts, deliveryJobs, subscriptions, webhookEndpoints } from "../../db/schema";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { expandDueFanouts, expandFanoutStep, type FanoutProgress } from "~/models/outbox-fanout.server";
import { claimDueJobs } from "~/models/outbox.server";
import { createWebhook } from "~/models/webhooks.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { getDb } from "~/platform/db.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, validSignalInput } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { until } from "../support/wait";

const ALL_TYPES = ["signal.published", "signal.triggered", "signal.modified", "signal.partially_closed", "signal.closed", "signal.cancelled", "signal.expired"];

let receiver: WebhookReceiver;
let adminId: number;
let clockAt: number | null = null;
const clock = () => new Date(clockAt ?? Date.now());
const workers: DeliveryWorker[] = [];

function worker(owner: string, chunkUsers = 3): DeliveryWorker {
  const made = createDeliveryWorker({
    owner,
    clock,
    pollMs: 20,
    fanoutLeaseMs: 1_000,
    fanoutChunkUsers: chunkUsers,
    channels: { webhook: createWebhookChannel({ timeoutMs: 2_000, allowPrivate: true }) },
    log: () => {},
  });
  workers.push(made);
  return made;
}

/** A strategy with `count` followers (live plan, email off), each with one webhook at `/<slug>-<i>`. @returns the strategy and endpoint ids. */
function audience(slug: string, count: number): { strategyId: number; hooks: number[] } {
  const strategyId = insertStrategy({ slug, name: slug }).id;
  const hooks = Array.from({ length: count }, (_, i) => {
    const user = createUser({ firstName: `F${i}` });
    insertSubscription(user.id, "institutional");
    insertStrategyAccess(user.id, [strategyId]);
    saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), emailAlerts: false });
    return createWebhook(user.id, { url: `${receiver.url}/${slug}-${i}`, eventTypes: ALL_TYPES }, clock()).endpoint.id;
  });
  return { strategyId, hooks };
}

const publish = (strategyId: number) => publishSignal(validSignalInput(strategyId, new Date(clock().getTime() + DAY)), adminId, clock());
const jobsOfSignal = (signalId: number) => getDb().select().from(deliveryJobs).where(eq(deliveryJobs.signalId, signalId)).all();
const fanoutsOf = (signalId: number) => getDb().select().from(deliveryFanouts).where(eq(deliveryFanouts.signalId, signalId)).all();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  receiver.received = [];
  clockAt = null;
  getDb().delete(deliveryJobs).run();
  getDb().delete(webhookEndpoints).run();
});

afterAll(async () => {
  await receiver.close();
});

describe("the publish", () => {
  it("writes one fan-out row per channel and no job, whatever the audience", () => {
    const { strategyId } = audience("rows", 7);
    const signal = publish(strategyId);
    expect(jobsOfSignal(signal.id)).toEqual([]);
    expect(fanoutsOf(signal.id).map((f) => [f.channel, f.status, f.cursor]).sort()).toEqual([
      ["email", "pending", 0],
      ["push", "pending", 0],
      ["telegram", "pending", 0],
      ["webhook", "pending", 0],
    ]);
  });
});

describe.each([2, 3])("%i workers expanding side by side", (count) => {
  it("give every subscriber exactly one job and one delivery", async () => {
    const { strategyId, hooks } = audience(`side-${count}`, 20);
    const signals = [publish(strategyId), publish(strategyId)];
    for (let i = 0; i < count; i += 1) worker(`x${count}-${i}`, 3).start();
    await until(() => receiver.received.length >= 40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const signal of signals) {
      const jobs = jobsOfSignal(signal.id);
      expect(jobs.map((j) => j.targetId).sort((a, b) => a - b)).toEqual(hooks);
      expect(jobs.every((j) => j.status === "sent" && j.attempts === 1)).toBe(true);
      expect(fanoutsOf(signal.id).find((f) => f.channel === "webhook")).toMatchObject({ status: "done", jobs: 20, leaseOwner: null });
    }
    const ids = receiver.received.map((r) => String(r.headers["webhook-id"]));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    // Per-target order across the two events: every endpoint got the first signal's job before the second's.
    for (const hook of hooks) {
      const seen = receiver.received.filter((r) => r.path === `/side-${count}-${hooks.indexOf(hook)}`).map((r) => Number(r.json.data.seq));
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });
});

describe("a worker that dies mid-expansion", () => {
  it("loses and duplicates nothing: its lease holds the row, then another worker continues from the cursor", async () => {
    clockAt = Date.now();
    const { strategyId, hooks } = audience("crash", 10);
    const signal = publish(strategyId);
    const progress: FanoutProgress = { fanout: null };
    // The dying worker expands two chunks of 3 subscribers of the first row (webhook, in channel order) and vanishes.
    expandFanoutStep("dies", clock(), progress, { leaseMs: 1_000, chunkUsers: 3 });
    expandFanoutStep("dies", clock(), progress, { leaseMs: 1_000, chunkUsers: 3 });
    expect(progress.fanout).toMatchObject({ channel: "webhook", leaseOwner: "dies" });
    const partial = jobsOfSignal(signal.id).filter((j) => j.channel === "webhook");
    expect(partial).toHaveLength(6);
    // While the lease lives, no one else touches the row, and its jobs already go out.
    expandDueFanouts("survivor", clock(), { leaseMs: 1_000, chunkUsers: 3 });
    expect(jobsOfSignal(signal.id).filter((j) => j.channel === "webhook")).toHaveLength(6);
    expect(claimDueJobs("sender", clock(), 60_000, 100)).toHaveLength(6);
    clockAt += 1_001;
    // A chunk written twice (a cursor moved back) inserts nothing new.
    getDb().update(deliveryFanouts).set({ cursor: 0 }).where(eq(deliveryFanouts.id, progress.fanout!.id)).run();
    expandDueFanouts("survivor", clock(), { leaseMs: 1_000, chunkUsers: 3 });
    const jobs = jobsOfSignal(signal.id).filter((j) => j.channel === "webhook");
    expect(jobs.map((j) => j.targetId).sort((a, b) => a - b)).toEqual(hooks);
    expect(fanoutsOf(signal.id).find((f) => f.channel === "webhook")).toMatchObject({ status: "done", jobs: 10 });
    // The dead worker's late chunk is fenced off: its lease is gone.
    expect(expandFanoutStep("dies", clock(), progress, { leaseMs: 1_000, chunkUsers: 3 })).toBe(true);
    expect(jobsOfSignal(signal.id).filter((j) => j.channel === "webhook")).toHaveLength(10);
  });
});

describe("the audience and order", () => {
  it("is decided at the event's time: a period that ended between the publish and the expansion still gets its job", () => {
    const { strategyId, hooks } = audience("at-event", 2);
    const owner = getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hooks[0]!)).get()!.userId;
    // Cancelled at period end, the period ending a second after the event; the worker expands a minute later.
    getDb().update(subscriptions).set({ cancelAtPeriodEnd: true, endDate: new Date(Date.now() + 1_000) }).where(eq(subscriptions.userId, owner)).run();
    const signal = publish(strategyId);
    expandDueFanouts("w", new Date(Date.now() + 60_000), { leaseMs: 1_000 });
    expect(jobsOfSignal(signal.id).filter((j) => j.channel === "webhook").map((j) => j.targetId).sort((a, b) => a - b)).toEqual(hooks);
  });

  it("expands a channel's rows in ledger order: a later event waits while another worker holds an earlier one", () => {
    clockAt = Date.now();
    const { strategyId } = audience("order", 2);
    const signal = publish(strategyId);
    const webhookRow = fanoutsOf(signal.id).find((f) => f.channel === "webhook")!;
    // Another worker holds the first event's webhook row (a live lease) when the close is published.
    getDb().update(deliveryFanouts).set({ leaseOwner: "slow", leaseUntil: new Date(clockAt + 60_000) }).where(eq(deliveryFanouts.id, webhookRow.id)).run();
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, clock());
    expandDueFanouts("fast", clock(), { leaseMs: 1_000 });
    expect(jobsOfSignal(signal.id).filter((j) => j.channel === "webhook")).toEqual([]);
    const closeRow = getDb().select().from(deliveryFanouts).where(eq(deliveryFanouts.seq, webhookRow.seq + 1)).all();
    expect(closeRow.find((f) => f.channel === "webhook")!.status).toBe("pending");
    clockAt += 60_001;
    expandDueFanouts("fast", clock(), { leaseMs: 1_000 });
    const jobs = jobsOfSignal(signal.id).filter((j) => j.channel === "webhook");
    expect(jobs.map((j) => j.eventType).sort()).toEqual(["signal.closed", "signal.closed", "signal.published", "signal.published"]);
    const claimed = claimDueJobs("sender", clock(), 60_000, 100);
    expect(claimed.map((j) => j.eventType)).toEqual(["signal.published", "signal.published"]);
  });
});
