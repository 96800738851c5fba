/**
 * The delivery pipeline end to end over webhooks, against this file's SQLite
 * database and a real HTTP receiver on 127.0.0.1 that verifies every request
 * with the `standardwebhooks` library: the outbox written with the ledger
 * event, entitlement filtering, retries after a 500 and after a timeout, a
 * worker that dies mid-send, per-target order, two workers at once, secret
 * rotation, auto-disabling, and the SSRF rules.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, deliveryJobs, webhookEndpoints } from "../../db/schema";
import { getLedgerRoot } from "~/models/ledger-tree.server";
import { claimDueJobs } from "~/models/outbox.server";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { createWebhook, rotateWebhookSecret } from "~/models/webhooks.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { guardedLookup, webhookTargetProblem } from "~/services/channels/webhook-address.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { getDb } from "~/platform/db.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, validSignalInput } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const ALL_TYPES = ["signal.published", "signal.triggered", "signal.modified", "signal.partially_closed", "signal.closed", "signal.cancelled", "signal.expired"];

let receiver: WebhookReceiver;
let adminId: number;
let alphaId: number;
let betaId: number;
let traderId: number;
let lapsedId: number;
let clockAt: number;
const clock = () => new Date(clockAt);
const workers: DeliveryWorker[] = [];

function worker(options: { owner?: string; timeoutMs?: number; allowPrivate?: boolean } = {}): DeliveryWorker {
  const made = createDeliveryWorker({
    owner: options.owner,
    clock,
    channels: { webhook: createWebhookChannel({ timeoutMs: options.timeoutMs ?? 2_000, allowPrivate: options.allowPrivate ?? true }) },
    log: () => {},
  });
  workers.push(made);
  return made;
}

/** The endpoint's jobs, once the publishes' fan-out rows are expanded (as a worker does after the commit). */
function jobsOf(endpointId: number) {
  expandDueFanouts("test", clock(), { leaseMs: 60_000 });
  return getDb()
    .select()
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.channel, "webhook"), eq(deliveryJobs.targetId, endpointId)))
    .orderBy(deliveryJobs.id)
    .all();
}

function attemptsOf(jobId: number) {
  return getDb().select().from(deliveryAttempts).where(eq(deliveryAttempts.jobId, jobId)).orderBy(deliveryAttempts.id).all();
}

function publish(strategyId = alphaId) {
  return publishSignal(validSignalInput(strategyId, new Date(clockAt + DAY)), adminId, clock());
}

/** A fresh endpoint of the trader on the receiver, with the receiver verifying its secret. */
function endpoint(path: string, userId = traderId) {
  const { endpoint: row, secret } = createWebhook(userId, { url: `${receiver.url}${path}`, eventTypes: ALL_TYPES }, clock());
  receiver.secrets = [secret];
  return row;
}

/** Removes the endpoints of earlier tests so each test sees only its own jobs. */
function clearEndpoints() {
  getDb().delete(deliveryJobs).run();
  getDb().delete(webhookEndpoints).run();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  clockAt = Date.now();
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  alphaId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  betaId = insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id;
  const trader = createUser({ firstName: "Tia" });
  insertSubscription(trader.id, "institutional");
  insertStrategyAccess(trader.id, [alphaId]);
  traderId = trader.id;
  // Webhooks only in this file: the email channel has its own tests.
  saveDeliverySettings(trader.id, { ...getDeliverySettings(trader.id), emailAlerts: false });
  const lapsed = createUser({ firstName: "Lee" });
  insertSubscription(lapsed.id, "institutional", { status: "EXPIRED", endDate: new Date(clockAt - DAY) });
  insertStrategyAccess(lapsed.id, [alphaId]);
  lapsedId = lapsed.id;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  receiver.received = [];
  receiver.answers = [];
  clearEndpoints();
});

afterAll(async () => {
  await receiver.close();
});

