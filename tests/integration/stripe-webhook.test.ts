/**
 * POST /api/stripe/webhook on a real database: every handled event type, a
 * bad or missing signature (400, nothing changed), a replay (200, nothing
 * changed), `updated` delivered before `created`, and dunning: a failed
 * payment → past-due banner data and email → grace ends → signals locked →
 * payment recovers → unlocked at once.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeEvents } from "../../db/schema";
import { eq } from "drizzle-orm";
import { subscriptions, users } from "../../db/schema";
import { PAST_DUE_GRACE_DAYS } from "~/domain/stripe-billing";
import { isEventRecorded } from "~/models/stripe-billing.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { getDb } from "~/platform/db.server";
import { getUserById, toPublicUser } from "~/models/users.server";
import { closeMailer } from "~/services/mailer.server";
import { action } from "~/routes/api.stripe.webhook";
import { createUser, DAY, insertStrategy, insertStrategyAccess } from "../support/fixtures";
import { callRoute } from "../support/http";
import { waitForMail } from "../support/mailbox";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { invoiceObject, signedDelivery, stripeEvent, stripeId, stripeTestEnv, subscriptionObject, type SubscriptionShape } from "../support/stripe-events";

const URL_ = "http://localhost/api/stripe/webhook";
const NOW_S = Math.floor(Date.now() / 1000);
let sink: SmtpSink;

beforeAll(async () => {
  Object.assign(process.env, stripeTestEnv());
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
});
afterAll(async () => {
  closeMailer();
  await sink.close();
});

async function deliver(event: Record<string, unknown>, signature?: string | null): Promise<Response> {
  const signed = signedDelivery(event);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature ?? signed.signature;
  return callRoute(action, new Request(URL_, { method: "POST", headers, body: signed.body }));
}

function subscriber(name: string) {
  const user = createUser({ firstName: name });
  const customer = stripeId("cus");
  getDb().update(users).set({ stripeCustomerId: customer }).where(eq(users.id, user.id)).run();
  const strategy = insertStrategy({ slug: `${name.toLowerCase()}-${user.id}`, name: `${name} strategy` });
  insertStrategyAccess(user.id, [strategy.id]);
  return { user, customer, strategyId: strategy.id };
}

function shape(customer: string, overrides: Partial<SubscriptionShape> = {}): SubscriptionShape {
  return { id: stripeId("sub"), customer, status: "active", lookupKey: "pro_monthly", start: NOW_S - 60, periodEnd: NOW_S + 30 * 86400, ...overrides };
}

const rowOf = (userId: number) => getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
const entitled = (userId: number, at = new Date()) => getEntitlements(toPublicUser(getUserById(userId)!), at).strategyIds;

describe("POST /api/stripe/webhook", () => {
  it("refuses a missing or wrong signature with 400 and changes nothing", async () => {
    const { user, customer } = subscriber("Nosig");
    const event = stripeEvent("customer.subscription.created", subscriptionObject(shape(customer, { userId: user.id })), NOW_S);
    const missing = await deliver(event, null);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("Content-Type")).toContain("application/problem+json");
    const forged = signedDelivery(event, "whsec_someoneelse0123456789").signature;
    expect((await deliver(event, forged)).status).toBe(400);
    expect((await deliver(event, "t=1,v1=deadbeef")).status).toBe(400);
    expect(rowOf(user.id)).toBeUndefined();
    expect(isEventRecorded(event.id as string)).toBe(false);
  });

  it("fuzz: random bodies with random or replayed-elsewhere signatures are always 400 and record nothing", async () => {
    const before = getDb().select().from(stripeEvents).all().length;
    const valid = signedDelivery(stripeEvent("invoice.paid", { id: "in_x", object: "invoice" }, NOW_S));
    const signatureArb = fc.oneof(
      fc.string(),
      fc.constant(valid.signature),
      fc.tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([t, v]) => `t=${t},v1=${v}`),
    );
    const bodyArb = fc.oneof(fc.string(), fc.json(), fc.constant(valid.body + " "));
    await fc.assert(
      fc.asyncProperty(bodyArb, signatureArb, async (body, signature) => {
        fc.pre(!(body === valid.body && signature === valid.signature));
        const headers = new Headers({ "Content-Type": "application/json" });
        try {
          headers.set("Stripe-Signature", signature);
        } catch {
          return;
        }
        const response = await callRoute(action, new Request(URL_, { method: "POST", headers, body }));
        expect(response.status).toBe(400);
      }),
      { numRuns: 150, seed: 20261128 },
    );
    expect(getDb().select().from(stripeEvents).all().length).toBe(before);
  });

  it("checkout.session.completed links the customer; subscription.created grants access; a replay changes nothing", async () => {
    const user = createUser({ firstName: "Cora" });
    const customer = stripeId("cus");
    const session = { id: stripeId("cs"), object: "checkout.session", mode: "subscription", client_reference_id: String(user.id), customer, subscription: null, metadata: { userId: String(user.id) } };
    expect(await (await deliver(stripeEvent("checkout.session.completed", session, NOW_S))).json()).toMatchObject({ received: true, outcome: "applied" });
    expect(getDb().select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, user.id)).get()?.c).toBe(customer);

    const created = stripeEvent("customer.subscription.created", subscriptionObject(shape(customer, { status: "trialing", trialEnd: NOW_S + 7 * 86400, userId: user.id })), NOW_S);
    expect((await deliver(created)).status).toBe(200);
    expect(rowOf(user.id)).toMatchObject({ status: "TRIAL", plan: "pro", stripeStatus: "trialing" });
    const before = rowOf(user.id);
    const replay = await deliver(created);
    expect(await replay.json()).toMatchObject({ outcome: "replay" });
    expect(rowOf(user.id)).toEqual(before);
  });

  it("applies updated, paused, resumed and deleted; an older event delivered late changes nothing", async () => {
    const { user, customer, strategyId } = subscriber("Otto");
    const sub = shape(customer, { userId: user.id, lookupKey: "starter_monthly" });
    // updated (later) arrives before created (earlier): the later state stands.
    await deliver(stripeEvent("customer.subscription.updated", subscriptionObject({ ...sub, lookupKey: "institutional_monthly" }), NOW_S + 20));
    const late = await deliver(stripeEvent("customer.subscription.created", subscriptionObject(sub), NOW_S + 10));
    expect(await late.json()).toMatchObject({ outcome: "stale" });
    expect(rowOf(user.id)).toMatchObject({ plan: "institutional", status: "ACTIVE" });

    await deliver(stripeEvent("customer.subscription.updated", subscriptionObject({ ...sub, cancelAtPeriodEnd: true }), NOW_S + 30));
    expect(rowOf(user.id)).toMatchObject({ plan: "starter", cancelAtPeriodEnd: true, status: "ACTIVE" });
    // Cancel at period end keeps access to the end of the period, and not after.
    expect(entitled(user.id)).toEqual([strategyId]);
    expect(entitled(user.id, new Date((sub.periodEnd + 1) * 1000))).toEqual([]);

    await deliver(stripeEvent("customer.subscription.paused", subscriptionObject({ ...sub, status: "paused" }), NOW_S + 40));
    expect(rowOf(user.id)?.status).toBe("PAUSED");
    expect(entitled(user.id)).toEqual([]);
    await deliver(stripeEvent("customer.subscription.resumed", subscriptionObject(sub), NOW_S + 50));
    expect(rowOf(user.id)?.status).toBe("ACTIVE");
    expect(entitled(user.id)).toEqual([strategyId]);
    await deliver(stripeEvent("customer.subscription.deleted", subscriptionObject({ ...sub, status: "canceled", endedAt: NOW_S + 60 }), NOW_S + 60));
    expect(rowOf(user.id)?.status).toBe("CANCELLED");
    expect(entitled(user.id)).toEqual([]);
  });

  it("trial_will_end emails the subscriber; invoice.finalized is acknowledged", async () => {
    const { user, customer } = subscriber("Tess");
    const sub = shape(customer, { userId: user.id, status: "trialing", trialEnd: NOW_S + 3 * 86400 });
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(sub), NOW_S));
    expect(await (await deliver(stripeEvent("customer.subscription.trial_will_end", subscriptionObject(sub), NOW_S + 1))).json()).toMatchObject({ outcome: "applied" });
    await waitForMail(sink, user.email, "Your FX Trader trial ends soon");
    const finalized = stripeEvent("invoice.finalized", invoiceObject({ customer, subscription: sub.id, amount: 19700, status: "open", created: NOW_S + 2 }), NOW_S + 2);
    expect((await deliver(finalized)).status).toBe(200);
    expect(isEventRecorded(finalized.id as string)).toBe(true);
  });

  it("dunning: failed payment → past due with email → grace ends → locked → invoice.paid → unlocked at once", async () => {
    const { user, customer, strategyId } = subscriber("Dana");
    const sub = shape(customer, { userId: user.id });
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(sub), NOW_S));
    const failed = invoiceObject({ customer, subscription: sub.id, amount: 19700, status: "open", created: NOW_S + 10 });
    await deliver(stripeEvent("invoice.payment_failed", failed, NOW_S + 10));
    await deliver(stripeEvent("customer.subscription.updated", subscriptionObject({ ...sub, status: "past_due" }), NOW_S + 11));
    const row = rowOf(user.id)!;
    expect(row).toMatchObject({ status: "ACTIVE", stripeStatus: "past_due", failedPayments: 1 });
    expect(row.pastDueSince?.getTime()).toBe((NOW_S + 10) * 1000);
    const mail = await waitForMail(sink, user.email, "Your FX Trader payment failed");
    expect(mail.decoded).toContain(failed.hosted_invoice_url as string);

    expect(entitled(user.id)).toEqual([strategyId]);
    const afterGrace = new Date(row.pastDueSince!.getTime() + PAST_DUE_GRACE_DAYS * DAY);
    expect(entitled(user.id, afterGrace)).toEqual([]);

    await deliver(stripeEvent("invoice.paid", invoiceObject({ customer, subscription: sub.id, amount: 19700, status: "paid", created: NOW_S + 20 }), NOW_S + 20));
    expect(rowOf(user.id)).toMatchObject({ status: "ACTIVE", pastDueSince: null });
    expect(entitled(user.id, afterGrace)).toEqual([strategyId]);
  });

  it("unpaid and incomplete_expired end entitlements", async () => {
    const { user, customer, strategyId } = subscriber("Uma");
    const sub = shape(customer, { userId: user.id });
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(sub), NOW_S));
    expect(entitled(user.id)).toEqual([strategyId]);
    await deliver(stripeEvent("customer.subscription.updated", subscriptionObject({ ...sub, status: "unpaid" }), NOW_S + 5));
    expect(entitled(user.id)).toEqual([]);
    const other = subscriber("Ivo");
    await deliver(stripeEvent("customer.subscription.created", subscriptionObject(shape(other.customer, { status: "incomplete" })), NOW_S));
    expect(rowOf(other.user.id)?.status).toBe("EXPIRED");
    expect(entitled(other.user.id)).toEqual([]);
  });
});
