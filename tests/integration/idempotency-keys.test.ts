/**
 * Idempotency keys (docs/decisions/0125-idempotency-keys.md): the /api POSTs
 * that write, and the admin desk's publish form, against this file's temporary
 * SQLite database with real Requests. A retry with the same key publishes,
 * transitions or registers nothing more and gets the first answer.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, signalEvents, signals, webhookEndpoints } from "../../db/schema";
import { IDEMPOTENCY_TTL_MS } from "~/domain/idempotency";
import { hashPassword } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.signals";
import { action as publishAction } from "~/routes/api.admin.signals";
import { action as closeAction } from "~/routes/api.admin.signals.$id.close";
import { action as webhooksAction } from "~/routes/api.webhooks";
import { createUser, insertStrategy, insertSubscription, signedInCookie, validSignalApiBody, validSignalForm } from "../support/fixtures";
import { callRoute, formRequest, jsonRequest } from "../support/http";
import { toastOf } from "../support/toast";

const BASE = "http://localhost";
const DAY = 24 * 60 * 60 * 1000;

let adminCookie: string;
let otherAdminCookie: string;
let userCookie: string;
let strategyId: number;

const signalCount = () => getDb().select({ n: count() }).from(signals).get()!.n;
const eventCount = () => getDb().select({ n: count() }).from(signalEvents).get()!.n;

function publishRequest(body: unknown, key: string | null, cookie = adminCookie): Request {
  return jsonRequest(`${BASE}/api/admin/signals`, body, { cookie, headers: key === null ? {} : { "Idempotency-Key": key } });
}

const body = (overrides: Record<string, unknown> = {}) => validSignalApiBody(strategyId, new Date(Date.now() + DAY), overrides);

/** One body sent with "publish-1" (and by the crashed request that reused its fingerprint). */
let publishedBody: ReturnType<typeof body>;

beforeAll(async () => {
  const passwordHash = await hashPassword("correct horse battery staple");
  const adminId = createUser({ email: "admin@test.dev", role: "admin", passwordHash }).id;
  const otherAdminId = createUser({ email: "second-admin@test.dev", role: "admin", passwordHash }).id;
  const userId = createUser({ email: "user@test.dev", role: "user", passwordHash }).id;
  insertSubscription(userId, "institutional");
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", instruments: "EURUSD", isActive: true }).id;
  adminCookie = await signedInCookie(adminId);
  otherAdminCookie = await signedInCookie(otherAdminId);
  userCookie = await signedInCookie(userId);
  publishedBody = body();
});

describe("POST /api/admin/signals with Idempotency-Key", () => {
  it("publishes once and replays the first answer to a retry", async () => {
    const before = signalCount();
    const first = await callRoute(publishAction, publishRequest(publishedBody, "publish-1"));
    expect(first.status).toBe(201);
    const published = await first.json();
    const retry = await callRoute(publishAction, publishRequest(publishedBody, "publish-1"));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await retry.json()).toEqual(published);
    expect(signalCount()).toBe(before + 1);
  });

  it("answers 409 naming the header when the key comes back with another body, and writes nothing", async () => {
    await callRoute(publishAction, publishRequest(body(), "publish-2"));
    const before = signalCount();
    const response = await callRoute(publishAction, publishRequest(body({ rationale: "Another idea" }), "publish-2"));
    expect(response.status).toBe(409);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect((await response.json()).errors).toEqual([{ field: "Idempotency-Key", message: expect.any(String) }]);
    expect(signalCount()).toBe(before);
  });

  it("keeps keys per caller: another admin's same key is a request of its own", async () => {
    const before = signalCount();
    expect((await callRoute(publishAction, publishRequest(body(), "shared-key"))).status).toBe(201);
    const other = await callRoute(publishAction, publishRequest(body(), "shared-key", otherAdminCookie));
    expect(other.status).toBe(201);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
    expect(signalCount()).toBe(before + 2);
  });

  it("replays a validation error without running it again, and publishes every time without a key", async () => {
    const invalid = body({ sl: "not a price" });
    const first = await callRoute(publishAction, publishRequest(invalid, "invalid-1"));
    expect(first.status).toBe(400);
    const retry = await callRoute(publishAction, publishRequest(invalid, "invalid-1"));
    expect(retry.status).toBe(400);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");

    const before = signalCount();
    await callRoute(publishAction, publishRequest(body(), null));
    await callRoute(publishAction, publishRequest(body(), null));
    expect(signalCount()).toBe(before + 2);
  });

  it("refuses a key that is too long or not printable with a 400 naming the header", async () => {
    for (const key of ["k".repeat(256), "caf\u00e9"]) {
      const response = await callRoute(publishAction, publishRequest(body(), key));
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].field).toBe("Idempotency-Key");
    }
  });

  it("checks the caller before the key: a non-admin with a key gets 403 and stores nothing", async () => {
    const response = await callRoute(publishAction, publishRequest(body(), "from-a-user", userCookie));
    expect(response.status).toBe(403);
    expect(getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "from-a-user")).all()).toEqual([]);
  });

  it("treats a key older than 24 hours as new", async () => {
    const before = signalCount();
    await callRoute(publishAction, publishRequest(body(), "old-key"));
    getDb()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000) })
      .where(eq(idempotencyKeys.key, "old-key"))
      .run();
    const again = await callRoute(publishAction, publishRequest(body(), "old-key"));
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(signalCount()).toBe(before + 2);
  });

  it("refuses a retry whose first request stopped before answering, instead of publishing twice", async () => {
    const before = signalCount();
    // The reservation of a request that ran "publish-1"'s body and crashed before its answer was kept.
    const stored = getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "publish-1")).get()!;
    getDb()
      .insert(idempotencyKeys)
      .values({ caller: stored.caller, key: "crashed", fingerprint: stored.fingerprint, status: null, createdAt: new Date() })
      .run();
    const response = await callRoute(publishAction, publishRequest(publishedBody, "crashed"));
    expect(response.status).toBe(409);
    expect(signalCount()).toBe(before);
  });
});

