/**
 * /portal/account (Profile) and /portal/account/subscription end to end: the
 * routes' loaders and actions are called with real `Request`s (signed-in
 * cookies from real sessions) against this file's temporary SQLite database.
 * Covers profile save, validation and email changes (by link); plan changes with their
 * billing rows and the strategy limit that follows; pause, resume, cancel and
 * settling at the period end; and that a user id posted in a form is ignored.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountTokens, billingRecords, subscriptions, users, type User } from "../../db/schema";
import { ACCOUNT_PAGES } from "~/content/account-mail";
import { addUtcMonths } from "~/domain/subscription-lifecycle";
import { accountStats } from "~/models/profile.server";
import { getEntitlements, listBillingHistory, renewDueSubscriptions, settleSubscription } from "~/models/subscriptions.server";
import { toPublicUser } from "~/models/users.server";
import * as profileRoute from "~/routes/portal.account._index";
import * as subscriptionRoute from "~/routes/portal.account.subscription";
import { getDb } from "~/platform/db.server";
import { createUser, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest } from "../support/http";
import { toastOf } from "../support/toast";

const ORIGIN = "http://localhost:3000";
const PROFILE = "/portal/account";
const SUBSCRIPTION = "/portal/account/subscription";
const DAY = 24 * 60 * 60 * 1000;

function get(path: string, cookie?: string): Request {
  return getRequest(`${ORIGIN}${path}`, { cookie });
}

function post(path: string, cookie: string | undefined, fields: Record<string, string>): Request {
  return formRequest(`${ORIGIN}${path}`, fields, { cookie });
}

/** The addresses of `userId`'s pending email-change links. */
function changeLinks(userId: number): string[] {
  return getDb().select().from(accountTokens).where(eq(accountTokens.userId, userId)).all().filter((t) => t.purpose === "email-change").map((t) => t.email);
}

function userRow(id: number) {
  return getDb().select().from(users).where(eq(users.id, id)).get()!;
}

