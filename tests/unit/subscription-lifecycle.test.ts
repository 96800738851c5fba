/**
 * The pure subscription lifecycle: every transition, the refused ones, settle
 * at period end, and calendar-month arithmetic in UTC.
 */
import { describe, expect, it } from "vitest";
import {
  addUtcMonths,
  cancel,
  changePlan,
  confirmationFor,
  needsSettlement,
  orderPicksForPlan,
  nextPeriodEnd,
  pause,
  periodLabel,
  planPriceCents,
  planPriceLabel,
  picksToKeep,
  resume,
  settle,
  statusDisplay,
  trialStatus,
  strategyLimitLabel,
  type LifecycleResult,
  type SubscriptionState,
} from "~/domain/subscription-lifecycle";
import { formatUsdCents } from "~/domain/money";
import { entitledStrategyIds } from "~/domain/entitlements";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

function state(extra: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    plan: "pro",
    status: "ACTIVE",
    startDate: new Date("2026-11-01T09:00:00.000Z"),
    endDate: new Date("2026-12-01T09:00:00.000Z"),
    cancelAtPeriodEnd: false,
    pendingPlan: null,
    ...extra,
  };
}

function ok(result: LifecycleResult) {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result;
}

function err(result: LifecycleResult) {
  if (result.ok) throw new Error("expected an error");
  return result.error;
}

describe("prices and labels", () => {
  it("uses the plan prices in cents", () => {
    expect(planPriceCents("starter")).toBe(9700);
    expect(planPriceCents("pro")).toBe(19700);
    expect(planPriceCents("institutional")).toBe(49700);
    expect(formatUsdCents(19700)).toBe("$197.00");
    expect(formatUsdCents(0)).toBe("$0.00");
    expect(planPriceLabel("pro")).toBe("Pro plan — $197.00/month");
    expect(strategyLimitLabel("starter")).toBe("1 strategy");
    expect(strategyLimitLabel("pro")).toBe("3 strategies");
    expect(strategyLimitLabel("institutional")).toBe("All strategies");
  });

  it("labels the end date by status", () => {
    expect(periodLabel({ status: "ACTIVE", cancelAtPeriodEnd: false })).toBe("Next billing date");
    expect(periodLabel({ status: "ACTIVE", cancelAtPeriodEnd: true })).toBe("Access until");
    expect(periodLabel({ status: "TRIAL", cancelAtPeriodEnd: false })).toBe("Trial ends");
    expect(periodLabel({ status: "TRIAL", cancelAtPeriodEnd: true })).toBe("Access until");
    expect(periodLabel({ status: "PAUSED", cancelAtPeriodEnd: false })).toBe("Current period ends");
    expect(periodLabel({ status: "CANCELLED", cancelAtPeriodEnd: false })).toBe("Ended on");
    expect(periodLabel({ status: "EXPIRED", cancelAtPeriodEnd: false })).toBe("Trial ended");
  });
});