describe("transition and webhook POSTs with Idempotency-Key", () => {
  it("a retried close appends one event and replays the 200", async () => {
    const published = await (await callRoute(publishAction, publishRequest(body(), null))).json();
    const close = () =>
      callRoute(
        closeAction,
        jsonRequest(
          `${BASE}/api/admin/signals/${published.id}/close`,
          { exitPrice: published.entryPrice, reason: "MANUAL" },
          { cookie: adminCookie, headers: { "Idempotency-Key": "close-1" } },
        ),
        { id: String(published.id) },
      );
    const before = eventCount();
    const first = await close();
    expect(first.status).toBe(200);
    const retry = await close();
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(eventCount()).toBe(before + 1);
  });

  it("a retried webhook registration registers one endpoint and returns the same secret", async () => {
    const register = () =>
      callRoute(
        webhooksAction,
        jsonRequest(`${BASE}/api/webhooks`, { url: "https://93.184.215.14/hooks/fx", eventTypes: ["signal.published"] }, { cookie: userCookie, headers: { "Idempotency-Key": "hook-1" } }),
      );
    const first = await (await register()).json();
    const retry = await (await register()).json();
    expect(retry).toEqual(first);
    expect(getDb().select({ n: count() }).from(webhookEndpoints).get()!.n).toBe(1);
  });
});

describe("the desk's publish form", () => {
  it("carries a fresh key per render, and a double submit of one form publishes once with the same toast", async () => {
    const first = await (await callRoute(pageLoader, new Request(`${BASE}/admin/signals`, { headers: { Cookie: adminCookie } }))).json();
    const second = await (await callRoute(pageLoader, new Request(`${BASE}/admin/signals`, { headers: { Cookie: adminCookie } }))).json();
    expect(first.publishKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.publishKey).not.toBe(first.publishKey);

    const form = { ...validSignalForm(strategyId, new Date(Date.now() + DAY)), idempotencyKey: first.publishKey };
    const before = signalCount();
    const posts = [];
    for (let i = 0; i < 2; i++) posts.push(await callRoute(pageAction, formRequest(`${BASE}/admin/signals`, form, { cookie: adminCookie })));
    for (const response of posts) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/signals");
      expect(await toastOf(response)).toMatchObject({ title: "Signal Created" });
    }
    expect(signalCount()).toBe(before + 1);
  });

  it("refuses the same form posted again with other values (after Back) with a form error, publishing nothing", async () => {
    const form = { ...validSignalForm(strategyId, new Date(Date.now() + DAY)), idempotencyKey: "form-key-back" };
    await callRoute(pageAction, formRequest(`${BASE}/admin/signals`, form, { cookie: adminCookie }));
    const before = signalCount();
    const edited = await callRoute(pageAction, formRequest(`${BASE}/admin/signals`, { ...form, rationale: "Edited after Back" }, { cookie: adminCookie }));
    expect(edited.status).toBe(409);
    expect((await edited.json()).submission.error[""][0]).toMatch(/already been submitted/);
    expect(signalCount()).toBe(before);
  });

  it("frees the key after a refusal, so the corrected form publishes", async () => {
    const form = { ...validSignalForm(strategyId, new Date(Date.now() + DAY)), idempotencyKey: "form-key-fix" };
    const inactiveId = insertStrategy({ slug: "paused", name: "Paused", instruments: "EURUSD", isActive: false }).id;
    const refused = await callRoute(pageAction, formRequest(`${BASE}/admin/signals`, { ...form, strategyId: String(inactiveId) }, { cookie: adminCookie }));
    expect(refused.status).toBe(400);
    const before = signalCount();
    const fixed = await callRoute(pageAction, formRequest(`${BASE}/admin/signals`, form, { cookie: adminCookie }));
    expect(fixed.status).toBe(302);
    expect(signalCount()).toBe(before + 1);
  });
});
