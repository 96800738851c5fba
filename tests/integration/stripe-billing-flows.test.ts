/**
 * The Subscription tab in Stripe mode against the Stripe stand-in, through the
 * official `stripe` library (STRIPE_API_BASE): `stripe:setup` (idempotent),
 * subscribe via Checkout (trial, customer reused, client_reference_id,
 * metadata) → "Confirming your payment…" → pay on the stand-in's HTML form →
 * signed webhook events → access; plan change with the amount due now from
 * the invoice preview; cancel at period end and undo; pause and resume; trial
 * cancel; Manage billing; invoices; a failed payment and its recovery. Demo
 * mode says "Demo billing: no card is charged".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { DEMO_BILLING_NOTICE } from "~/content/billing";
import { PLAN_RULES } from "~/content/plans";
import { getDb } from "~/platform/db.server";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { action, loader } from "~/routes/portal.account.subscription";
import { loader as accountLayout } from "~/routes/portal.account";
import { loader as dashboard } from "~/routes/portal.dashboard";
import { loader as adminSubscribers } from "~/routes/admin.subscribers";
import { setupClient, setupPlanPrices } from "~/services/stripe.server";
import { createUser, insertSubscription, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest } from "../support/http";
import { prorationCents, startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { stripeTestEnv, TEST_STRIPE_KEY } from "../support/stripe-events";

const PAGE = "http://localhost/portal/account/subscription";
const PLANS = { starter: { name: "Starter", priceCents: 9700 }, pro: { name: "Pro", priceCents: 19700 }, institutional: { name: "Institutional", priceCents: 49700 } };
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  standIn.setSink(async (body, signature) => (await callRoute(webhook, new Request("http://localhost/api/stripe/webhook", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body }))).status);
  Object.assign(process.env, stripeTestEnv(standIn.url));
});
afterAll(async () => {
  for (const name of Object.keys(stripeTestEnv("x"))) delete process.env[name];
  await standIn.close();
});

const rowOf = (userId: number) => getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
const page = async (cookie: string, query = "") => (await callRoute(loader, getRequest(`${PAGE}${query}`, { cookie }))).json();
const post = (cookie: string, fields: Record<string, string>) => callRoute(action, formRequest(PAGE, fields, { cookie }));

/** Walks the stand-in's Checkout as a browser without JavaScript: GET the page, submit its form, follow nothing. */
async function payOnCheckout(checkoutUrl: string): Promise<string> {
  const html = await (await fetch(checkoutUrl)).text();
  const formAction = html.match(/<form method="post" action="([^"]+)"/)![1]!;
  const paid = await fetch(new URL(formAction, checkoutUrl), { method: "POST", body: new URLSearchParams({ card: "4242424242424242" }), redirect: "manual" });
  expect(paid.status).toBe(303);
  return paid.headers.get("Location")!;
}

