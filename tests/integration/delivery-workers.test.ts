/**
 * Delivery under several workers, slow receivers and renewals, against this
 * file's SQLite database, a real HTTP receiver on 127.0.0.1 and a real SMTP
 * server: two and three workers never lose an attempt from the log, never go
 * above the maximum and end dead after the last retry; a late outcome from a
 * worker that lost its lease is logged and changes nothing; a slow endpoint
 * does not hold up the others; times logged are the attempts' own; a 410
 * disables the endpoint at once; a subscriber whose renewal is due gets the
 * signal on every channel.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveryAttempts, deliveryJobs, mt5Queue, pushSubscriptions, strategyAccess, telegramLinks, webhookEndpoints } from "../../db/schema";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "~/domain/delivery";
import { claimDueJobs, finishAttempt } from "~/models/outbox.server";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { publishSignal } from "~/models/signals.server";
import { createWebhook } from "~/models/webhooks.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createEmailChannel } from "~/services/channels/email.server";
import { closeMailer } from "~/services/mailer.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { getDb } from "~/platform/db.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { callRoute, formRequest, getRequest } from "../support/http";
import { loader as adminDeliveriesLoader } from "~/routes/admin.deliveries";
import { action as webhooksAction, loader as webhooksLoader } from "~/routes/portal.account.webhooks";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { until } from "../support/wait";

const BASE = "http://localhost";
const ALL_TYPES = ["signal.published", "signal.triggered", "signal.modified", "signal.partially_closed", "signal.closed", "signal.cancelled", "signal.expired"];

let receiver: WebhookReceiver;
let sink: SmtpSink;
let adminId: number;
let strategyId: number;
let traderId: number;
let clockAt: number | null = null;
const clock = () => new Date(clockAt ?? Date.now());
const workers: DeliveryWorker[] = [];

function worker(options: { owner: string; timeoutMs?: number; leaseMs?: number; concurrency?: number }): DeliveryWorker {
  const made = createDeliveryWorker({
    owner: options.owner,
    clock,
    leaseMs: options.leaseMs,
    concurrency: options.concurrency,
    pollMs: 20,
    channels: { webhook: createWebhookChannel({ timeoutMs: options.timeoutMs ?? 2_000, allowPrivate: true }), email: createEmailChannel() },
    log: () => {},
  });
  workers.push(made);
  return made;
}

function webhookJobs() {
  return getDb().select().from(deliveryJobs).where(eq(deliveryJobs.channel, "webhook")).orderBy(deliveryJobs.id).all();
}

function attemptsOf(jobId: number) {
  return getDb().select().from(deliveryAttempts).where(eq(deliveryAttempts.jobId, jobId)).orderBy(deliveryAttempts.attempt).all();
}

/** Publishes a signal and expands its fan-out rows into jobs, as a worker does right after the commit. */
function publish() {
  const signal = publishSignal(validSignalInput(strategyId, new Date(clock().getTime() + DAY)), adminId, clock());
  expandDueFanouts("test", clock(), { leaseMs: 60_000 });
  return signal;
}

function endpoint(path: string, userId = traderId) {
  return createWebhook(userId, { url: `${receiver.url}${path}`, eventTypes: ALL_TYPES }, clock()).endpoint;
}

/** A follower (live plan, email off) of the strategy. */
function follower(): number {
  const user = createUser({ firstName: "Fay" });
  insertSubscription(user.id, "institutional");
  insertStrategyAccess(user.id, [strategyId]);
  saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), emailAlerts: false });
  return user.id;
}

/** `count` endpoints at `${prefix}-<i>`, spread over fresh followers (5 endpoints per user at most). */
function endpoints(prefix: string, count: number) {
  let owner = follower();
  return Array.from({ length: count }, (_, i) => {
    if (i > 0 && i % 5 === 0) owner = follower();
    return endpoint(`${prefix}-${i}`, owner);
  });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "FX Trader <signals@fx.example>";
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const trader = createUser({ firstName: "Tia" });
  insertSubscription(trader.id, "institutional");
  insertStrategyAccess(trader.id, [strategyId]);
  saveDeliverySettings(trader.id, { ...getDeliverySettings(trader.id), emailAlerts: false });
  traderId = trader.id;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  receiver.received = [];
  receiver.answers = [];
  receiver.byPath.clear();
  sink.messages.length = 0;
  clockAt = null;
  getDb().delete(deliveryJobs).run();
  getDb().delete(webhookEndpoints).run();
});

