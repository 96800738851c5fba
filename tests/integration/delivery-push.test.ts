/**
 * Web Push end to end against the protocol: a browser's subscription (keys
 * made here as a browser makes them) is saved through My Strategies →
 * Settings, a publish enqueues a push job, the worker sends it to a push
 * service stand-in on 127.0.0.1, and the stand-in decrypts the aes128gcm body
 * with the subscription's private key and auth secret (RFC 8291) and checks
 * the VAPID token (RFC 8292). Then retries after a 500, and a 410 that
 * deletes the subscription.
 */
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs, pushSubscriptions } from "../../db/schema";
import { publishSignal } from "~/models/signals.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import * as route from "~/routes/portal.strategies";
import { getDb } from "~/platform/db.server";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest, getRequest } from "../support/http";
import { browserSubscription, decryptPush, startPushService, verifyVapid, type BrowserKeys, type PushService } from "../support/push-service";
import { toastOf } from "../support/toast";

const PAGE = "http://localhost:3000/portal/strategies";
const vapid = webpush.generateVAPIDKeys();
let service: PushService;
let worker: DeliveryWorker;
let adminId: number;
let strategyId: number;

function follower(firstName: string) {
  const user = createUser({ firstName });
  insertSubscription(user.id, "pro");
  insertStrategyAccess(user.id, [strategyId]);
  saveDeliverySettings(user.id, { emailAlerts: false, telegramAlerts: false, pushAlerts: false, newsBlackout: false, riskTemplate: "Balanced" });
  return user;
}

/** Posts a browser's subscription through the Settings tab, as its script does. */
async function subscribe(userId: number, keys: BrowserKeys, endpoint: string): Promise<Response> {
  return callRoute(
    route.action,
    formRequest(`${PAGE}?tab=settings`, { intent: "save-push-subscription", endpoint, p256dh: keys.p256dh, auth: keys.auth }, { cookie: await signedInCookie(userId) }),
  );
}

const pushJobs = (userId: number) => getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.userId, userId), eq(deliveryJobs.channel, "push"))).all();

beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.VAPID_SUBJECT = "mailto:ops@fx.example";
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  service = await startPushService();
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  worker = createDeliveryWorker({ log: () => {} });
});

afterAll(async () => {
  await worker.stop();
  await service.close();
});

describe("web push", () => {
  it("Settings offers the VAPID key; saving a browser's subscription turns push on", async () => {
    const user = follower("Pia");
    const page = await callRoute(route.loader, getRequest(`${PAGE}?tab=settings`, { cookie: await signedInCookie(user.id) }));
    expect((await page.json()).push).toEqual({ publicKey: vapid.publicKey, browsers: 0 });

    const response = await subscribe(user.id, browserSubscription(), `${service.origin}/push/settings-check`);
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.title).toBe("Push Notifications On");
    expect(getDeliverySettings(user.id).pushAlerts).toBe(true);

    const refused = await callRoute(
      route.action,
      formRequest(`${PAGE}?tab=settings`, { intent: "save-push-subscription", endpoint: "not a url", p256dh: "x", auth: "y" }, { cookie: await signedInCookie(user.id) }),
    );
    expect(refused.status).toBe(400);
  });

  it("a publish reaches the push service encrypted for the browser and signed with our VAPID key", async () => {
    const user = follower("Paul");
    const keys = browserSubscription();
    await subscribe(user.id, keys, `${service.origin}/push/paul`);
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    await worker.runOnce();

    const request = service.received.find((r) => r.path === "/push/paul")!;
    expect(request).toBeDefined();
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.ttl).toBe("86400");
    expect(request.headers.urgency).toBe("high");
    const { key, claims } = verifyVapid(request.headers.authorization, service.origin, new Date());
    expect(key).toBe(vapid.publicKey);
    expect(claims.sub).toBe("mailto:ops@fx.example");
    expect(request.body.includes(Buffer.from("EURUSD"))).toBe(false);

    const message = JSON.parse(decryptPush(request.body, keys)) as { title: string; body: string; url: string; eventId: string };
    expect(message.title).toBe("New signal: EURUSD LONG");
    expect(message.body).toBe("Alpha Swing — Entry 1.085 · SL 1.08 · TP1 1.09");
    expect(message.url).toMatch(new RegExp(`/signals/${signal.id}$`));
    expect(message.eventId).toMatch(/^evt_\d+$/);
    expect(pushJobs(user.id).map((job) => job.status)).toEqual(["sent"]);
    expect(() => decryptPush(request.body, browserSubscription())).toThrow();
  });

  it("retries after a 500, and a 410 deletes the subscription and ends the job", async () => {
    const user = follower("Pete");
    await subscribe(user.id, browserSubscription(), `${service.origin}/push/pete`);
    service.status = 500;
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    await worker.runOnce();
    expect(pushJobs(user.id).map((job) => [job.status, job.lastStatusCode])).toEqual([["retrying", 500]]);

    service.status = 410;
    getDb().update(deliveryJobs).set({ nextAttemptAt: new Date() }).where(eq(deliveryJobs.userId, user.id)).run();
    await worker.runOnce();
    expect(pushJobs(user.id).map((job) => [job.status, job.lastStatusCode])).toEqual([["dead", 410]]);
    expect(getDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all()).toEqual([]);
    service.status = 201;
  });

  it("push off in Settings: no push job", async () => {
    const user = follower("Quiet");
    await subscribe(user.id, browserSubscription(), `${service.origin}/push/quiet`);
    saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), pushAlerts: false });
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expect(pushJobs(user.id)).toEqual([]);
  });
});