describe("Stripe billing flows", () => {
  it("stripe:setup creates the three prices by lookup key once, then finds them", async () => {
    const client = setupClient(TEST_STRIPE_KEY, standIn.url);
    expect(await setupPlanPrices(client, PLANS)).toEqual({ starter: "created", pro: "created", institutional: "created" });
    expect(await setupPlanPrices(client, PLANS)).toEqual({ starter: "existing", pro: "existing", institutional: "existing" });
    expect([...standIn.prices.values()].map((p) => [p.lookup_key, p.unit_amount]).sort()).toEqual([
      ["institutional_monthly", 49700],
      ["pro_monthly", 19700],
      ["starter_monthly", 9700],
    ]);
    expect(PLAN_RULES.pro.monthlyPriceUsd * 100).toBe(PLANS.pro.priceCents);
  });

  it("subscribe: Checkout with a trial → Confirming your payment… → pay → webhook → access; then plan change, trial cancel, portal, invoices", async () => {
    const user = createUser({ firstName: "Stella" });
    const cookie = await signedInCookie(user.id);
    const started = await post(cookie, { intent: "change-plan", plan: "pro" });
    expect(started.status).toBe(302);
    const checkoutUrl = started.headers.get("Location")!;
    expect(checkoutUrl.startsWith(`${standIn.url}/checkout/`)).toBe(true);
    const created = standIn.requests.find((r) => r.path === "/v1/checkout/sessions")!.params;
    expect(created).toMatchObject({ mode: "subscription", client_reference_id: String(user.id), metadata: { userId: String(user.id) }, subscription_data: { trial_period_days: "7", metadata: { userId: String(user.id) } } });

    expect(await page(cookie, "?checkout=success")).toMatchObject({ checkout: "confirming" });
    expect(rowOf(user.id)).toBeUndefined();

    const back = await payOnCheckout(checkoutUrl);
    expect(back).toBe("http://localhost:3000/portal/account/subscription?checkout=success");
    expect(standIn.sent.every((s) => s.status === 200)).toBe(true);
    expect(await page(cookie, "?checkout=success")).toMatchObject({ checkout: "confirmed", subscription: { status: "TRIAL", plan: "pro" } });

    // A second checkout reuses the customer.
    const customer = created.customer;
    await post(cookie, { intent: "change-plan", plan: "pro" });

    const preview = await page(cookie, "?confirm=change-plan&plan=institutional");
    const previewed = standIn.requests.filter((r) => r.path === "/v1/invoices/create_preview").at(-1)!.params as { subscription: string; subscription_details: { proration_date: string } };
    const sub = standIn.subscriptions.get(previewed.subscription)!;
    const due = prorationCents(sub, 49700, Number(previewed.subscription_details.proration_date));
    expect(preview.confirmation.consequences[0]).toBe(`Amount due now: $${(due / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} (prorated for the rest of this period, charged today).`);

    expect((await post(cookie, { intent: "change-plan", plan: "institutional" })).status).toBe(302);
    expect(rowOf(user.id)?.plan).toBe("institutional");

    const portal = await post(cookie, { intent: "manage-billing" });
    expect(portal.headers.get("Location")).toBe(`${standIn.url}/portal/${customer}`);

    const withInvoices = await page(cookie);
    expect(withInvoices.invoices.length).toBeGreaterThanOrEqual(1);
    expect(withInvoices.invoices[0]).toMatchObject({ hostedInvoiceUrl: expect.stringContaining(standIn.url), pdfUrl: expect.stringContaining("/pdf") });

    await post(cookie, { intent: "cancel" });
    expect(rowOf(user.id)).toMatchObject({ status: "CANCELLED", stripeStatus: "canceled" });
    expect(standIn.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
  });

  it("cancel at period end is undoable; pause and resume; a failed payment and its recovery", async () => {
    const user = createUser({ firstName: "Paco" });
    insertSubscription(user.id, "starter", { status: "ACTIVE" });
    const cookie = await signedInCookie(user.id);
    await payOnCheckout((await post(cookie, { intent: "change-plan", plan: "pro" })).headers.get("Location")!);
    const row = rowOf(user.id)!;
    expect(row).toMatchObject({ status: "ACTIVE", plan: "pro", stripeStatus: "active" });

    await post(cookie, { intent: "cancel" });
    expect(rowOf(user.id)).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
    await post(cookie, { intent: "change-plan", plan: "pro" });
    expect(rowOf(user.id)?.cancelAtPeriodEnd).toBe(false);

    await post(cookie, { intent: "pause" });
    expect(rowOf(user.id)?.status).toBe("PAUSED");
    await post(cookie, { intent: "resume" });
    expect(rowOf(user.id)?.status).toBe("ACTIVE");

    await standIn.failPayment(row.stripeSubscriptionId!);
    expect(rowOf(user.id)).toMatchObject({ status: "ACTIVE", stripeStatus: "past_due", failedPayments: 1 });
    expect(rowOf(user.id)?.pastDueSince).not.toBeNull();
    const banner = async (route: typeof accountLayout, url: string) => ((await (await callRoute(route, getRequest(url, { cookie }))).json()) as { graceEndText: string | null }).graceEndText;
    expect(await banner(accountLayout, "http://localhost/portal/account")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await banner(dashboard, "http://localhost/portal/dashboard")).toMatch(/\d{4}$/);
    await standIn.recoverPayment(row.stripeSubscriptionId!);
    expect(rowOf(user.id)).toMatchObject({ status: "ACTIVE", stripeStatus: "active", pastDueSince: null });
    expect(await banner(accountLayout, "http://localhost/portal/account")).toBeNull();

    const admin = createUser({ firstName: "Ada", role: "admin" });
    const list = await (await callRoute(adminSubscribers, getRequest("http://localhost/admin/subscribers", { cookie: await signedInCookie(admin.id) }))).json();
    expect(list.subscribers).toContainEqual(expect.objectContaining({ email: user.email, planName: "Pro", status: "active", mrrText: "$197.00", failedPayments: 1 }));
    expect(list.totals.mrrCents).toBeGreaterThanOrEqual(19700);
  });

  it("the stand-in refuses a parameter Stripe does not know", async () => {
    const response = await fetch(`${standIn.url}/v1/customers`, { method: "POST", headers: { Authorization: `Bearer ${TEST_STRIPE_KEY}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "emial=x%40example.com" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: "Received unknown parameter: emial", param: "emial" } });
  });

  it("demo mode: the tab says Demo billing: no card is charged and Manage billing is refused", async () => {
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const user = createUser({ firstName: "Demi" });
      const cookie = await signedInCookie(user.id);
      expect(await page(cookie)).toMatchObject({ stripeMode: false, checkout: null });
      const refused = await post(cookie, { intent: "manage-billing" });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(DEMO_BILLING_NOTICE);
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
    }
  });
});