afterAll(async () => {
  closeMailer();
  await receiver.close();
  await sink.close();
});

describe.each([2, 3])("%i workers at once", (count) => {
  it("log every attempt, never exceed the maximum, and end dead after the last retry", async () => {
    clockAt = Date.now();
    const healthy = endpoints("/ok", 6);
    endpoints("/down", 3);
    for (let i = 0; i < 3; i += 1) receiver.byPath.set(`/down-${i}`, 503);
    for (let i = 0; i < 3; i += 1) publish();
    const pool = Array.from({ length: count }, (_, i) => worker({ owner: `w${i}`, concurrency: 4 }));
    const run = async () => {
      for (let round = 0; round < 12; round += 1) await Promise.all(pool.map((w) => w.runOnce()));
    };
    await run();
    // Per-target order: each down endpoint's 3 events go through the retry schedule one after the other.
    for (let event = 0; event < 3; event += 1) {
      for (const delay of RETRY_DELAYS_MS) {
        clockAt! += delay;
        await run();
      }
    }
    const jobs = webhookJobs();
    expect(jobs).toHaveLength(27);
    const healthyIds = new Set(healthy.map((h) => h.id));
    for (const job of jobs) {
      const log = attemptsOf(job.id);
      if (healthyIds.has(job.targetId)) {
        expect(job).toMatchObject({ status: "sent", attempts: 1 });
        expect(log.map((a) => a.statusCode)).toEqual([200]);
      } else {
        expect(job).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });
        expect(log.map((a) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
      }
    }
    const sends = new Map<string, number>();
    for (const hit of receiver.received) sends.set(String(hit.headers["webhook-id"]), (sends.get(String(hit.headers["webhook-id"])) ?? 0) + 1);
    expect(sends.size).toBe(27);
    for (const job of jobs) expect(sends.get(`msg_${job.id}`)).toBe(healthyIds.has(job.targetId) ? 1 : MAX_ATTEMPTS);
    clockAt! += 100 * DAY;
    await run();
    expect(receiver.received).toHaveLength(18 + 9 * MAX_ATTEMPTS);
  });

  it("started side by side, deliver every job once while one endpoint hangs", async () => {
    const hooks = endpoints("/live", 8);
    receiver.byPath.set("/live-0", "hang");
    for (let i = 0; i < 4; i += 1) publish();
    for (let i = 0; i < count; i += 1) worker({ owner: `live${i}`, timeoutMs: 1_500, concurrency: 8 }).start();
    await until(() => webhookJobs().filter((j) => j.targetId !== hooks[0]!.id).every((j) => j.status === "sent"));
    const others = webhookJobs().filter((j) => j.targetId !== hooks[0]!.id);
    expect(others).toHaveLength(28);
    const ids = receiver.received.filter((r) => r.path !== "/live-0").map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(28);
    expect(ids).toHaveLength(28);
    // Per-target order and one in flight per target: the hanging endpoint got only its first event.
    expect(receiver.received.filter((r) => r.path === "/live-0")).toHaveLength(1);
  });
});

describe("a worker that lost its lease", () => {
  it("has its late outcome logged as an attempt, without changing the new owner's job", async () => {
    clockAt = Date.now();
    const hook = endpoint("/fenced");
    publish();
    const [stale] = claimDueJobs("stale", clock(), 1_000, 10);
    expect(stale).toMatchObject({ targetId: hook.id, attempts: 1 });
    clockAt! += 1_001;
    const [fresh] = claimDueJobs("fresh", clock(), 60_000, 10);
    expect(fresh).toMatchObject({ id: stale!.id, attempts: 2 });
    const late = finishAttempt({ job: stale!, ok: true, statusCode: 200, latencyMs: 1_200, responseExcerpt: "ok", error: null, attemptedAt: new Date(clockAt! - 1_001), finishedAt: clock() });
    expect(late.current).toBe(false);
    expect(webhookJobs()[0]).toMatchObject({ status: "sending", leaseOwner: "fresh", attempts: 2 });
    const onTime = finishAttempt({ job: fresh!, ok: false, statusCode: 500, latencyMs: 20, responseExcerpt: "no", error: "HTTP 500", attemptedAt: clock(), finishedAt: clock() });
    expect(onTime).toEqual({ current: true, status: "retrying" });
    expect(attemptsOf(stale!.id).map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 200],
      [2, 500],
    ]);
  });

  it("never makes an attempt past the maximum: a job whose worker died during its last attempt is dead", async () => {
    clockAt = Date.now();
    endpoint("/last");
    publish();
    getDb().update(deliveryJobs).set({ attempts: MAX_ATTEMPTS - 1 }).run();
    const [last] = claimDueJobs("dies", clock(), 1_000, 10);
    expect(last!.attempts).toBe(MAX_ATTEMPTS);
    clockAt! += 1_001;
    expect(claimDueJobs("next", clock(), 1_000, 10)).toEqual([]);
    expect(webhookJobs()[0]).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/last attempt/) });
  });
});