describe("the outbox and a delivery", () => {
  it("enqueues after the publish only for entitled followers and delivers a signed body with seq, hash and event id", async () => {
    const mine = endpoint("/mine");
    const lapsedHook = createWebhook(lapsedId, { url: `${receiver.url}/lapsed`, eventTypes: ALL_TYPES }, clock()).endpoint;
    const signal = publish();
    expect(jobsOf(mine.id)).toHaveLength(1);
    expect(jobsOf(lapsedHook.id)).toHaveLength(0);
    publish(betaId);
    expect(jobsOf(mine.id)).toHaveLength(1);

    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    expect(hit!.path).toBe("/mine");
    expect(hit!.verifiedWith).toHaveLength(1);
    const job = jobsOf(mine.id)[0]!;
    expect(hit!.headers["webhook-id"]).toBe(`msg_${job.id}`);
    expect(hit!.json.type).toBe("signal.published");
    expect(hit!.json.data).toMatchObject({ eventId: `evt_${job.seq}`, seq: job.seq, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The checkpoint current right after the event: the tree of the first seq rows.
    expect(hit!.json.data.checkpoint).toEqual({ treeSize: job.seq, rootHash: getLedgerRoot(job.seq!).toString("hex") });
    expect(hit!.json.data.signal).toMatchObject({ id: signal.id, entryPrice: 1.085, stopLoss: 1.08, sl: 1.08, takeProfit1: 1.09, locked: false, status: "ACTIVE" });
    expect(job).toMatchObject({ status: "sent", attempts: 1 });
    expect(attemptsOf(job.id)).toMatchObject([{ attempt: 1, statusCode: 200, responseExcerpt: "ok", error: null }]);
  });

  it("only sends the event types an endpoint asked for", async () => {
    const { endpoint: closesOnly, secret } = createWebhook(traderId, { url: `${receiver.url}/closes`, eventTypes: ["signal.closed"] }, clock());
    receiver.secrets = [secret];
    const signal = publish();
    expect(jobsOf(closesOnly.id)).toHaveLength(0);
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, clock());
    await worker().runOnce();
    expect(receiver.received.map((r) => r.json.type)).toEqual(["signal.closed"]);
    expect(receiver.received[0]!.json.data.signal).toMatchObject({ status: "CLOSED", exitPrice: 1.09 });
  });
});

describe("retries", () => {
  it("retries a 500 after 5 s with the same webhook-id, then counts the 2xx", async () => {
    const hook = endpoint("/flaky");
    receiver.answers = [500];
    publish();
    const w = worker();
    await w.runOnce();
    let [job] = jobsOf(hook.id);
    expect(job).toMatchObject({ status: "retrying", attempts: 1, lastStatusCode: 500 });
    expect(job!.nextAttemptAt.getTime()).toBe(clockAt + 5_000);
    clockAt += 4_999;
    expect(await w.runOnce()).toBe(0);
    clockAt += 1;
    expect(await w.runOnce()).toBe(1);
    [job] = jobsOf(hook.id);
    expect(job).toMatchObject({ status: "sent", attempts: 2 });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([`msg_${job!.id}`, `msg_${job!.id}`]);
    expect(attemptsOf(job!.id).map((a) => a.statusCode)).toEqual([500, 200]);
  });

  it("retries after a timeout", async () => {
    const hook = endpoint("/slow");
    receiver.answers = ["hang"];
    publish();
    const w = worker({ timeoutMs: 300 });
    await w.runOnce();
    let [job] = jobsOf(hook.id);
    expect(job).toMatchObject({ status: "retrying", lastStatusCode: null });
    expect(job!.lastError).toMatch(/No answer within 0.3 s/);
    clockAt += 5_000;
    await w.runOnce();
    [job] = jobsOf(hook.id);
    expect(job!.status).toBe("sent");
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([`msg_${job!.id}`]));
  });

  it("marks a job dead after the 8th failed attempt", async () => {
    const hook = endpoint("/down");
    receiver.answers = Array(8).fill(503);
    publish();
    const w = worker();
    const delays = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    for (const delay of delays) {
      clockAt += delay;
      expect(await w.runOnce()).toBe(1);
    }
    const [job] = jobsOf(hook.id);
    expect(job).toMatchObject({ status: "dead", attempts: 8 });
    clockAt += 100 * DAY;
    expect(await w.runOnce()).toBe(0);
    clockAt = Date.now();
  });
});

