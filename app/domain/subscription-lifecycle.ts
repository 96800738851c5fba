/**
 * The subscription lifecycle as pure transitions (docs/decisions/subscriptions-and-billing.md).
 *
 * Every function takes the current state (or null for a user on the Free tier)
 * and `now`, and returns either the next state plus the billing records the
 * change produces, or a typed error for a transition that is not allowed. No
 * I/O: the model (`app/models/subscriptions.server.ts`) persists the result.
 *
 * Units: dates are UTC instants (`Date`); amounts are US cents; a billing
 * period is one calendar month (date-fns `addMonths`, so Jan 31 + 1 month is
 * Feb 28, or Feb 29 in a leap year). Renewals stay anchored on the day of
 * `startDate`: a period started Jan 31 renews Feb 28, then Mar 31, Apr 30, ...
 *
 * No payment provider is wired in yet: billing records say what a change
 * costs, they are not charges.
 */
import { formatUsdCents } from "./money";
import { addMonths } from "date-fns";
import type { BILLING_EVENTS, PlanId, SubscriptionStatus } from "../../db/schema";
import { PLAN_RULES } from "~/content/plans";
import { lostFeatures } from "./entitlements";

export type BillingEvent = (typeof BILLING_EVENTS)[number];

/** The persisted facts of a subscription that transitions read and write. */
export interface SubscriptionState {
  plan: PlanId;
  status: SubscriptionStatus;
  /** Start of the subscription's billing anchor (when the trial or paid period began). */
  startDate: Date;
  /** End of the current period: trial end, next billing date, or when it ended. */
  endDate: Date;
  /** ACTIVE or TRIAL but ends (becomes CANCELLED) when the current period ends; access lasts until then. */
  cancelAtPeriodEnd: boolean;
  /** TRIAL only: the plan that starts, and is charged, when the trial ends (null: the trial just ends). */
  pendingPlan: PlanId | null;
}

/** One row for the billing history. */
export interface BillingEntry {
  event: BillingEvent;
  plan: PlanId;
  /** US cents; 0 for status changes that cost nothing. */
  amountCents: number;
  description: string;
  /** When it happened (UTC). */
  at: Date;
}

export type LifecycleErrorCode =
  | "no-subscription"
  | "same-plan"
  | "paused"
  | "not-active"
  | "not-paused"
  | "already-cancelling"
  | "not-trial"
  | "keep-required";

/** Why a transition is not allowed, with a message fit to show the user. */
export interface LifecycleError {
  code: LifecycleErrorCode;
  message: string;
}

export type LifecycleResult =
  | { ok: true; subscription: SubscriptionState; billing: BillingEntry[] }
  | { ok: false; error: LifecycleError };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Most renewals one settle applies (about 100 years of monthly periods), so bad data cannot loop forever. */
export const MAX_RENEWALS_PER_SETTLE = 1200;

/** A plan's monthly price in US cents. */
export function planPriceCents(plan: PlanId): number {
  return Math.round(PLAN_RULES[plan].monthlyPriceUsd * 100);
}

/** 'Pro plan — $197.00/month'. */
export function planPriceLabel(plan: PlanId): string {
  return `${PLAN_RULES[plan].name} plan — ${formatUsdCents(planPriceCents(plan))}/month`;
}