describe("month arithmetic (UTC)", () => {
  it("clamps to the last day of shorter months", () => {
    expect(addUtcMonths(new Date("2026-01-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(addUtcMonths(new Date("2028-01-31T12:00:00Z"), 1).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addUtcMonths(new Date("2026-03-31T00:30:00Z"), 1).toISOString()).toBe("2026-04-30T00:30:00.000Z");
    expect(addUtcMonths(new Date("2026-12-15T23:59:00Z"), 1).toISOString()).toBe("2027-01-15T23:59:00.000Z");
  });

  it("keeps renewals anchored on the start day (Jan 31 → Feb 28 → Mar 31)", () => {
    const anchor = new Date("2026-01-31T12:00:00Z");
    const feb = addUtcMonths(anchor, 1);
    expect(nextPeriodEnd(anchor, feb).toISOString()).toBe("2026-03-31T12:00:00.000Z");
    // An end date off the anchor's grid simply moves on a month.
    expect(nextPeriodEnd(anchor, new Date("2026-02-10T00:00:00Z")).toISOString()).toBe("2026-03-10T00:00:00.000Z");
  });
});

describe("changePlan", () => {
  it.each([
    ["no subscription", null],
    ["EXPIRED", state({ status: "EXPIRED", endDate: new Date(NOW.getTime() - DAY) })],
    ["CANCELLED", state({ status: "CANCELLED", endDate: new Date(NOW.getTime() - DAY) })],
  ])("from %s starts an ACTIVE one-month period now", (_label, from) => {
    const result = ok(changePlan(from, "starter", NOW));
    expect(result.subscription).toEqual({
      plan: "starter",
      status: "ACTIVE",
      startDate: NOW,
      endDate: new Date("2026-12-22T10:00:00.000Z"),
      cancelAtPeriodEnd: false,
      pendingPlan: null,
    });
    expect(result.billing).toEqual([
      { event: "plan_changed", plan: "starter", amountCents: 9700, description: "Starter plan — $97.00/month", at: NOW },
    ]);
  });

  const trial = state({ status: "TRIAL", startDate: NOW, endDate: new Date("2026-11-29T10:00:00.000Z") });

  it("during a TRIAL schedules the plan for the trial's end, charging nothing now", () => {
    const result = ok(changePlan(trial, "starter", NOW));
    expect(result.subscription).toEqual({ ...trial, pendingPlan: "starter" });
    expect(result.billing).toEqual([
      {
        event: "plan_scheduled",
        plan: "starter",
        amountCents: 0,
        description: "Starter plan — starts Nov 29, 2026, when the free trial ends",
        at: NOW,
      },
    ]);
    expect(err(changePlan({ ...trial, pendingPlan: "starter" }, "starter", NOW)).code).toBe("same-plan");
    expect(ok(changePlan({ ...trial, pendingPlan: "starter" }, "institutional", NOW)).subscription.pendingPlan).toBe("institutional");
  });

  it("during a TRIAL with timing 'now' ends the trial and starts the plan today at its price", () => {
    const result = ok(changePlan({ ...trial, pendingPlan: "institutional" }, "starter", NOW, "now"));
    expect(result.subscription).toEqual({
      plan: "starter",
      status: "ACTIVE",
      startDate: NOW,
      endDate: new Date("2026-12-22T10:00:00.000Z"),
      cancelAtPeriodEnd: false,
      pendingPlan: null,
    });
    expect(result.billing).toEqual([
      { event: "plan_changed", plan: "starter", amountCents: 9700, description: "Starter plan — $97.00/month", at: NOW },
    ]);
  });

  it("from Jan 31 ends the first period on Feb 28", () => {
    const jan31 = new Date("2026-01-31T08:00:00Z");
    expect(ok(changePlan(null, "pro", jan31)).subscription.endDate.toISOString()).toBe("2026-02-28T08:00:00.000Z");
  });

  it("on ACTIVE switches plan at once and keeps the period", () => {
    const from = state();
    const result = ok(changePlan(from, "institutional", NOW));
    expect(result.subscription).toEqual({ ...from, plan: "institutional" });
    expect(result.billing).toEqual([
      { event: "plan_changed", plan: "institutional", amountCents: 49700, description: "Institutional plan — $497.00/month", at: NOW },
    ]);
  });

  it("on ACTIVE while cancelling switches plan and withdraws the cancellation", () => {
    const result = ok(changePlan(state({ cancelAtPeriodEnd: true }), "starter", NOW));
    expect(result.subscription.cancelAtPeriodEnd).toBe(false);
    expect(result.subscription.plan).toBe("starter");
  });

  it("to the same plan while cancelling withdraws the cancellation without a charge", () => {
    const result = ok(changePlan(state({ cancelAtPeriodEnd: true }), "pro", NOW));
    expect(result.subscription).toEqual(state());
    expect(result.billing).toHaveLength(1);
    expect(result.billing[0]).toMatchObject({ event: "resumed", amountCents: 0 });
  });

  it("refuses the plan already held and a paused subscription", () => {
    expect(err(changePlan(state(), "pro", NOW))).toMatchObject({ code: "same-plan", message: "You are already on the Pro plan." });
    expect(err(changePlan(state({ status: "PAUSED" }), "starter", NOW)).code).toBe("paused");
  });
});

describe("pause", () => {
  it("ACTIVE → PAUSED, keeping the period, nothing charged", () => {
    const result = ok(pause(state(), NOW));
    expect(result.subscription).toEqual(state({ status: "PAUSED" }));
    expect(result.billing).toEqual([{ event: "paused", plan: "pro", amountCents: 0, description: "Pro plan paused", at: NOW }]);
  });

  it("refuses anything but a plain ACTIVE subscription", () => {
    expect(err(pause(null, NOW)).code).toBe("no-subscription");
    for (const status of ["TRIAL", "PAUSED", "CANCELLED", "EXPIRED"] as const) {
      expect(err(pause(state({ status }), NOW)).code, status).toBe("not-active");
    }
    expect(err(pause(state({ cancelAtPeriodEnd: true }), NOW)).code).toBe("already-cancelling");
  });
});

describe("resume", () => {
  it("PAUSED within its period → ACTIVE with the same period, nothing charged", () => {
    const result = ok(resume(state({ status: "PAUSED" }), NOW));
    expect(result.subscription).toEqual(state());
    expect(result.billing).toEqual([{ event: "resumed", plan: "pro", amountCents: 0, description: "Pro plan resumed", at: NOW }]);
  });

  it("PAUSED after its period ended → ACTIVE with a new period from now at the plan price", () => {
    const result = ok(resume(state({ status: "PAUSED", endDate: new Date("2026-11-20T00:00:00Z") }), NOW));
    expect(result.subscription).toEqual({
      plan: "pro",
      status: "ACTIVE",
      startDate: NOW,
      endDate: new Date("2026-12-22T10:00:00.000Z"),
      cancelAtPeriodEnd: false,
      pendingPlan: null,
    });
    expect(result.billing[0]).toMatchObject({ event: "resumed", amountCents: 19700, description: "Pro plan resumed — $197.00/month" });
  });

  it("refuses anything not PAUSED", () => {
    expect(err(resume(null, NOW)).code).toBe("no-subscription");
    for (const status of ["ACTIVE", "TRIAL", "CANCELLED", "EXPIRED"] as const) {
      expect(err(resume(state({ status }), NOW)).code, status).toBe("not-paused");
    }
  });
});

describe("cancel", () => {
  it("ACTIVE stays ACTIVE until the end of the period, flagged to end", () => {
    const result = ok(cancel(state(), NOW));
    expect(result.subscription).toEqual(state({ cancelAtPeriodEnd: true }));
    expect(result.billing).toEqual([
      { event: "cancelled", plan: "pro", amountCents: 0, description: "Pro plan cancelled — active until Dec 1, 2026", at: NOW },
    ]);
  });

  it("PAUSED ends at once", () => {
    const result = ok(cancel(state({ status: "PAUSED" }), NOW));
    expect(result.subscription).toMatchObject({ status: "CANCELLED", endDate: NOW, cancelAtPeriodEnd: false });
  });

  it("TRIAL keeps access to its end with nothing charged, and a scheduled plan never starts", () => {
    const trialEnd = new Date("2026-11-29T10:00:00.000Z");
    const result = ok(cancel(state({ status: "TRIAL", endDate: trialEnd, pendingPlan: "starter" }), NOW));
    expect(result.subscription).toMatchObject({ status: "TRIAL", endDate: trialEnd, cancelAtPeriodEnd: true, pendingPlan: null });
    expect(result.billing).toEqual([
      { event: "cancelled", plan: "pro", amountCents: 0, description: "Pro trial cancelled — access until Nov 29, 2026, nothing charged", at: NOW },
    ]);
    expect(entitledStrategyIds({ role: "user", subscription: result.subscription, chosenStrategyIds: [1], allStrategyIds: [1, 2], now: NOW })).toEqual([1]);
    expect(statusDisplay({ ...result.subscription, planName: "Pro" }, NOW)).toEqual({ label: "Cancelled — access until Nov 29, 2026", tone: "warning" });
    expect(err(cancel(result.subscription, NOW)).code).toBe("already-cancelling");
  });

  it("a cancelled TRIAL becomes CANCELLED (not EXPIRED) at its end and then grants nothing", () => {
    const cancelled = state({ status: "TRIAL", endDate: new Date(NOW.getTime() - 1), cancelAtPeriodEnd: true });
    const result = settle(cancelled, NOW);
    expect(result.subscription).toMatchObject({ status: "CANCELLED", cancelAtPeriodEnd: false, endDate: cancelled.endDate });
    expect(result.billing).toEqual([]);
    expect(entitledStrategyIds({ role: "user", subscription: cancelled, chosenStrategyIds: [1], allStrategyIds: [1], now: NOW })).toEqual([]);
    expect(statusDisplay({ ...result.subscription, planName: "Pro" }, NOW)).toEqual({ label: "Cancelled", tone: "neutral" });
  });

  it("choosing a plan during a cancelled TRIAL withdraws the cancellation", () => {
    const cancelled = state({ status: "TRIAL", endDate: new Date("2026-11-29T10:00:00.000Z"), cancelAtPeriodEnd: true });
    expect(ok(changePlan(cancelled, "starter", NOW)).subscription).toMatchObject({ status: "TRIAL", pendingPlan: "starter", cancelAtPeriodEnd: false });
  });

  it("refuses twice, ended subscriptions and no subscription", () => {
    expect(err(cancel(state({ cancelAtPeriodEnd: true }), NOW)).code).toBe("already-cancelling");
    expect(err(cancel(state({ status: "CANCELLED" }), NOW)).code).toBe("not-active");
    expect(err(cancel(state({ status: "EXPIRED" }), NOW)).code).toBe("not-active");
    expect(err(cancel(null, NOW)).code).toBe("no-subscription");
  });
});

describe("settle", () => {
  const ended = new Date("2026-12-01T09:00:00.000Z");

  it("does nothing before the period ends", () => {
    const before = new Date(ended.getTime() - 1);
    expect(needsSettlement(state(), before)).toBe(false);
    expect(settle(state(), before)).toEqual({ subscription: state(), billing: [], changed: false });
  });

  it("cancelling ACTIVE → CANCELLED at the period end", () => {
    const result = settle(state({ cancelAtPeriodEnd: true }), ended);
    expect(result.changed).toBe(true);
    expect(result.subscription).toEqual(state({ status: "CANCELLED", cancelAtPeriodEnd: false }));
    expect(result.billing).toEqual([]);
  });

  it("TRIAL → EXPIRED", () => {
    const trial = state({ status: "TRIAL", endDate: new Date(NOW.getTime() - DAY) });
    const result = settle(trial, NOW);
    expect(result.subscription.status).toBe("EXPIRED");
    expect(result.billing).toEqual([]);
  });

  it("TRIAL with a scheduled plan → ACTIVE on it from the trial's end, charged then, renewed after", () => {
    const trialEnd = new Date("2026-11-29T10:00:00.000Z");
    const trial = state({ status: "TRIAL", startDate: new Date("2026-11-22T10:00:00.000Z"), endDate: trialEnd, pendingPlan: "starter" });
    const atEnd = settle(trial, trialEnd);
    expect(atEnd.subscription).toEqual({
      plan: "starter",
      status: "ACTIVE",
      startDate: trialEnd,
      endDate: new Date("2026-12-29T10:00:00.000Z"),
      cancelAtPeriodEnd: false,
      pendingPlan: null,
    });
    expect(atEnd.billing).toEqual([
      { event: "plan_changed", plan: "starter", amountCents: 9700, description: "Starter plan — $97.00/month", at: trialEnd },
    ]);
    const twoMonthsOn = settle(trial, new Date("2027-01-05T00:00:00.000Z"));
    expect(twoMonthsOn.billing.map((b) => [b.event, b.at.toISOString()])).toEqual([
      ["plan_changed", "2026-11-29T10:00:00.000Z"],
      ["renewed", "2026-12-29T10:00:00.000Z"],
    ]);
    expect(twoMonthsOn.subscription.endDate.toISOString()).toBe("2027-01-29T10:00:00.000Z");
  });

  it("ACTIVE renews for another month with a 'renewed' record at the plan price", () => {
    const result = settle(state(), new Date(ended.getTime() + DAY));
    expect(result.subscription).toEqual(state({ endDate: new Date("2027-01-01T09:00:00.000Z") }));
    expect(result.billing).toEqual([
      { event: "renewed", plan: "pro", amountCents: 19700, description: "Pro plan renewed — $197.00/month", at: ended },
    ]);
  });

  it("ACTIVE renews once per missed month, anchored on the start day", () => {
    const jan31 = state({ startDate: new Date("2026-01-31T12:00:00Z"), endDate: new Date("2026-02-28T12:00:00Z") });
    const result = settle(jan31, new Date("2026-04-15T00:00:00Z"));
    expect(result.billing.map((b) => b.at.toISOString())).toEqual(["2026-02-28T12:00:00.000Z", "2026-03-31T12:00:00.000Z"]);
    expect(result.subscription.endDate.toISOString()).toBe("2026-04-30T12:00:00.000Z");
  });

  it.each(["PAUSED", "CANCELLED", "EXPIRED"] as const)("%s stays as it is", (status) => {
    const s = state({ status, endDate: new Date(NOW.getTime() - 40 * DAY) });
    expect(needsSettlement(s, NOW)).toBe(false);
    expect(settle(s, NOW)).toEqual({ subscription: s, billing: [], changed: false });
  });
});

describe("downgrade picks", () => {
  it("asks to keep the plan's limit only when the user follows more strategies", () => {
    expect(picksToKeep("starter", 3)).toBe(1);
    expect(picksToKeep("pro", 3)).toBeNull();
    expect(picksToKeep("starter", 1)).toBeNull();
    expect(picksToKeep("institutional", 9)).toBeNull();
  });

  it("puts the kept strategies first and refuses an empty, too long or unknown choice", () => {
    expect(orderPicksForPlan([1, 2, 3], [3], "starter")).toEqual({ ok: true, picks: [3, 1, 2] });
    expect(orderPicksForPlan([1, 2, 3], [], "pro")).toEqual({ ok: true, picks: [1, 2, 3] });
    for (const keep of [[], [1, 2], [7]]) {
      const result = orderPicksForPlan([1, 2, 3], keep, "starter");
      expect(result).toEqual({
        ok: false,
        error: { code: "keep-required", message: "Choose the 1 strategy to keep on the Starter plan." },
      });
    }
  });
});

describe("confirmationFor", () => {
  const trial = state({ status: "TRIAL", startDate: NOW, endDate: new Date("2026-11-29T10:00:00.000Z") });

  function confirmation(result: ReturnType<typeof confirmationFor>) {
    if (!result.ok) throw new Error(result.error.message);
    return result.confirmation;
  }

  it("a plan chosen during a trial offers the trial's end (no charge now) or now with the charge, and asks which picks to keep", () => {
    const c = confirmation(confirmationFor(trial, { kind: "change-plan", plan: "starter" }, 3, NOW));
    expect(c.title).toBe("Choose the Starter plan");
    expect(c.consequences).toEqual([
      "Your free trial continues until Nov 29, 2026. Then the Starter plan starts: $97.00 is charged on Nov 29, 2026 and every month after.",
      "Or start it now: your trial ends today and $97.00 is charged today.",
      "The Starter plan includes 1 strategy: choose which to keep. The others lock when the plan starts.",
      "Telegram alerts: switched off.",
      "Browser push alerts: switched off.",
      "MT5 order queue: switched off.",
    ]);
    expect(c.choices).toEqual([
      { label: "Start when my trial ends", timing: "trial-end" },
      { label: "Start now and pay $97.00 today", timing: "now" },
    ]);
    expect(c.keep).toBe(1);
  });

  it("pause, cancel and a trial's cancel say what happens and when", () => {
    expect(confirmation(confirmationFor(state(), { kind: "pause" }, 3, NOW)).consequences[1]).toBe(
      "Resume before Dec 1, 2026 and your current period carries on; resume later and a new monthly period starts that day at $197.00.",
    );
    expect(confirmation(confirmationFor(state(), { kind: "cancel" }, 3, NOW)).consequences[0]).toBe(
      "Your subscription stays active until Dec 1, 2026, then ends.",
    );
    const cancelTrial = confirmation(confirmationFor({ ...trial, pendingPlan: "starter" }, { kind: "cancel" }, 3, NOW));
    expect(cancelTrial).toEqual({
      title: "Cancel your free trial?",
      consequences: [
        "You keep your Pro trial until Nov 29, 2026; then it ends and live signals lock.",
        "Nothing is charged. The Starter plan you chose will not start.",
      ],
      choices: [{ label: "Cancel Trial" }],
      keep: null,
    });
  });

  it("an ACTIVE downgrade states the charge and asks which picks to keep; refused changes give the refusal", () => {
    const c = confirmation(confirmationFor(state(), { kind: "change-plan", plan: "starter" }, 3, NOW));
    expect(c.consequences[0]).toBe("The Starter plan applies at once and $97.00 is charged today; your billing date stays Dec 1, 2026.");
    expect(c.keep).toBe(1);
    expect(confirmationFor(state({ status: "PAUSED" }), { kind: "pause" }, 3, NOW)).toMatchObject({ ok: false, error: { code: "not-active" } });
    expect(confirmationFor(state(), { kind: "change-plan", plan: "pro" }, 3, NOW)).toMatchObject({ ok: false, error: { code: "same-plan" } });
  });
});

describe("trialStatus", () => {
  const end = new Date("2026-11-29T10:00:00.000Z");

  it("counts whole days left, rounded up, and warns only when fewer than 2 days remain", () => {
    expect(trialStatus("Pro", end, new Date("2026-11-22T10:00:00.000Z"))).toEqual({ label: "Pro trial · 7 days left", ending: false });
    expect(trialStatus("Pro", end, new Date("2026-11-23T09:00:00.000Z"))).toEqual({ label: "Pro trial · 7 days left", ending: false });
    expect(trialStatus("Pro", end, new Date("2026-11-27T10:00:00.000Z"))).toEqual({ label: "Pro trial · 2 days left", ending: false });
    expect(trialStatus("Pro", end, new Date("2026-11-27T10:00:00.001Z"))).toEqual({ label: "Pro trial · 2 days left", ending: true });
    expect(trialStatus("Pro", end, new Date("2026-11-29T09:00:00.000Z"))).toEqual({ label: "Pro trial · 1 day left", ending: true });
  });
});

describe("statusDisplay", () => {
  const at = (status: SubscriptionState["status"], cancelAtPeriodEnd = false) =>
    statusDisplay({ status, planName: "Pro", endDate: new Date("2026-12-01T09:00:00.000Z"), cancelAtPeriodEnd }, NOW);

  it("reads every status one way, a cancelled ACTIVE subscription with its access date", () => {
    expect(at("ACTIVE")).toEqual({ label: "Active", tone: "success" });
    expect(at("ACTIVE", true)).toEqual({ label: "Cancelled — access until Dec 1, 2026", tone: "warning" });
    expect(at("TRIAL")).toEqual({ label: expect.stringMatching(/^Pro trial · \d+ days left$/), tone: "success" });
    expect(at("PAUSED")).toEqual({ label: "Paused", tone: "warning" });
    expect(at("EXPIRED")).toEqual({ label: "Expired", tone: "neutral" });
  });
});
