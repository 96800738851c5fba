/**
 * Every call to action a page offers, decided from who is looking
 * (docs/decisions/0160-calls-to-action-by-viewer.md). Pure: the caller passes
 * the viewer's facts (`ViewerFacts`, read by `getViewerFacts` in
 * app/models/subscriptions.server.ts) and the place; nothing here reads or writes.
 *
 * Places: the strategy page's hero and sidebar, a pricing plan card, the
 * pricing page's trial box, and a signal row ("Size this trade"; a locked
 * row's unlock link is `unlockAction` in ./unlock.ts, which the hero reuses).
 * No action leads back to the page it is on, and none to a page that would
 * only redirect the viewer (e.g. sign-up for someone signed in).
 */
import type { PlanId, SubscriptionStatus } from "../../db/schema";
import { CTA_TEXTS, SUBSCRIPTION_PAGE } from "~/content/calls-to-action";
import { PLAN_RULES, TRIAL_PLAN } from "~/content/plans";
import { SIGNUP_PATH } from "~/content/paths";
import { unlockAction, type UnlockFacts } from "./unlock";

/** What the calls to action depend on about the viewer. */
export type ViewerFacts =
  | { viewer: "visitor" }
  | { viewer: "admin"; unlock: UnlockFacts }
  | {
      viewer: "member";
      /** The stored subscription as it stands now, or null on the Free tier. */
      subscription: { plan: PlanId; status: SubscriptionStatus; cancelAtPeriodEnd: boolean; live: boolean } | null;
      /** Strategy ids whose live signals the member sees in full now. */
      entitledStrategyIds: readonly number[];
      /** What the locked-signal link needs (picks, followable strategies, the live plan's limit). */
      unlock: UnlockFacts;
    };

/** One call to action: a link, a post that follows a strategy, or a plain label (e.g. "Current plan"). */
export type CallToAction =
  | { kind: "link"; label: string; href: string }
  | { kind: "follow"; label: string; strategyId: number }
  | { kind: "label"; label: string };

/** The strategy a call to action is about. */
export interface StrategyRef {
  id: number;
  slug: string;
}

/**
 * Where sign-up starts, carrying the chosen plan and strategy to the page the
 * new member lands on: the Subscription tab with `?confirm=change-plan&plan=…`
 * (a plan other than the trial's) or the strategy's signals (the trial's plan).
 * The landing page keeps `plan` and `strategy` as query parameters, so a
 * checkout can read them there.
 */
export function signupHref(choice: { plan?: PlanId; strategy?: string }): string {
  const params = new URLSearchParams();
  if (choice.plan && choice.plan !== TRIAL_PLAN) params.set("confirm", "change-plan");
  if (choice.plan) params.set("plan", choice.plan);
  if (choice.strategy) params.set("strategy", choice.strategy);
  const landing =
    choice.plan && choice.plan !== TRIAL_PLAN
      ? `${SUBSCRIPTION_PAGE}?${params}`
      : choice.strategy
      ? `/strategies/${encodeURIComponent(choice.strategy)}?tab=signals&${params}`
      : `/portal/dashboard${params.size ? `?${params}` : ""}`;
  return `${SIGNUP_PATH}&returnTo=${encodeURIComponent(landing)}`;
}

/** The Subscription tab asking to confirm `plan` (and keeping the strategy chosen). */
function choosePlanHref(plan: PlanId, strategy?: string): string {
  const params = new URLSearchParams({ confirm: "change-plan", plan });
  if (strategy) params.set("strategy", strategy);
  return `${SUBSCRIPTION_PAGE}?${params}`;
}

const link = (label: string, href: string): CallToAction => ({ kind: "link", label, href });

/** The member's subscription is live and not paused/ended. */
function livePlan(facts: Extract<ViewerFacts, { viewer: "member" }>): PlanId | null {
  return facts.subscription?.live ? facts.subscription.plan : null;
}

