/**
 * The webhook endpoints API (`/api/webhooks`, `/api/webhooks/{id}`,
 * `/api/webhooks/{id}/deliveries`) and the Account → Webhooks page, against
 * this file's SQLite database, with WEBHOOK_ALLOW_PRIVATE unset (so https and
 * public addresses are required), and a real receiver on 127.0.0.1 for the
 * test event (that endpoint is registered through the model).
 */
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/models/api-keys.server";
import { createWebhook } from "~/models/webhooks.server";
import { action as listAction, loader as listLoader } from "~/routes/api.webhooks";
import { action as itemAction } from "~/routes/api.webhooks.$id";
import { loader as deliveriesLoader } from "~/routes/api.webhooks.$id.deliveries";
import { action as pageAction, loader as pageLoader } from "~/routes/portal.account.webhooks";
import { createDeliveryWorker } from "~/services/delivery-worker.server";
import { createWebhookChannel } from "~/services/channels/webhook.server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest } from "../support/http";
import { toastOf } from "../support/toast";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const BASE = "http://localhost";
const PUBLIC_URL = "https://93.184.215.14/hooks/fx";
let key: string;
let otherKey: string;
let cookie: string;
let userId: number;
let receiver: WebhookReceiver;

const auth = (k = key) => ({ headers: { Authorization: `Bearer ${k}` } });
const create = (body: unknown, k = key) => callRoute(listAction, jsonRequest(`${BASE}/api/webhooks`, body, auth(k)));

beforeAll(async () => {
  const user = createUser({ firstName: "Wes" });
  insertSubscription(user.id, "institutional");
  userId = user.id;
  key = generateApiKey(user.id).key;
  const oz = createUser({ firstName: "Oz" });
  insertSubscription(oz.id, "institutional");
  otherKey = generateApiKey(oz.id).key;
  cookie = await signedInCookie(user.id);
  receiver = await startWebhookReceiver();
});

afterAll(() => receiver.close());

describe("POST /api/webhooks", () => {
  it("answers 201 with the id, url, event types and a whsec_ secret shown once", async () => {
    const response = await create({ url: PUBLIC_URL, eventTypes: ["signal.published", "signal.closed"] });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ id: expect.any(Number), url: PUBLIC_URL, eventTypes: ["signal.published", "signal.closed"], secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]{32}$/) });
    const list = await (await callRoute(listLoader, getRequest(`${BASE}/api/webhooks`, auth()))).json();
    expect(list.items).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(body.secret);
  });

  it("refuses http, private targets and unknown event types, naming the field", async () => {
    for (const url of ["http://93.184.215.14/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://169.254.169.254/x"]) {
      const response = await create({ url, eventTypes: ["signal.published"] });
      expect(response.status, url).toBe(400);
      expect((await response.json()).errors[0].field).toBe("url");
    }
    const bad = await create({ url: PUBLIC_URL, eventTypes: ["signal.exploded"] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].field).toMatch(/^eventTypes/);
  });

  it("allows at most 5 endpoints per user (409)", async () => {
    const other = createUser({ firstName: "Max" });
    insertSubscription(other.id, "institutional");
    const maxKey = generateApiKey(other.id).key;
    for (let i = 0; i < 5; i += 1) expect((await create({ url: `${PUBLIC_URL}/${i}`, eventTypes: ["signal.published"] }, maxKey)).status).toBe(201);
    expect((await create({ url: `${PUBLIC_URL}/6`, eventTypes: ["signal.published"] }, maxKey)).status).toBe(409);
  });

  it("needs a session or an API key", async () => {
    const response = await callRoute(listAction, jsonRequest(`${BASE}/api/webhooks`, { url: PUBLIC_URL, eventTypes: ["signal.published"] }));
    expect(response.status).toBe(401);
  });
});

