/**
 * What would unlock a locked signal for this viewer (issue 13, journey 2):
 * a visitor starts a free trial; a member whose plan has room follows the
 * strategy; a member whose plan is full swaps one pick for it; only a member
 * without a live plan is sent to upgrade. Pure: the caller passes the facts.
 */
import { UNLOCK_TEXTS } from "~/content/unlock";

/** What the viewer has, as far as unlocking a strategy goes. */
export type UnlockFacts =
  | { viewer: "visitor" }
  | {
      viewer: "member";
      /** The live plan (null: none, e.g. Free, paused or ended); its strategy limit is null when it includes all strategies. */
      plan: { strategyLimit: number | null } | null;
      /** Strategy ids the member follows, oldest pick first. */
      chosenStrategyIds: readonly number[];
      /** Ids of the strategies that may be followed (active ones). */
      followableStrategyIds: readonly number[];
    };

export type UnlockAction =
  | { kind: "trial"; label: string; href: string }
  | { kind: "follow"; label: string; strategyId: number }
  | { kind: "swap"; label: string; href: string }
  | { kind: "upgrade"; label: string; href: string }
  | { kind: "unavailable"; label: string };

/**
 * The call to action on a locked signal of strategy `strategyId`.
 * @returns `trial` for visitors; `upgrade` without a live plan; `unavailable`
 * when the strategy cannot be followed (inactive); `swap` when the strategy
 * is already picked but beyond the plan's limit or the plan is full;
 * otherwise `follow` (a post that adds the pick).
 */
export function unlockAction(facts: UnlockFacts, strategyId: number): UnlockAction {
  if (facts.viewer === "visitor") return { kind: "trial", ...UNLOCK_TEXTS.trial };
  if (facts.plan === null) return { kind: "upgrade", ...UNLOCK_TEXTS.upgrade };
  if (!facts.followableStrategyIds.includes(strategyId)) return { kind: "unavailable", ...UNLOCK_TEXTS.unavailable };
  const limit = facts.plan.strategyLimit;
  const full = limit !== null && facts.chosenStrategyIds.length >= limit;
  if (full || facts.chosenStrategyIds.includes(strategyId)) return { kind: "swap", ...UNLOCK_TEXTS.swap };
  return { kind: "follow", label: UNLOCK_TEXTS.follow.label, strategyId };
}
