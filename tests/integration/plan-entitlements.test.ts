/**
 * Plans as entitlements (docs/decisions/0157-plans-as-entitlements.md): each
 * plan × feature at each door, through the routes' real handlers on this
 * file's SQLite database — webhook registration (API and form), the MT5 queue
 * (API), the API key's monthly quota (RateLimit-Policy), delivery at enqueue
 * and at send time (a real worker and receiver), the priority marker in
 * /admin/messages — and a downgrade that pauses webhooks and an upgrade that
 * resumes them, with the confirmation saying so first.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs, subscriptions, type PlanId } from "../../db/schema";
import { PLAN_RULES } from "~/content/plans";
import { generateApiKey } from "~/models/api-keys.server";
import { createContactMessage } from "~/models/contact.server";
import type { ContactValues } from "~/schemas/contact";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { publishSignal } from "~/models/signals.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { createWebhook, listWebhooks } from "~/models/webhooks.server";
import { getDb } from "~/platform/db.server";
import { loader as adminMessagesLoader } from "~/routes/admin.messages";
import { loader as mt5QueueLoader } from "~/routes/api.mt5.queue";
import { loader as strategiesLoader } from "~/routes/api.strategies._index";
import { action as webhooksAction } from "~/routes/api.webhooks";
import { action as webhooksPageAction, loader as webhooksPageLoader } from "~/routes/portal.account.webhooks";
import * as subscriptionRoute from "~/routes/portal.account.subscription";
import { createDeliveryWorker } from "~/services/delivery-worker.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest } from "../support/http";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const BASE = "http://localhost";
const PUBLIC_URL = "https://93.184.215.14/hooks/plans";
const PLANS: PlanId[] = ["starter", "pro", "institutional"];
let receiver: WebhookReceiver;
let adminId: number;
let strategyId: number;
const users: Record<PlanId, { id: number; key: string; cookie: string }> = {} as never;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "plan-door", name: "Plan Door" }).id;
  for (const plan of PLANS) {
    const user = createUser({ firstName: plan, email: `${plan}@plans.test` });
    insertSubscription(user.id, plan);
    insertStrategyAccess(user.id, [strategyId]);
    users[plan] = { id: user.id, key: generateApiKey(user.id).key, cookie: await signedInCookie(user.id) };
  }
});

afterAll(async () => {
  await receiver.close();
});

const auth = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });
const setPlan = (userId: number, plan: PlanId) => getDb().update(subscriptions).set({ plan }).where(eq(subscriptions.userId, userId)).run();

describe("each plan at each door", () => {
  it("POST /api/webhooks: 201 on Institutional, 403 naming the plan otherwise", async () => {
    for (const plan of PLANS) {
      const res = await callRoute(webhooksAction, jsonRequest(`${BASE}/api/webhooks`, { url: `${PUBLIC_URL}/${plan}`, eventTypes: ["signal.published"] }, auth(users[plan].key)));
      if (plan === "institutional") {
        expect(res.status, plan).toBe(201);
      } else {
        expect(res.status, plan).toBe(403);
        expect(res.headers.get("Content-Type")).toContain("application/problem+json");
        expect((await res.json()).detail).toBe(`Webhooks: not part of your ${PLAN_RULES[plan].name} plan; included from the Institutional plan.`);
      }
    }
  });

  it("the Webhooks form refuses to add an endpoint on Starter and Pro (403) and says the endpoints are paused", async () => {
    for (const plan of ["starter", "pro"] as const) {
      const res = await callRoute(webhooksPageAction, formRequest(`${BASE}/portal/account/webhooks`, { intent: "add", url: `${PUBLIC_URL}/form`, eventTypes: "signal.published" }, { cookie: users[plan].cookie }));
      expect(res.status, plan).toBe(403);
      const page = await (await callRoute(webhooksPageLoader, getRequest(`${BASE}/portal/account/webhooks`, { cookie: users[plan].cookie }))).json();
      expect(page.paused).toContain(`your ${PLAN_RULES[plan].name} plan`);
    }
    const page = await (await callRoute(webhooksPageLoader, getRequest(`${BASE}/portal/account/webhooks`, { cookie: users.institutional.cookie }))).json();
    expect(page.paused).toBeNull();
  });

  it("GET /api/mt5/queue: 403 on Starter, 200 on Pro and Institutional", async () => {
    const statuses = await Promise.all(PLANS.map(async (plan) => (await callRoute(mt5QueueLoader, getRequest(`${BASE}/api/mt5/queue`, auth(users[plan].key)))).status));
    expect(statuses).toEqual([403, 200, 200]);
  });

  it("API keys carry the plan's monthly quota", async () => {
    for (const plan of PLANS) {
      const res = await callRoute(strategiesLoader, getRequest(`${BASE}/api/strategies`, auth(users[plan].key)));
      expect(res.headers.get("RateLimit-Policy"), plan).toMatch(new RegExp(`^"monthly";q=${PLAN_RULES[plan].apiMonthlyRequests};`));
    }
    expect(PLAN_RULES.institutional.apiMonthlyRequests).toBeGreaterThan(PLAN_RULES.pro.apiMonthlyRequests);
  });

  it("a publish enqueues email for every plan and a webhook job only for Institutional", () => {
    const hooks = PLANS.map((plan) => createWebhook(users[plan].id, { url: `${receiver.url}/enqueue-${plan}`, eventTypes: ["signal.published"] }).endpoint.id);
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
    const jobs = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.signalId, signal.id)).all();
    for (const [i, plan] of PLANS.entries()) {
      const mine = jobs.filter((job) => job.userId === users[plan].id);
      expect(mine.filter((job) => job.channel === "email"), plan).toHaveLength(1);
      expect(mine.filter((job) => job.channel === "webhook" && job.targetId === hooks[i]), plan).toHaveLength(plan === "institutional" ? 1 : 0);
    }
  });

  it("/admin/messages lists an Institutional subscriber's message first, marked Priority", async () => {
    createContactMessage({ name: "Pro Sender", email: "pro@plans.test", message: "A question from Pro about the record.", topic: "general" } as ContactValues);
    createContactMessage({ name: "Inst Sender", email: "institutional@plans.test", message: "A question from Institutional about webhooks.", topic: "general" } as ContactValues);
    createContactMessage({ name: "Later Pro", email: "pro@plans.test", message: "A second question from Pro, sent last.", topic: "general" } as ContactValues);
    const data = await (await callRoute(adminMessagesLoader, getRequest(`${BASE}/admin/messages`, { cookie: await signedInCookie(adminId) }))).json();
    expect(data.messages.map((m: { name: string; priority: boolean }) => [m.name, m.priority])).toEqual([
      ["Inst Sender", true],
      ["Later Pro", false],
      ["Pro Sender", false],
    ]);
  });
});

describe("a downgrade that loses webhooks", () => {
  it("says so before confirming, pauses the endpoints at send time (kept, not deleted) and resumes them on upgrade", async () => {
    const user = createUser({ firstName: "Dora", email: "dora@plans.test" });
    insertSubscription(user.id, "institutional");
    insertStrategyAccess(user.id, [strategyId]);
    saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), emailAlerts: false });
    const cookie = await signedInCookie(user.id);
    const confirm = await (await callRoute(subscriptionRoute.loader, getRequest(`${BASE}/portal/account/subscription?confirm=change-plan&plan=pro`, { cookie }))).text();
    expect(confirm).toContain("Webhooks: switched off (your endpoints are paused, not deleted, and resume if you upgrade again).");
    expect(confirm).toContain("Your API quota falls from 100,000 to 10,000 requests a month.");
    expect(confirm).toContain("Your messages leave the priority support queue.");

    const hook = createWebhook(user.id, { url: `${receiver.url}/dora`, eventTypes: ["signal.published"] }).endpoint;
    // The worker's clock moves past the entitlement cache (5 s) between plan changes instead of sleeping.
    let at = Date.now();
    const worker = createDeliveryWorker({ clock: () => new Date(at), channels: { webhook: createWebhookChannel({ allowPrivate: true }) }, log: () => {} });
    const jobsOfHook = () =>
      getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.channel, "webhook"), eq(deliveryJobs.targetId, hook.id))).orderBy(deliveryJobs.id).all();

    // Queued while on Institutional, the plan drops to Pro before the send: the job ends unsent, naming the plan.
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
    expect(jobsOfHook()).toHaveLength(1);
    setPlan(user.id, "pro");
    at += 10_000;
    const before = receiver.received.filter((hit) => hit.path === "/dora").length;
    await worker.runOnce();
    expect(receiver.received.filter((hit) => hit.path === "/dora")).toHaveLength(before);
    expect(jobsOfHook()[0]).toMatchObject({ status: "dead", lastError: "Not sent: Webhooks: not part of your Pro plan; included from the Institutional plan." });
    expect(listWebhooks(user.id).map((row) => [row.id, row.disabledAt])).toEqual([[hook.id, null]]);

    // On Pro no job is queued at all; back on Institutional the endpoint receives again.
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
    expect(jobsOfHook()).toHaveLength(1);
    setPlan(user.id, "institutional");
    at += 10_000;
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
    expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
    expect(jobsOfHook()).toHaveLength(2);
    await worker.runOnce();
    expect(jobsOfHook()[1]).toMatchObject({ status: "sent" });
    expect(receiver.received.filter((hit) => hit.path === "/dora")).toHaveLength(before + 1);
    await worker.stop();
  });
});