describe("DELETE /api/webhooks/{id} and GET /api/webhooks/{id}/deliveries", () => {
  it("answers 404 for another user's endpoint and 204 for the owner's", async () => {
    const { id } = await (await create({ url: `${PUBLIC_URL}/del`, eventTypes: ["signal.published"] })).json();
    const del = (k: string) => callRoute(itemAction, getRequest(`${BASE}/api/webhooks/${id}`, { method: "DELETE", ...auth(k) }), { id: String(id) });
    expect((await callRoute(deliveriesLoader, getRequest(`${BASE}/api/webhooks/${id}/deliveries`, auth(otherKey)), { id: String(id) })).status).toBe(404);
    expect((await del(otherKey)).status).toBe(404);
    expect((await del(key)).status).toBe(204);
    expect((await del(key)).status).toBe(404);
  });
});

describe("Account → Webhooks", () => {
  it("adds an endpoint with a form and shows its secret once", async () => {
    const response = await callRoute(
      pageAction,
      formRequest(`${BASE}/portal/account/webhooks`, [["intent", "add"], ["url", `${PUBLIC_URL}/page`], ["eventTypes", "signal.published"], ["eventTypes", "signal.closed"]], { cookie }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.data.secret).toMatch(/^whsec_/);
    const page = await (await callRoute(pageLoader, getRequest(`${BASE}/portal/account/webhooks`, { cookie }))).json();
    expect(page.endpoints.map((e: { url: string }) => e.url)).toContain(`${PUBLIC_URL}/page`);
    expect(JSON.stringify(page)).not.toContain(body.data.secret);
  });

  it("refuses a private URL on the form", async () => {
    const response = await callRoute(pageAction, formRequest(`${BASE}/portal/account/webhooks`, [["intent", "add"], ["url", "https://192.168.0.10/x"], ["eventTypes", "signal.published"]], { cookie }));
    expect(response.status).toBe(400);
    expect((await response.json()).submission.error.url[0]).toMatch(/private network/);
  });

  it("sends a test event, shows it in the delivery log, and redelivers it with the same webhook-id", async () => {
    const { endpoint, secret } = createWebhook(userId, { url: `${receiver.url}/test`, eventTypes: ["signal.published"] });
    receiver.secrets = [secret];
    const post = (fields: [string, string][]) => callRoute(pageAction, formRequest(`${BASE}/portal/account/webhooks`, fields, { cookie }));
    const queued = await post([["intent", "test"], ["webhookId", String(endpoint.id)]]);
    expect(queued.status).toBe(302);
    expect((await toastOf(queued))?.title).toBe("Test event queued");
    const worker = createDeliveryWorker({ channels: { webhook: createWebhookChannel({ allowPrivate: true }) }, log: () => {} });
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.json.type).toBe("webhook.test");
    expect(receiver.received[0]!.verifiedWith).toEqual([secret]);

    const log = await (await callRoute(deliveriesLoader, getRequest(`${BASE}/api/webhooks/${endpoint.id}/deliveries`, auth()), { id: String(endpoint.id) })).json();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ eventType: "webhook.test", status: "sent", attempts: 1, webhookId: receiver.received[0]!.headers["webhook-id"] });
    expect(log.items[0].log[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: "ok" });

    expect((await post([["intent", "redeliver"], ["webhookId", String(endpoint.id)], ["jobId", String(log.items[0].id)]])).status).toBe(302);
    await worker.runOnce();
    await worker.stop();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([log.items[0].webhookId, log.items[0].webhookId]);
  });

  it("rotates a secret and keeps the previous one signing for 24 hours", async () => {
    const { endpoint } = createWebhook(userId, { url: `${PUBLIC_URL}/rotate`, eventTypes: ["signal.published"] });
    const response = await callRoute(pageAction, formRequest(`${BASE}/portal/account/webhooks`, { intent: "rotate", webhookId: String(endpoint.id) }, { cookie }));
    expect(response.status).toBe(302);
    const page = await (await callRoute(pageLoader, getRequest(`${BASE}/portal/account/webhooks`, { cookie }))).json();
    const row = page.endpoints.find((e: { id: number }) => e.id === endpoint.id);
    expect(new Date(row.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });
});