/**
 * The strategy page's hero buttons (first is the primary), for `strategy`:
 * - visitor: Start Free Trial (sign-up landing on its signals) and Subscribe
 *   to This Strategy (pricing, carrying the strategy);
 * - admin: Manage Signals (the signal desk);
 * - member who sees it: View My Signals (My Strategies), plus Keep My
 *   Subscription when the plan is cancelled;
 * - member with a live plan who does not: Follow This Strategy (room on the
 *   plan) or Swap a Strategy (plan full), plus Compare Plans;
 * - member without a live plan: Resume Subscription (paused) or Choose a Plan.
 */
export function strategyHeroActions(facts: ViewerFacts, strategy: StrategyRef): CallToAction[] {
  const t = CTA_TEXTS.strategy;
  if (facts.viewer === "visitor") {
    return [link(t.trial, signupHref({ strategy: strategy.slug })), link(t.subscribe, `/pricing?strategy=${encodeURIComponent(strategy.slug)}`)];
  }
  if (facts.viewer === "admin") return [link(t.manage, "/admin/signals")];
  const plan = livePlan(facts);
  if (facts.entitledStrategyIds.includes(strategy.id)) {
    const keep = facts.subscription?.cancelAtPeriodEnd ? [link(t.keep, SUBSCRIPTION_PAGE)] : [];
    return [link(t.mySignals, "/portal/strategies?tab=signals"), ...keep];
  }
  if (plan !== null) {
    const unlock = unlockAction(facts.unlock, strategy.id);
    const compare = link(t.comparePlans, `/pricing?strategy=${encodeURIComponent(strategy.slug)}`);
    if (unlock.kind === "follow") return [{ kind: "follow", label: t.follow, strategyId: strategy.id }, compare];
    if (unlock.kind === "swap") return [link(t.swap, unlock.href), compare];
    return [{ kind: "label", label: unlock.label }];
  }
  if (facts.subscription?.status === "PAUSED") return [link(t.resume, SUBSCRIPTION_PAGE)];
  return [link(t.choosePlan, `/pricing?strategy=${encodeURIComponent(strategy.slug)}`)];
}

/** The sidebar's "Get Started" button: the hero's primary action. */
export function strategySidebarAction(facts: ViewerFacts, strategy: StrategyRef): CallToAction {
  return strategyHeroActions(facts, strategy)[0]!;
}

/**
 * A pricing plan card's button for `plan` (with the strategy the viewer came
 * from, if any):
 * - visitor: sign-up carrying the plan and strategy (Institutional: Contact Sales);
 * - admin: the label "Included for admins";
 * - member on this plan (live, or paused): the label "Current plan";
 * - any other member: Choose <plan> (the Subscription tab's confirmation,
 *   which states timing and charge, or why the change must wait).
 */
export function pricingPlanAction(facts: ViewerFacts, plan: PlanId, strategy?: string): CallToAction {
  const t = CTA_TEXTS.pricing;
  if (facts.viewer === "visitor") {
    if (plan === "institutional") return link(t.contactSales, t.contactPath);
    return link(plan === TRIAL_PLAN ? t.trial : t.getStarted, signupHref({ plan, strategy }));
  }
  if (facts.viewer === "admin") return { kind: "label", label: t.admin };
  const sub = facts.subscription;
  const current = sub !== null && (sub.live || sub.status === "PAUSED") && sub.plan === plan;
  if (current) return { kind: "label", label: t.current };
  return link(`${t.choose} ${PLAN_RULES[plan].name}`, choosePlanHref(plan, strategy));
}

/** The pricing page's free-trial box button: sign-up for a visitor; nothing for a signed-in viewer (the trial starts at sign-up only). */
export function pricingTrialAction(facts: ViewerFacts, strategy?: string): CallToAction | null {
  return facts.viewer === "visitor" ? link(CTA_TEXTS.pricing.trial, signupHref({ strategy })) : null;
}

/** Statuses whose trade can still be taken, so "Size this trade" makes sense. */