describe("a worker that dies mid-send", () => {
  it("loses nothing: the lease expires and another worker sends again with the same webhook-id", async () => {
    const hook = endpoint("/crash");
    publish();
    expandDueFanouts("crashed-worker", clock(), { leaseMs: 60_000 });
    const dead = claimDueJobs("crashed-worker", clock(), 30_000, 10);
    expect(dead).toHaveLength(1);
    await createWebhookChannel({ allowPrivate: true }).send(dead[0]!, clock());
    const survivor = worker({ owner: "survivor" });
    expect(await survivor.runOnce()).toBe(0);
    clockAt += 30_001;
    expect(await survivor.runOnce()).toBe(1);
    const [job] = jobsOf(hook.id);
    expect(job).toMatchObject({ status: "sent", attempts: 2, leaseOwner: null });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([`msg_${job!.id}`, `msg_${job!.id}`]);
    clockAt = Date.now();
  });

  it("two workers at once never send the same job twice", async () => {
    const hooks = [endpoint("/a"), endpoint("/b"), endpoint("/c")];
    for (let i = 0; i < 5; i += 1) publish();
    const [one, two] = [worker({ owner: "one" }), worker({ owner: "two" })];
    for (let round = 0; round < 6; round += 1) await Promise.all([one.runOnce(), two.runOnce()]);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    expect(hooks.flatMap((h) => jobsOf(h.id)).every((j) => j.status === "sent" && j.attempts === 1)).toBe(true);
  });
});

describe("order", () => {
  it("holds a later event for a target until the earlier one is delivered", async () => {
    const hook = endpoint("/ordered");
    receiver.answers = [500];
    const signal = publish();
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, clock());
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    expect(jobsOf(hook.id).map((j) => j.status)).toEqual(["retrying", "queued"]);
    clockAt += 5_000;
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(1);
    expect(receiver.received.map((r) => r.json.type)).toEqual(["signal.published", "signal.published", "signal.closed"]);
    expect(jobsOf(hook.id).map((j) => j.status)).toEqual(["sent", "sent"]);
    clockAt = Date.now();
  });
});

describe("secrets and endpoint health", () => {
  it("signs with both secrets during the 24 hours after a rotation", async () => {
    const hook = endpoint("/rotated");
    const old = receiver.secrets[0]!;
    const fresh = rotateWebhookSecret(traderId, hook.id, clock())!;
    receiver.secrets = [old, fresh];
    publish();
    await worker().runOnce();
    expect(receiver.received[0]!.verifiedWith).toEqual([old, fresh]);
    expect(String(receiver.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
  });

  it("disables an endpoint after 5 days of failures and queues the notice email", async () => {
    const hook = endpoint("/broken");
    receiver.answers = Array(10).fill(500);
    publish();
    const w = createDeliveryWorker({ clock, channels: { webhook: createWebhookChannel({ allowPrivate: true }) }, log: () => {} });
    workers.push(w);
    await w.runOnce();
    clockAt += 5 * DAY;
    publish();
    await w.runOnce();
    const row = getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)).get()!;
    expect(row.disabledAt).not.toBeNull();
    expect(jobsOf(hook.id).every((j) => j.status === "dead")).toBe(true);
    const notice = getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.userId, traderId), eq(deliveryJobs.eventType, "webhook.disabled"))).all();
    expect(notice).toHaveLength(1);
    expect(JSON.parse(notice[0]!.payload!)).toEqual({ url: `${receiver.url}/broken`, reason: "failing" });
    clockAt = Date.now();
  });
});

describe("SSRF", () => {
  it("refuses http, loopback, private and link-local targets at registration", async () => {
    expect(await webhookTargetProblem("http://example.com/hook", false)).toMatch(/https/);
    for (const url of ["https://127.0.0.1/x", "https://localhost/x", "https://10.1.2.3/x", "https://192.168.1.1/", "https://169.254.169.254/latest", "https://[::1]/x", "https://[fd00::1]/", "https://[::ffff:127.0.0.1]/"]) {
      expect(await webhookTargetProblem(url, false), url).toMatch(/private network/);
    }
    expect(await webhookTargetProblem("https://93.184.215.14/hook", false)).toBeNull();
    expect(await webhookTargetProblem("http://127.0.0.1:9/hook", true)).toBeNull();
  });

  it("refuses a host name that resolves to a private address when connecting", async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup("localhost", {}, (e) => resolve(e)));
    expect(error?.code).toBe("EWEBHOOKPRIVATE");
  });

  it("checks the target again at each delivery", async () => {
    const hook = endpoint("/later-private");
    publish();
    await worker({ allowPrivate: false }).runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(jobsOf(hook.id)[0]).toMatchObject({ status: "retrying", lastError: expect.stringMatching(/https|private/) });
  });
});