/** A UTC calendar date such as 'Dec 1, 2026' (kept here so the domain stays free of UI modules). */
function utcDate(date: Date): string {
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/**
 * A Date whose calendar getters and setters work in UTC, passed to date-fns as
 * its `in` context so month arithmetic does not depend on the server's time zone.
 */
class UtcCalendarDate extends Date {
  override getDate(): number {
    return this.getUTCDate();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override setMonth(month: number, date?: number): number {
    return date === undefined ? this.setUTCMonth(month) : this.setUTCMonth(month, date);
  }
  override setFullYear(year: number, month?: number, date?: number): number {
    if (month === undefined) return this.setUTCFullYear(year);
    return date === undefined ? this.setUTCFullYear(year, month) : this.setUTCFullYear(year, month, date);
  }
}

const inUtc = (value: Date | number | string) => new UtcCalendarDate(value);

/**
 * `date` plus `months` calendar months in UTC (date-fns `addMonths`): the same
 * day of the month, or the month's last day when it is shorter (Jan 31 + 1 → Feb 28).
 */
export function addUtcMonths(date: Date, months: number): Date {
  return new Date(addMonths(date, months, { in: inUtc }).getTime());
}

/** The end of a one-month period that starts at `start`. */
export function oneMonthAfter(start: Date): Date {
  return addUtcMonths(start, 1);
}

/**
 * The end of the period that follows one ending at `end`, for a subscription
 * anchored at `anchor`. When `end` is a monthly boundary of the anchor
 * (`addMonths(anchor, k)`), the next one is `addMonths(anchor, k + 1)`, which
 * keeps the billing day stable across short months (Jan 31 → Feb 28 → Mar 31);
 * otherwise simply `addMonths(end, 1)`.
 */
export function nextPeriodEnd(anchor: Date, end: Date): Date {
  for (let k = 1; k <= MAX_RENEWALS_PER_SETTLE * 2; k++) {
    const boundary = addUtcMonths(anchor, k);
    if (boundary.getTime() === end.getTime()) return addUtcMonths(anchor, k + 1);
    if (boundary > end) break;
  }
  return addUtcMonths(end, 1);
}

function fail(code: LifecycleErrorCode, message: string): LifecycleResult {
  return { ok: false, error: { code, message } };
}

function startNewPeriod(plan: PlanId, now: Date): SubscriptionState {
  return { plan, status: "ACTIVE", startDate: now, endDate: oneMonthAfter(now), cancelAtPeriodEnd: false, pendingPlan: null };
}

/** When a plan chosen during a trial starts: when the trial ends (the default), or at once (ending the trial). */
export type PlanTiming = "trial-end" | "now";

/**
 * Choose a plan.
 * - TRIAL, `timing` 'trial-end' (the default) → stays TRIAL with `pendingPlan`:
 *   the plan starts, and is charged, when the trial ends (see `settle`); a
 *   'plan_scheduled' record of $0. Choosing again replaces the scheduled plan;
 *   choosing one after cancelling the trial withdraws the cancellation.
 * - TRIAL, `timing` 'now' → the trial ends and `plan` starts at once, charged today.
 * - none, EXPIRED or CANCELLED → ACTIVE on `plan` with a new one-month period starting `now`.
 * - ACTIVE → switches to `plan` at once, keeping the current period (no proration)
 *   and withdrawing a pending cancellation.
 * - ACTIVE with a pending cancellation, same plan → the cancellation is withdrawn
 *   (a 'resumed' record, nothing charged).
 * The record's amount is the new plan's monthly price.
 * Errors: `same-plan` (already ACTIVE on it), `paused` (resume first).
 */
export function changePlan(
  state: SubscriptionState | null,
  plan: PlanId,
  now: Date,
  timing: PlanTiming = "trial-end",
): LifecycleResult {
  const price = planPriceCents(plan);
  const record: BillingEntry = { event: "plan_changed", plan, amountCents: price, description: planPriceLabel(plan), at: now };
  if (state?.status === "TRIAL" && timing === "trial-end") {
    if (state.pendingPlan === plan) {
      return fail("same-plan", `Your ${PLAN_RULES[plan].name} plan already starts when your trial ends on ${utcDate(state.endDate)}.`);
    }
    return {
      ok: true,
      subscription: { ...state, pendingPlan: plan, cancelAtPeriodEnd: false },
      billing: [
        {
          event: "plan_scheduled",
          plan,
          amountCents: 0,
          description: `${PLAN_RULES[plan].name} plan — starts ${utcDate(state.endDate)}, when the free trial ends`,
          at: now,
        },
      ],
    };
  }
  if (!state || state.status === "TRIAL" || state.status === "EXPIRED" || state.status === "CANCELLED") {
    return { ok: true, subscription: startNewPeriod(plan, now), billing: [record] };
  }
  if (state.status === "PAUSED") {
    return fail("paused", "Your subscription is paused. Resume it before changing plan.");
  }
  // ACTIVE
  if (state.plan === plan) {
    if (!state.cancelAtPeriodEnd) return fail("same-plan", `You are already on the ${PLAN_RULES[plan].name} plan.`);
    return {
      ok: true,
      subscription: { ...state, cancelAtPeriodEnd: false },
      billing: [
        {
          event: "resumed",
          plan,
          amountCents: 0,
          description: `${PLAN_RULES[plan].name} plan — cancellation withdrawn`,
          at: now,
        },
      ],
    };
  }
  return { ok: true, subscription: { ...state, plan, cancelAtPeriodEnd: false }, billing: [record] };
}

/**
 * Pause: ACTIVE → PAUSED; entitlements stop at once, the period end is kept.
 * Errors: `not-active` (only an ACTIVE subscription can pause), `already-cancelling`.
 */
export function pause(state: SubscriptionState | null, now: Date): LifecycleResult {
  if (!state) return fail("no-subscription", "You have no subscription to pause.");
  if (state.status !== "ACTIVE") return fail("not-active", "Only an active subscription can be paused.");
  if (state.cancelAtPeriodEnd) {
    return fail("already-cancelling", `Your subscription is cancelled and ends on ${utcDate(state.endDate)}; it cannot be paused.`);
  }
  return {
    ok: true,
    subscription: { ...state, status: "PAUSED" },
    billing: [{ event: "paused", plan: state.plan, amountCents: 0, description: `${PLAN_RULES[state.plan].name} plan paused`, at: now }],
  };
}

/**
 * Resume: PAUSED → ACTIVE. While the paused period has not ended it carries on
 * (nothing charged); if it ended meanwhile a new one-month period starts `now`
 * at the plan's price.
 * Errors: `not-paused`.
 */
export function resume(state: SubscriptionState | null, now: Date): LifecycleResult {
  if (!state) return fail("no-subscription", "You have no subscription to resume.");
  if (state.status !== "PAUSED") return fail("not-paused", "Only a paused subscription can be resumed.");
  const name = PLAN_RULES[state.plan].name;
  if (state.endDate > now) {
    return {
      ok: true,
      subscription: { ...state, status: "ACTIVE", cancelAtPeriodEnd: false },
      billing: [{ event: "resumed", plan: state.plan, amountCents: 0, description: `${name} plan resumed`, at: now }],
    };
  }
  return {
    ok: true,
    subscription: startNewPeriod(state.plan, now),
    billing: [
      {
        event: "resumed",
        plan: state.plan,
        amountCents: planPriceCents(state.plan),
        description: `${name} plan resumed — ${formatUsdCents(planPriceCents(state.plan))}/month`,
        at: now,
      },
    ],
  };
}

/**
 * Cancel.
 * - ACTIVE → stays ACTIVE with `cancelAtPeriodEnd`: it stays active to the end
 *   of the period, then ends (see `settle`).
 * - PAUSED → CANCELLED at once (a paused subscription grants nothing, so nothing is cut short).
 * - TRIAL → stays TRIAL with `cancelAtPeriodEnd`: access lasts to the trial's
 *   end, then it becomes CANCELLED (see `settle`); a scheduled plan never
 *   starts and nothing is charged.
 * Errors: `already-cancelling`, `not-active` (EXPIRED, CANCELLED), `no-subscription`.
 */
export function cancel(state: SubscriptionState | null, now: Date): LifecycleResult {
  if (!state) return fail("no-subscription", "You have no subscription to cancel.");
  const name = PLAN_RULES[state.plan].name;
  if (state.status === "PAUSED") {
    return {
      ok: true,
      subscription: { ...state, status: "CANCELLED", endDate: now, cancelAtPeriodEnd: false },
      billing: [{ event: "cancelled", plan: state.plan, amountCents: 0, description: `${name} plan cancelled`, at: now }],
    };
  }
  if (state.status !== "ACTIVE" && state.status !== "TRIAL") return fail("not-active", "Your subscription has already ended.");
  if (state.cancelAtPeriodEnd) {
    return fail("already-cancelling", `Your subscription is already cancelled and ends on ${utcDate(state.endDate)}.`);
  }
  if (state.status === "TRIAL") {
    return {
      ok: true,
      subscription: { ...state, cancelAtPeriodEnd: true, pendingPlan: null },
      billing: [
        {
          event: "cancelled",
          plan: state.plan,
          amountCents: 0,
          description: `${name} trial cancelled — access until ${utcDate(state.endDate)}, nothing charged`,
          at: now,
        },
      ],
    };
  }
  return {
    ok: true,
    subscription: { ...state, cancelAtPeriodEnd: true },
    billing: [
      {
        event: "cancelled",
        plan: state.plan,
        amountCents: 0,
        description: `${name} plan cancelled — active until ${utcDate(state.endDate)}`,
        at: now,
      },
    ],
  };
}

/** Whether `settle(state, now)` would change anything: the current period of an ACTIVE or TRIAL subscription has ended. */
export function needsSettlement(state: SubscriptionState | null | undefined, now: Date): boolean {
  if (!state) return false;
  return (state.status === "ACTIVE" || state.status === "TRIAL") && state.endDate <= now;
}

/**
 * Applies what happens when the current period ends (call it lazily, before
 * reading or changing a subscription):
 * - ACTIVE or TRIAL with `cancelAtPeriodEnd` → CANCELLED (end date kept);
 * - TRIAL with a `pendingPlan` → ACTIVE on that plan from the trial's end, with
 *   a 'plan_changed' record at its price dated at the trial's end (then renewed as below);
 * - TRIAL → EXPIRED;
 * - ACTIVE → renewed month by month until the period covers `now`, one
 *   'renewed' record at the plan's price per renewal, dated at the renewal;
 * - PAUSED, CANCELLED, EXPIRED, or a period that has not ended → unchanged, no records.
 */
export function settle(state: SubscriptionState, now: Date): { subscription: SubscriptionState; billing: BillingEntry[]; changed: boolean } {
  if (!needsSettlement(state, now)) return { subscription: state, billing: [], changed: false };
  if (state.status === "TRIAL" && state.pendingPlan) {
    const plan = state.pendingPlan;
    const started = startNewPeriod(plan, state.endDate);
    const record: BillingEntry = {
      event: "plan_changed",
      plan,
      amountCents: planPriceCents(plan),
      description: planPriceLabel(plan),
      at: state.endDate,
    };
    const later = settle(started, now);
    return { subscription: later.subscription, billing: [record, ...later.billing], changed: true };
  }
  if (state.cancelAtPeriodEnd) {
    return { subscription: { ...state, status: "CANCELLED", cancelAtPeriodEnd: false }, billing: [], changed: true };
  }
  if (state.status === "TRIAL") {
    return { subscription: { ...state, status: "EXPIRED" }, billing: [], changed: true };
  }
  const billing: BillingEntry[] = [];
  const price = planPriceCents(state.plan);
  let endDate = state.endDate;
  while (endDate <= now && billing.length < MAX_RENEWALS_PER_SETTLE) {
    billing.push({
      event: "renewed",
      plan: state.plan,
      amountCents: price,
      description: `${PLAN_RULES[state.plan].name} plan renewed — ${formatUsdCents(price)}/month`,
      at: endDate,
    });
    endDate = nextPeriodEnd(state.startDate, endDate);
  }
  return { subscription: { ...state, endDate }, billing, changed: true };
}

/**
 * What the subscription's end date means for display: 'Next billing date'
 * (ACTIVE), 'Access until' (ACTIVE or TRIAL, cancelled), 'Trial ends' (TRIAL),
 * 'Current period ends' (PAUSED), 'Ended on' (CANCELLED), 'Trial ended' (EXPIRED).
 */
export function periodLabel(state: Pick<SubscriptionState, "status" | "cancelAtPeriodEnd">): string {
  switch (state.status) {
    case "ACTIVE":
      return state.cancelAtPeriodEnd ? "Access until" : "Next billing date";
    case "TRIAL":
      return state.cancelAtPeriodEnd ? "Access until" : "Trial ends";
    case "PAUSED":
      return "Current period ends";
    case "CANCELLED":
      return "Ended on";
    case "EXPIRED":
      return "Trial ended";
  }
}

/** 'All strategies' for Institutional, else '1 strategy' / '3 strategies'. */
export function strategyLimitLabel(plan: PlanId): string {
  const limit = PLAN_RULES[plan].strategyLimit;
  if (limit === null) return "All strategies";
  return `${limit} ${limit === 1 ? "strategy" : "strategies"}`;
}

/**
 * How many of `pickCount` followed strategies a move to `plan` lets the user
 * keep: the plan's strategy limit when it is smaller than `pickCount`, else
 * null (every pick stays, nothing to choose).
 */
export function picksToKeep(plan: PlanId, pickCount: number): number | null {
  const limit = PLAN_RULES[plan].strategyLimit;
  return limit !== null && pickCount > limit ? limit : null;
}

/**
 * The user's picks reordered for a move to `plan`: the strategies in `keep`
 * first, then the others (entitlements honour the earliest picks up to the
 * plan's limit, so the others lock when the plan applies).
 * @param picks strategy ids the user follows, oldest pick first.
 * @param keep strategy ids the user chose to keep (ignored when `picksToKeep` is null).
 * @returns the new order, or `keep-required` when a choice is needed and `keep`
 *   is empty, too long, or names a strategy the user does not follow.
 */
export function orderPicksForPlan(
  picks: readonly number[],
  keep: readonly number[],
  plan: PlanId,
): { ok: true; picks: number[] } | { ok: false; error: LifecycleError } {
  const limit = picksToKeep(plan, picks.length);
  if (limit === null) return { ok: true, picks: [...picks] };
  const kept = new Set(keep);
  const valid = kept.size >= 1 && kept.size <= limit && [...kept].every((id) => picks.includes(id));
  if (!valid) {
    const what = limit === 1 ? "the 1 strategy" : `up to ${limit} strategies`;
    return { ok: false, error: { code: "keep-required", message: `Choose ${what} to keep on the ${PLAN_RULES[plan].name} plan.` } };
  }
  return { ok: true, picks: [...picks.filter((id) => kept.has(id)), ...picks.filter((id) => !kept.has(id))] };
}

/** A change the Subscription tab asks the user to confirm first. */
export type ConfirmableChange = { kind: "pause" } | { kind: "cancel" } | { kind: "change-plan"; plan: PlanId };

/** What a confirmation says: what happens and when, and the button(s) that confirm it. */
export interface Confirmation {
  title: string;
  /** One sentence each: what happens, when, and what is charged. */
  consequences: string[];
  /** One confirm button per choice; `timing` is posted with a plan chosen during a trial. */
  choices: { label: string; timing?: PlanTiming }[];
  /** How many followed strategies the user keeps (a downgrade), or null when nothing is to choose. */
  keep: number | null;
}

/**
 * The confirmation for `change` from `state` at `now`, or the reason the
 * change is not allowed (the same refusal the transition itself gives).
 * @param pickCount how many strategies the user follows now.
 */
export function confirmationFor(
  state: SubscriptionState | null,
  change: ConfirmableChange,
  pickCount: number,
  now: Date,
): { ok: true; confirmation: Confirmation } | { ok: false; error: LifecycleError } {
  const check =
    change.kind === "pause" ? pause(state, now) : change.kind === "cancel" ? cancel(state, now) : changePlan(state, change.plan, now);
  if (!check.ok) return check;
  const current = state as SubscriptionState | null;
  const ok = (confirmation: Confirmation) => ({ ok: true as const, confirmation });
  const name = current ? PLAN_RULES[current.plan].name : "";
  const end = current ? utcDate(current.endDate) : "";
  if (change.kind === "pause") {
    return ok({
      title: `Pause your ${name} subscription?`,
      consequences: [
        "Live signals lock as soon as you pause, and nothing is charged while the subscription is paused.",
        `Resume before ${end} and your current period carries on; resume later and a new monthly period starts that day at ${formatUsdCents(planPriceCents(current!.plan))}.`,
      ],
      choices: [{ label: "Pause Subscription" }],
      keep: null,
    });
  }
  if (change.kind === "cancel") {
    if (current!.status === "TRIAL") {
      const pending = current!.pendingPlan ? ` The ${PLAN_RULES[current!.pendingPlan].name} plan you chose will not start.` : "";
      return ok({
        title: "Cancel your free trial?",
        consequences: [`You keep your ${name} trial until ${end}; then it ends and live signals lock.`, `Nothing is charged.${pending}`],
        choices: [{ label: "Cancel Trial" }],
        keep: null,
      });
    }
    return ok({
      title: `Cancel your ${name} subscription?`,
      consequences:
        current!.status === "PAUSED"
          ? ["Your paused subscription ends now.", "Nothing more is charged."]
          : [`Your subscription stays active until ${end}, then ends.`, "No further renewals are charged."],
      choices: [{ label: "Confirm Cancellation" }],
      keep: null,
    });
  }
  const target = PLAN_RULES[change.plan].name;
  const price = formatUsdCents(planPriceCents(change.plan));
  const keep = picksToKeep(change.plan, pickCount);
  const keepLine = (when: string) =>
    `The ${target} plan includes ${strategyLimitLabel(change.plan).toLowerCase()}: choose which to keep. The others lock ${when}.`;
  if (current?.status === "TRIAL") {
    return ok({
      title: `Choose the ${target} plan`,
      consequences: [
        `Your free trial continues until ${end}. Then the ${target} plan starts: ${price} is charged on ${end} and every month after.`,
        `Or start it now: your trial ends today and ${price} is charged today.`,
        ...(keep === null ? [] : [keepLine("when the plan starts")]),
        ...lostFeatures(current.plan, change.plan),
      ],
      choices: [
        { label: "Start when my trial ends", timing: "trial-end" },
        { label: `Start now and pay ${price} today`, timing: "now" },
      ],
      keep,
    });
  }
  if (current?.status === "ACTIVE") {
    return ok({
      title: `Change to the ${target} plan?`,
      consequences: [
        `The ${target} plan applies at once and ${price} is charged today; your billing date stays ${end}.`,
        ...(keep === null ? [] : [keepLine("at once")]),
        ...lostFeatures(current.plan, change.plan),
      ],
      choices: [{ label: "Change Plan" }],
      keep,
    });
  }
  return ok({
    title: `Start the ${target} plan?`,
    consequences: [
      `The ${target} plan starts today: ${price} is charged today and every month after, until you cancel.`,
      ...(keep === null ? [] : [keepLine("at once")]),
    ],
    choices: [{ label: `Start ${target} and pay ${price} today` }],
    keep,
  });
}

/** A trial with less than this many days left is shown as a warning (docs/decisions/0047-journey-spec-departures.md). */
export const TRIAL_WARNING_DAYS = 2;

/**
 * How a live trial reads: 'Pro trial · 6 days left' (whole days, rounded up;
 * '1 day left' on the last day), and whether it ends soon enough (less than
 * TRIAL_WARNING_DAYS days) to be shown as a warning.
 * @param planName the trial plan's name; `endDate` and `now` are UTC instants.
 */
export function trialStatus(planName: string, endDate: Date, now: Date): { label: string; ending: boolean } {
  const left = endDate.getTime() - now.getTime();
  const days = Math.max(1, Math.ceil(left / DAY_MS));
  return { label: `${planName} trial · ${days} ${days === 1 ? "day" : "days"} left`, ending: left < TRIAL_WARNING_DAYS * DAY_MS };
}

/** How a subscription's status reads on screen, and the tone the one status style gives it. */
export interface StatusDisplay {
  /** 'Active', 'Pro trial · 6 days left', 'Cancelled — access until Dec 1, 2026', 'Paused', 'Cancelled', 'Expired'. */
  label: string;
  tone: "success" | "warning" | "neutral";
}

/**
 * The one reading of a subscription's status, used by every page that shows it:
 * a cancelled ACTIVE or TRIAL subscription reads 'Cancelled — access until
 * <end date>' (warning); a trial reads as `trialStatus` (warning when it ends
 * soon); ACTIVE reads 'Active' (success); PAUSED 'Paused' (warning); CANCELLED
 * and EXPIRED 'Cancelled' and 'Expired' (neutral).
 * @param state status, plan name ('Pro'), end of the current period (UTC) and
 *   cancellation flag; `now` a UTC instant.
 */
export function statusDisplay(
  state: Pick<SubscriptionState, "status" | "endDate" | "cancelAtPeriodEnd"> & { planName: string },
  now: Date,
): StatusDisplay {
  if ((state.status === "ACTIVE" || state.status === "TRIAL") && state.cancelAtPeriodEnd) {
    return { label: `Cancelled — access until ${utcDate(state.endDate)}`, tone: "warning" };
  }
  switch (state.status) {
    case "ACTIVE":
      return { label: "Active", tone: "success" };
    case "TRIAL": {
      const trial = trialStatus(state.planName, state.endDate, now);
      return { label: trial.label, tone: trial.ending ? "warning" : "success" };
    }
    case "PAUSED":
      return { label: "Paused", tone: "warning" };
    case "CANCELLED":
      return { label: "Cancelled", tone: "neutral" };
    case "EXPIRED":
      return { label: "Expired", tone: "neutral" };
  }
}