describe("times and isolation", () => {
  it("records the attempt's own end as sentAt and counts the retry delay from the failed attempt's end", async () => {
    const ok = endpoint("/timed-ok");
    const failing = endpoint("/timed-fail");
    receiver.byPath.set("/timed-fail", 500);
    publish();
    await worker({ owner: "timed" }).runOnce();
    const jobs = webhookJobs();
    const sent = jobs.find((j) => j.targetId === ok.id)!;
    const [sentAttempt] = attemptsOf(sent.id);
    expect(sent.sentAt!.getTime() - sentAttempt!.attemptedAt.getTime()).toBeGreaterThanOrEqual(sentAttempt!.latencyMs - 1);
    expect(sent.sentAt!.getTime() - sentAttempt!.attemptedAt.getTime()).toBeLessThan(sentAttempt!.latencyMs + 50);
    const retrying = jobs.find((j) => j.targetId === failing.id)!;
    const [failed] = attemptsOf(retrying.id);
    const end = failed!.attemptedAt.getTime() + failed!.latencyMs;
    expect(Math.abs(retrying.nextAttemptAt.getTime() - (end + RETRY_DELAYS_MS[0]))).toBeLessThan(50);
  });

  it("keeps serving other endpoints while one hangs: a later signal reaches them at once", async () => {
    const slow = endpoint("/hangs");
    const fast = endpoints("/fast", 5);
    receiver.byPath.set("/hangs", "hang");
    worker({ owner: "isolated", timeoutMs: 3_000, concurrency: 4 }).start();
    publish();
    await until(() => receiver.received.filter((r) => r.path.startsWith("/fast-")).length === 5);
    const started = Date.now();
    publish();
    await until(() => receiver.received.filter((r) => r.path.startsWith("/fast-")).length === 10);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(webhookJobs().filter((j) => j.targetId === slow.id).map((j) => j.status)).toEqual(["sending", "queued"]);
    expect(fast).toHaveLength(5);
  });
});