function subscriptionRow(userId: number) {
  return getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

function billingRows(userId: number) {
  return getDb().select().from(billingRecords).where(eq(billingRecords.userId, userId)).orderBy(billingRecords.id).all();
}

function entitledIds(user: User, now = new Date()) {
  return getEntitlements(toPublicUser(user), now).strategyIds;
}

let strategyIds: [number, number, number];

beforeAll(() => {
  strategyIds = [
    insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id,
    insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id,
    insertStrategy({ slug: "gold-intraday", name: "Gold Intraday" }).id,
  ];
});

// ---------------------------------------------------------------- Profile

describe("Profile", () => {
  it("redirects signed-out visitors to sign in", async () => {
    const response = await callRoute(profileRoute.loader, get(PROFILE));
    expectSignInRedirect(response, PROFILE);
    const posted = await callRoute(profileRoute.action, post(PROFILE, undefined, { intent: "update-profile" }));
    expect(posted.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });

  it("loads the profile and statistics from real data", async () => {
    const joined = new Date(Date.now() - 10 * DAY);
    const user = createUser({ firstName: "Stat", lastName: "Tester", createdAt: joined });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [strategyIds[0]]);
    const after = (days: number) => new Date(joined.getTime() + days * DAY);
    insertSignals([
      { strategyId: strategyIds[0], createdAt: after(-1) }, // before joining: not counted
      { strategyId: strategyIds[0], createdAt: after(1) },
      { strategyId: strategyIds[0], createdAt: after(2) },
      { strategyId: strategyIds[1], createdAt: after(1) }, // not entitled: not counted
    ]);
    const response = await callRoute(profileRoute.loader, get(PROFILE, await signedInCookie(user.id)));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.profile).toEqual({ firstName: "Stat", lastName: "Tester", email: user.email });
    expect(data.stats).toMatchObject({ memberSince: joined.toISOString(), signalsReceived: 2, strategiesFollowed: 1 });
    expect(accountStats(user.id)).toMatchObject({ signalsReceived: 2, strategiesFollowed: 1 });
  });

  it("saves names at once and asks for the new (lower-cased) email by a link, keeping the old one until then", async () => {
    const user = createUser({ firstName: "Sam" });
    const cookie = await signedInCookie(user.id);
    const response = await callRoute(
      profileRoute.action,
      post(PROFILE, cookie, { intent: "update-profile", firstName: "  Samantha ", lastName: "Lee", email: "Samantha.Lee@Example.COM" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PROFILE);
    expect(await toastOf(response)).toEqual(ACCOUNT_PAGES.emailChangeSentToast);
    expect(userRow(user.id)).toMatchObject({ firstName: "Samantha", lastName: "Lee", email: user.email });
    expect(changeLinks(user.id)).toEqual(["samantha.lee@example.com"]);
  });

  it("re-renders with 400 and field messages for invalid input, saving nothing", async () => {
    const user = createUser({ firstName: "Val" });
    const cookie = await signedInCookie(user.id);
    const response = await callRoute(profileRoute.action, post(PROFILE, cookie, { intent: "update-profile", firstName: "", lastName: "X", email: "not-an-email" }));
    expect(response.status).toBe(400);
    const reply = (await response.json()).submission;
    expect(reply.status).toBe("error");
    expect(reply.error.firstName).toEqual(["First name is required"]);
    expect(reply.error.email).toEqual(["Enter a valid email address"]);
    expect(userRow(user.id)).toMatchObject({ firstName: "Val", email: user.email });
  });

  it("answers an email another account uses as any other new address, and mails no link there", async () => {
    const taken = createUser({ firstName: "Taken" });
    const user = createUser({ firstName: "Dup" });
    const response = await callRoute(
      profileRoute.action,
      post(PROFILE, await signedInCookie(user.id), { intent: "update-profile", firstName: "Dup", lastName: "Tester", email: taken.email.toUpperCase() }),
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual(ACCOUNT_PAGES.emailChangeSentToast);
    expect(userRow(user.id).email).toBe(user.email);
    expect(changeLinks(user.id)).toEqual([]);
  });

  it("refuses names with markup or control characters, and over-long names, with a field message; nothing is saved", async () => {
    const user = createUser({ firstName: "Rita", lastName: "Plain" });
    const cookie = await signedInCookie(user.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: "<b>Rita</b>" }, "firstName", "First name cannot contain < or >"],
      [{ lastName: "Smith<script>" }, "lastName", "Last name cannot contain < or >"],
      [{ firstName: "Ri\u0000ta" }, "firstName", "First name cannot contain control characters"],
      [{ lastName: "Line\nBreak" }, "lastName", "Last name cannot contain control characters"],
      [{ firstName: "x".repeat(81) }, "firstName", "First name must be at most 80 characters"],
    ];
    for (const [fields, field, message] of cases) {
      const values = { intent: "update-profile", firstName: "Rita", lastName: "Plain", email: user.email, ...fields };
      const response = await callRoute(profileRoute.action, post(PROFILE, cookie, values));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const reply = (await response.json()).submission;
      expect(reply.error[field]).toEqual([message]);
      expect(String(reply.initialValue[field]).length).toBeLessThanOrEqual(80);
    }
    expect(userRow(user.id)).toMatchObject({ firstName: "Rita", lastName: "Plain" });
  });

  it("answers 415 (not 500) to a JSON body", async () => {
    const user = createUser({ firstName: "Jay" });
    const request = new Request(`${ORIGIN}${PROFILE}?index`, {
      method: "POST",
      body: JSON.stringify({ intent: "update-profile", firstName: "J", lastName: "S", email: user.email }),
      headers: { "Content-Type": "application/json", Cookie: await signedInCookie(user.id) },
    });
    expect((await callRoute(profileRoute.action, request)).status).toBe(415);
    expect((await callRoute(subscriptionRoute.action, new Request(`${ORIGIN}${SUBSCRIPTION}`, {
      method: "POST",
      body: JSON.stringify({ intent: "pause" }),
      headers: { "Content-Type": "application/json", Cookie: await signedInCookie(user.id) },
    }))).status).toBe(415);
    expect(userRow(user.id).firstName).toBe("Jay");
  });

  it("keeps the viewer's own email without complaint", async () => {
    const user = createUser({ firstName: "Same" });
    const response = await callRoute(
      profileRoute.action,
      post(PROFILE, await signedInCookie(user.id), { intent: "update-profile", firstName: "Same", lastName: "Name", email: user.email }),
    );
    expect(response.status).toBe(302);
    expect(userRow(user.id).lastName).toBe("Name");
  });

  it("ignores a user id in the form: user B posting A's id changes only B", async () => {
    const a = createUser({ firstName: "Alice" });
    const b = createUser({ firstName: "Bob" });
    const response = await callRoute(
      profileRoute.action,
      post(PROFILE, await signedInCookie(b.id), {
        intent: "update-profile",
        userId: String(a.id),
        user_id: String(a.id),
        id: String(a.id),
        firstName: "Mallory",
        lastName: "Hacker",
        email: `mallory.${b.id}@example.com`,
      }),
    );
    expect(response.status).toBe(302);
    expect(userRow(a.id)).toMatchObject({ firstName: "Alice", email: a.email });
    expect(userRow(b.id)).toMatchObject({ firstName: "Mallory", email: b.email });
    expect(changeLinks(b.id)).toEqual([`mallory.${b.id}@example.com`]);
    expect(changeLinks(a.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------- Subscription

describe("Subscription", () => {
  it("redirects signed-out visitors to sign in", async () => {
    const response = await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION));
    expect(response.headers.get("Location")).toBe(`/api/login?returnTo=${encodeURIComponent(SUBSCRIPTION)}`);
  });

  it("shows a Free user no subscription, the three plans with prices and an empty history", async () => {
    const user = createUser({ firstName: "Free" });
    const data = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, await signedInCookie(user.id)))).json();
    expect(data.subscription).toBeNull();
    expect(data.plans).toEqual([
      { id: "starter", name: "Starter", priceText: "$97.00/month", limitText: "1 strategy" },
      { id: "pro", name: "Pro", priceText: "$197.00/month", limitText: "3 strategies" },
      { id: "institutional", name: "Institutional", priceText: "$497.00/month", limitText: "All strategies" },
    ]);
    expect(data.billing).toEqual([]);
  });

  it("a plan change writes the subscription and a billing row, with the 'Subscription Updated' toast", async () => {
    const user = createUser({ firstName: "Buyer" });
    const cookie = await signedInCookie(user.id);
    const before = Date.now();
    const response = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "pro" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(SUBSCRIPTION);
    expect(await toastOf(response)).toEqual({ title: "Subscription Updated", description: "Your subscription has been updated successfully." });

    const sub = subscriptionRow(user.id)!;
    expect(sub).toMatchObject({ plan: "pro", status: "ACTIVE", cancelAtPeriodEnd: false });
    expect(sub.startDate.getTime()).toBeGreaterThanOrEqual(before);
    expect(sub.endDate).toEqual(addUtcMonths(sub.startDate, 1));
    expect(billingRows(user.id)).toEqual([
      expect.objectContaining({ event: "plan_changed", plan: "pro", amountCents: 19700, description: "Pro plan — $197.00/month" }),
    ]);

    const data = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, cookie))).json();
    expect(data.subscription).toMatchObject({ plan: "pro", planName: "Pro", status: "ACTIVE", periodLabel: "Next billing date" });
    expect(data.billing).toEqual([expect.objectContaining({ description: "Pro plan — $197.00/month", amountText: "$197.00" })]);
  });

  it("a downgrade from Pro with 3 picks to Starter asks which to keep, then keeps only that one", async () => {
    const user = createUser({ firstName: "Down" });
    insertSubscription(user.id, "pro");
    insertStrategyAccess(user.id, strategyIds);
    expect(entitledIds(user)).toEqual(strategyIds);
    const cookie = await signedInCookie(user.id);
    const unchosen = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "starter" }));
    expect(unchosen.status).toBe(400);
    expect(JSON.stringify(await unchosen.json())).toContain("Choose the 1 strategy to keep on the Starter plan.");
    expect(subscriptionRow(user.id)).toMatchObject({ plan: "pro" });

    const response = await callRoute(
      subscriptionRoute.action,
      post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "starter", keep: String(strategyIds[2]) }),
    );
    expect(response.status).toBe(302);
    expect(subscriptionRow(user.id)).toMatchObject({ plan: "starter", status: "ACTIVE" });
    expect(entitledIds(user)).toEqual([strategyIds[2]]);
    expect(billingRows(user.id).at(-1)).toMatchObject({ event: "plan_changed", plan: "starter", amountCents: 9700 });
  });

  it("an upgrade keeps the current period", async () => {
    const user = createUser({ firstName: "Up" });
    insertSubscription(user.id, "starter");
    const before = subscriptionRow(user.id)!;
    await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, await signedInCookie(user.id), { intent: "change-plan", plan: "institutional" }));
    const after = subscriptionRow(user.id)!;
    expect(after).toMatchObject({ plan: "institutional", startDate: before.startDate, endDate: before.endDate });
    expect(entitledIds(user)).toEqual(strategyIds);
  });

  it("a plan chosen during a trial starts when the trial ends, with the kept strategy; 'now' starts it at once", async () => {
    const user = createUser({ firstName: "Trial" });
    const trialEnd = new Date(Date.now() + 3 * DAY);
    insertSubscription(user.id, "pro", { status: "TRIAL", endDate: trialEnd });
    insertStrategyAccess(user.id, strategyIds);
    const cookie = await signedInCookie(user.id);
    await callRoute(
      subscriptionRoute.action,
      post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "starter", keep: String(strategyIds[1]) }),
    );
    expect(subscriptionRow(user.id)).toMatchObject({ plan: "pro", status: "TRIAL", pendingPlan: "starter" });
    expect(entitledIds(user)).toEqual([strategyIds[1], strategyIds[0], strategyIds[2]]);
    expect(billingRows(user.id).at(-1)).toMatchObject({ event: "plan_scheduled", plan: "starter", amountCents: 0 });
    // At the trial's end the Starter plan starts, charged then, and only the kept strategy stays.
    expect(entitledIds(user, new Date(trialEnd.getTime() + 1000))).toEqual([strategyIds[1]]);

    const other = createUser({ firstName: "Now" });
    insertSubscription(other.id, "pro", { status: "TRIAL", endDate: trialEnd });
    await callRoute(
      subscriptionRoute.action,
      post(SUBSCRIPTION, await signedInCookie(other.id), { intent: "change-plan", plan: "institutional", timing: "now" }),
    );
    const sub = subscriptionRow(other.id)!;
    expect(sub).toMatchObject({ plan: "institutional", status: "ACTIVE", pendingPlan: null });
    expect(sub.endDate.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
  });

  it("the confirmation URL describes the change and what it charges before anything changes", async () => {
    const user = createUser({ firstName: "Confirm" });
    insertSubscription(user.id, "pro", { status: "TRIAL", endDate: new Date(Date.now() + 3 * DAY) });
    insertStrategyAccess(user.id, strategyIds);
    const cookie = await signedInCookie(user.id);
    const data = await (await callRoute(subscriptionRoute.loader, get(`${SUBSCRIPTION}?confirm=change-plan&plan=starter`, cookie))).json();
    expect(data.confirmation).toMatchObject({ change: "change-plan", plan: "starter", title: "Choose the Starter plan", keep: 1 });
    expect(data.confirmation.picks.map((p: { id: number }) => p.id)).toEqual(strategyIds);
    const cancel = await (await callRoute(subscriptionRoute.loader, get(`${SUBSCRIPTION}?confirm=cancel`, cookie))).json();
    expect(cancel.confirmation).toMatchObject({ title: "Cancel your free trial?", choices: [{ label: "Cancel Trial" }] });
    const refused = await (await callRoute(subscriptionRoute.loader, get(`${SUBSCRIPTION}?confirm=pause`, cookie))).json();
    expect(refused.confirmation).toEqual({ refusal: "Only an active subscription can be paused." });
    expect(subscriptionRow(user.id)).toMatchObject({ status: "TRIAL", pendingPlan: null });
  });

  it("refuses an unknown plan (400, plan field) and the plan already held (400), changing nothing", async () => {
    const user = createUser({ firstName: "Same" });
    insertSubscription(user.id, "pro");
    const cookie = await signedInCookie(user.id);
    const unknown = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "platinum" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ intent: "change-plan", submission: { error: { plan: ["Choose Starter, Pro or Institutional"] } } });
    const same = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "pro" }));
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ submission: { error: { "": ["You are already on the Pro plan."] } } });
    const unknownIntent = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "delete-everything" }));
    expect(unknownIntent.status).toBe(400);
    expect(billingRows(user.id)).toEqual([]);
  });

  it("pause stops entitlements at once; resume restores them", async () => {
    const user = createUser({ firstName: "Pauser" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [strategyIds[1]]);
    const cookie = await signedInCookie(user.id);
    expect(entitledIds(user)).toEqual([strategyIds[1]]);

    const paused = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "pause" }));
    expect(paused.status).toBe(302);
    expect((await toastOf(paused))?.title).toBe("Subscription Updated");
    expect(subscriptionRow(user.id)?.status).toBe("PAUSED");
    expect(entitledIds(user)).toEqual([]);
    const data = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, cookie))).json();
    expect(data.subscription).toMatchObject({ status: "PAUSED", periodLabel: "Current period ends" });

    const again = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "pause" }));
    expect(again.status).toBe(400);
    const planWhilePaused = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "change-plan", plan: "pro" }));
    expect(planWhilePaused.status).toBe(400);

    const resumed = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "resume" }));
    expect(resumed.status).toBe(302);
    expect((await toastOf(resumed))?.title).toBe("Subscription Updated");
    expect(subscriptionRow(user.id)?.status).toBe("ACTIVE");
    expect(entitledIds(user)).toEqual([strategyIds[1]]);
    expect(billingRows(user.id).map((r) => [r.event, r.amountCents])).toEqual([
      ["paused", 0],
      ["resumed", 0],
    ]);
  });

  it("resuming after the paused period ended starts a new period at the plan price", async () => {
    const user = createUser({ firstName: "Late" });
    insertSubscription(user.id, "pro", { status: "PAUSED", endDate: new Date(Date.now() - DAY) });
    await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, await signedInCookie(user.id), { intent: "resume" }));
    const sub = subscriptionRow(user.id)!;
    expect(sub.status).toBe("ACTIVE");
    expect(sub.endDate.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(billingRows(user.id).at(-1)).toMatchObject({ event: "resumed", amountCents: 19700 });
  });

  it("cancel keeps the subscription ACTIVE until the period ends, then settling makes it CANCELLED", async () => {
    const user = createUser({ firstName: "Leaver" });
    insertSubscription(user.id, "starter");
    insertStrategyAccess(user.id, [strategyIds[0]]);
    const cookie = await signedInCookie(user.id);
    const response = await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "cancel" }));
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({
      title: "Subscription Cancelled",
      description: "Your subscription will remain active until the end of the current billing period.",
    });
    const sub = subscriptionRow(user.id)!;
    expect(sub).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
    expect(entitledIds(user)).toEqual([strategyIds[0]]);
    const data = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, cookie))).json();
    expect(data.subscription).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, periodLabel: "Access until" });
    expect((await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, cookie, { intent: "cancel" }))).status).toBe(400);

    // Just before the end: still active. At the end: settled to CANCELLED, no renewal recorded.
    expect(settleSubscription(user.id, new Date(sub.endDate.getTime() - 1))?.status).toBe("ACTIVE");
    expect(settleSubscription(user.id, sub.endDate)).toMatchObject({ status: "CANCELLED", cancelAtPeriodEnd: false });
    expect(entitledIds(user)).toEqual([]);
    expect(billingRows(user.id).map((r) => r.event)).toEqual(["cancelled"]);
  });

  it("a page view after the period ended shows the period in force and writes nothing; the scheduled renewal writes it", async () => {
    const renewing = createUser({ firstName: "Renew" });
    const endedAt = new Date(Date.now() - 2 * DAY);
    insertSubscription(renewing.id, "pro", { startDate: new Date(endedAt.getTime() - 30 * DAY), endDate: endedAt });
    insertStrategyAccess(renewing.id, [strategyIds[0]]);
    const data = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, await signedInCookie(renewing.id)))).json();
    expect(data.subscription.status).toBe("ACTIVE");
    expect(Date.parse(data.subscription.endDate)).toBeGreaterThan(Date.now());
    expect(subscriptionRow(renewing.id)?.endDate.getTime()).toBe(endedAt.getTime());
    expect(listBillingHistory(renewing.id)).toHaveLength(0);
    expect(entitledIds(renewing)).toEqual([strategyIds[0]]);

    const trial = createUser({ firstName: "Trialist" });
    insertSubscription(trial.id, "pro", { status: "TRIAL", endDate: new Date(Date.now() - DAY) });
    const trialData = await (await callRoute(subscriptionRoute.loader, get(SUBSCRIPTION, await signedInCookie(trial.id)))).json();
    expect(trialData.subscription).toMatchObject({ status: "EXPIRED", periodLabel: "Trial ended" });
    expect(subscriptionRow(trial.id)?.status).toBe("TRIAL");

    const outcomes = renewDueSubscriptions(new Date());
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { userId: renewing.id, from: "ACTIVE", to: "ACTIVE", records: 1 },
        { userId: trial.id, from: "TRIAL", to: "EXPIRED", records: 0 },
      ]),
    );
    expect(subscriptionRow(renewing.id)?.endDate.getTime()).toBeGreaterThan(Date.now());
    expect(listBillingHistory(renewing.id)[0]).toMatchObject({ event: "renewed", description: "Pro plan renewed — $197.00/month" });
    expect(subscriptionRow(trial.id)?.status).toBe("EXPIRED");
    expect(renewDueSubscriptions(new Date()).filter((o) => o.userId === renewing.id || o.userId === trial.id)).toEqual([]);
  });

  it("ignores a user id in the form: user B posting with A's id changes only B", async () => {
    const a = createUser({ firstName: "Anna" });
    const b = createUser({ firstName: "Ben" });
    insertSubscription(a.id, "starter");
    insertSubscription(b.id, "starter");
    const response = await callRoute(
      subscriptionRoute.action,
      post(SUBSCRIPTION, await signedInCookie(b.id), { intent: "change-plan", plan: "institutional", userId: String(a.id), user_id: String(a.id) }),
    );
    expect(response.status).toBe(302);
    expect(subscriptionRow(a.id)?.plan).toBe("starter");
    expect(subscriptionRow(b.id)?.plan).toBe("institutional");
    expect(billingRows(a.id)).toEqual([]);
    await callRoute(subscriptionRoute.action, post(SUBSCRIPTION, await signedInCookie(b.id), { intent: "pause", userId: String(a.id) }));
    expect(subscriptionRow(a.id)?.status).toBe("ACTIVE");
    expect(subscriptionRow(b.id)?.status).toBe("PAUSED");
  });
});
