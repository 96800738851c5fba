/**
 * /admin/deliveries against this file's SQLite database: admins only (403 for
 * traders), per-channel counts and latency percentiles of the last 24 hours,
 * the dead jobs, and Retry (requeued with attempts reset).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs, signalEvents } from "../../db/schema";
import { publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { action, loader } from "~/routes/admin.deliveries";
import { createUser, DAY, insertStrategy, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest } from "../support/http";
import { toastOf } from "../support/toast";

const URL_ = "http://localhost/admin/deliveries";
const NOW = Date.now();
let adminCookie: string;
let traderCookie: string;
let deadId: number;

type Job = typeof deliveryJobs.$inferInsert;

beforeAll(async () => {
  const adminId = createUser({ email: "admin@ops.dev", role: "admin" }).id;
  const traderId = createUser({ email: "trader@ops.dev" }).id;
  adminCookie = await signedInCookie(adminId);
  traderCookie = await signedInCookie(traderId);
  const strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", instruments: "EURUSD" }).id;
  // Published an hour ago: the ledger event's recordedAt is the latency's start.
  const publishedAt = NOW - 3_600_000;
  const signal = publishSignal(validSignalInput(strategyId, new Date(NOW + DAY)), adminId, new Date(publishedAt));
  const seq = getDb().select().from(signalEvents).where(eq(signalEvents.signalId, signal.id)).get()!.seq;
  const job = (userId: number, channel: "webhook" | "email", targetId: number, fields: Partial<Job>): Job => ({
    seq,
    signalId: signal.id,
    userId,
    channel,
    targetId,
    eventType: "signal.published",
    nextAttemptAt: new Date(publishedAt),
    createdAt: new Date(publishedAt),
    ...fields,
  });
  const sent = (ms: number) => ({ status: "sent" as const, attempts: 1, sentAt: new Date(publishedAt + ms) });
  const users = Array.from({ length: 6 }, (_, i) => createUser({ email: `u${i}@ops.dev` }).id);
  getDb()
    .insert(deliveryJobs)
    .values([
      job(users[0]!, "webhook", 1, sent(100)),
      job(users[1]!, "webhook", 2, sent(200)),
      job(users[2]!, "webhook", 3, sent(900)),
      job(users[3]!, "webhook", 4, { status: "retrying", attempts: 2, lastError: "HTTP 500", lastStatusCode: 500 }),
      job(users[4]!, "webhook", 5, { status: "dead", attempts: 8, lastError: "connect ECONNREFUSED", nextAttemptAt: new Date(publishedAt) }),
      job(users[0]!, "email", 0, sent(1_500)),
      job(users[1]!, "email", 0, { status: "queued" }),
      // Older than 24 hours: not counted.
      job(users[5]!, "email", 0, { ...sent(50), createdAt: new Date(NOW - 2 * DAY) }),
    ])
    .run();
  deadId = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.status, "dead")).get()!.id;
});

describe("/admin/deliveries", () => {
  it("sends signed-out visitors to sign in and refuses traders with 403", async () => {
    expectSignInRedirect(await callRoute(loader, getRequest(URL_)), "/admin/deliveries");
    expect((await callRoute(loader, getRequest(URL_, { cookie: traderCookie }))).status).toBe(403);
    const post = await callRoute(action, formRequest(URL_, { intent: "retry", jobId: String(deadId) }, { cookie: traderCookie }));
    expect(post.status).toBe(403);
    expect(getDb().select().from(deliveryJobs).where(eq(deliveryJobs.id, deadId)).get()!.status).toBe("dead");
  });

  it("counts each channel's jobs of the last 24 hours with nearest-rank latency percentiles", async () => {
    const response = await callRoute(loader, getRequest(URL_, { cookie: adminCookie }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.channels).toEqual([
      { channel: "webhook", sent: 3, queued: 0, retrying: 1, dead: 1, p50Ms: 200, p99Ms: 900 },
      { channel: "email", sent: 1, queued: 1, retrying: 0, dead: 0, p50Ms: 1_500, p99Ms: 1_500 },
      { channel: "telegram", sent: 0, queued: 0, retrying: 0, dead: 0, p50Ms: null, p99Ms: null },
      { channel: "push", sent: 0, queued: 0, retrying: 0, dead: 0, p50Ms: null, p99Ms: null },
    ]);
    expect(body.dead).toEqual([
      expect.objectContaining({ id: deadId, channel: "webhook", userEmail: "u4@ops.dev", attempts: 8, lastError: "connect ECONNREFUSED" }),
    ]);
  });

  it("retries a dead job: queued again, due now, attempts reset; a second retry is refused", async () => {
    const before = Date.now();
    const response = await callRoute(action, formRequest(URL_, { intent: "retry", jobId: String(deadId) }, { cookie: adminCookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/deliveries");
    expect((await toastOf(response))?.title).toBe("Job Queued");
    const job = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.id, deadId)).get()!;
    expect(job).toMatchObject({ status: "queued", attempts: 0 });
    expect(job.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before);

    const again = await callRoute(action, formRequest(URL_, { intent: "retry", jobId: String(deadId) }, { cookie: adminCookie }));
    expect(again.status).toBe(409);
    expect((await again.json()).submission.error[""]).toEqual(["That job is no longer dead (it was retried or removed)."]);
  });

  it("answers 400 to a post without a valid job id", async () => {
    const response = await callRoute(action, formRequest(URL_, { intent: "retry", jobId: "abc" }, { cookie: adminCookie }));
    expect(response.status).toBe(400);
    expect((await response.json()).submission.error.jobId).toBeDefined();
  });
});