describe("receiver semantics", () => {
  it("a 410 Gone disables the endpoint at once, kills its pending jobs and emails the owner", async () => {
    clockAt = Date.now();
    const gone = endpoint("/gone");
    receiver.byPath.set("/gone", 410);
    publish();
    publish();
    await worker({ owner: "gone" }).runOnce();
    const row = getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, gone.id)).get()!;
    expect(row.disabledAt).not.toBeNull();
    expect(webhookJobs().map((j) => j.status)).toEqual(["dead", "dead"]);
    expect(receiver.received).toHaveLength(1);
    const notice = getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.userId, traderId), eq(deliveryJobs.eventType, "webhook.disabled"))).get()!;
    expect(JSON.parse(notice.payload!)).toEqual({ url: `${receiver.url}/gone`, reason: "gone" });
    await worker({ owner: "mailer" }).runOnce();
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.decoded).toContain("410 Gone");
  });

  it("a receiver that closes a kept-alive socket as the next request arrives never costs a failed first attempt", async () => {
    // Each connection serves one request, then is reset when a second arrives on it (a keep-alive timeout racing the reuse).
    const served = new WeakMap<object, number>();
    let answered = 0;
    const server = createServer((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > 1) {
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on("end", () => {
        answered += 1;
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reset`;
      const hook = createWebhook(traderId, { url, eventTypes: ALL_TYPES }, clock()).endpoint;
      const w = worker({ owner: "keepalive" });
      for (let i = 0; i < 5; i += 1) {
        publish();
        expect(await w.runOnce()).toBe(1);
      }
      const jobs = webhookJobs().filter((j) => j.targetId === hook.id);
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual(Array(5).fill(["sent", 1]));
      expect(answered).toBe(5);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a target held by per-target order", () => {
  it("shows 'held behind event N since T' to the subscriber and the operators, and the subscriber's skip lets the later events go", async () => {
    const hook = endpoint("/stuck");
    receiver.byPath.set("/stuck", 500);
    publish();
    publish();
    const w = worker({ owner: "held" });
    await w.runOnce();
    const [first, second] = webhookJobs();
    expect([first!.status, second!.status]).toEqual(["retrying", "queued"]);
    const cookie = await signedInCookie(traderId);
    const page = (await (await callRoute(webhooksLoader, getRequest(`${BASE}/portal/account/webhooks`, { cookie }))).json()) as {
      endpoints: { id: number; held: { jobId: number; seq: number; since: string; waiting: number } | null }[];
    };
    expect(page.endpoints.find((e) => e.id === hook.id)!.held).toEqual({ jobId: first!.id, seq: first!.seq, since: first!.createdAt.toISOString(), waiting: 1 });
    const admin = await signedInCookie(adminId);
    const dashboard = (await (await callRoute(adminDeliveriesLoader, getRequest(`${BASE}/admin/deliveries`, { cookie: admin }))).json()) as { held: { jobId: number; seq: number }[] };
    expect(dashboard.held).toEqual([expect.objectContaining({ jobId: first!.id, seq: first!.seq, waiting: 1 })]);

    const outsider = await signedInCookie(createUser({ firstName: "Oz" }).id);
    const refused = await callRoute(webhooksAction, formRequest(`${BASE}/portal/account/webhooks`, { intent: "skip", webhookId: String(hook.id), jobId: String(first!.id) }, { cookie: outsider }));
    expect(refused.status).toBe(404);
    const skipped = await callRoute(webhooksAction, formRequest(`${BASE}/portal/account/webhooks`, { intent: "skip", webhookId: String(hook.id), jobId: String(first!.id) }, { cookie }));
    expect(skipped.status).toBe(302);
    receiver.byPath.clear();
    await w.runOnce();
    expect(webhookJobs().map((j) => [j.status, j.lastError?.startsWith("Skipped by the subscriber") ?? false])).toEqual([
      ["dead", true],
      ["sent", false],
    ]);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([`msg_${first!.id}`, `msg_${second!.id}`]);
  });
});

describe("a subscriber whose renewal is due", () => {
  it("receives the signal on every channel and gets the MT5 auto-send", async () => {
    const renewing = createUser({ firstName: "Rena" });
    const endedAt = new Date(Date.now() - 60_000);
    insertSubscription(renewing.id, "institutional", { startDate: new Date(endedAt.getTime() - 30 * DAY), endDate: endedAt });
    insertStrategyAccess(renewing.id, [strategyId]);
    getDb().update(strategyAccess).set({ mt5AutoSend: true }).where(eq(strategyAccess.userId, renewing.id)).run();
    saveDeliverySettings(renewing.id, { ...getDeliverySettings(renewing.id), emailAlerts: true, telegramAlerts: true, pushAlerts: true });
    getDb().insert(telegramLinks).values({ userId: renewing.id, chatId: "4242", chatName: "@rena", linkedAt: new Date() }).run();
    getDb().insert(pushSubscriptions).values({ userId: renewing.id, endpoint: "https://push.example/rena", p256dh: "key", auth: "auth", createdAt: new Date() }).run();
    const hook = endpoint("/renewing", renewing.id);
    const signal = publish();
    const jobs = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, renewing.id)).all();
    expect(jobs.map((j) => j.channel).sort()).toEqual(["email", "push", "telegram", "webhook"]);
    expect(getDb().select().from(mt5Queue).where(and(eq(mt5Queue.userId, renewing.id), eq(mt5Queue.signalId, signal.id))).all()).toHaveLength(1);
    getDb().delete(deliveryJobs).where(and(eq(deliveryJobs.userId, renewing.id), eq(deliveryJobs.channel, "telegram"))).run();
    getDb().delete(deliveryJobs).where(and(eq(deliveryJobs.userId, renewing.id), eq(deliveryJobs.channel, "push"))).run();
    await worker({ owner: "renewal" }).runOnce();
    const hit = receiver.received.find((r) => r.path === "/renewing")!;
    expect(hit.json.data.signal).toMatchObject({ id: signal.id, locked: false, entryPrice: 1.085 });
    expect(sink.messages.flatMap((m) => m.to)).toContain(renewing.email);
    expect(sink.messages.find((m) => m.to.includes(renewing.email))!.decoded).toContain("Stop loss: 1.08");
    expect(webhookJobs().find((j) => j.targetId === hook.id)).toMatchObject({ status: "sent" });
  });
});
