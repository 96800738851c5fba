import { describe, expect, it } from "vitest";
import { unlockAction, type UnlockFacts } from "~/domain/unlock";

function member(overrides: Partial<Extract<UnlockFacts, { viewer: "member" }>> = {}): UnlockFacts {
  return { viewer: "member", plan: { strategyLimit: 3 }, chosenStrategyIds: [1, 2], followableStrategyIds: [1, 2, 3, 4], ...overrides };
}

describe("unlockAction", () => {
  it("offers a visitor a free trial", () => {
    expect(unlockAction({ viewer: "visitor" }, 3)).toEqual({ kind: "trial", label: "Start a free trial", href: "/signup" });
  });

  it("offers a member whose plan has room to follow the strategy (a Pro trader on 2 of 3)", () => {
    expect(unlockAction(member(), 3)).toEqual({ kind: "follow", label: "Follow this strategy", strategyId: 3 });
    expect(unlockAction(member({ plan: { strategyLimit: 1 }, chosenStrategyIds: [] }), 3).kind).toBe("follow");
  });

  it("offers a member whose plan is full to swap a strategy, not to upgrade", () => {
    const action = unlockAction(member({ chosenStrategyIds: [1, 2, 4] }), 3);
    expect(action).toEqual({ kind: "swap", label: "Swap a strategy", href: "/portal/strategies?tab=overview#choose-strategies-title" });
    expect(unlockAction(member({ plan: { strategyLimit: 1 }, chosenStrategyIds: [1] }), 3).kind).toBe("swap");
  });

  it("offers a swap for a pick beyond the plan's limit (kept from a bigger plan)", () => {
    expect(unlockAction(member({ plan: { strategyLimit: 1 }, chosenStrategyIds: [1, 3] }), 3).kind).toBe("swap");
  });

  it("sends a member to upgrade only without a live plan, where no pick can help", () => {
    expect(unlockAction(member({ plan: null, chosenStrategyIds: [] }), 3)).toEqual({
      kind: "upgrade",
      label: "Upgrade",
      href: "/portal/account/subscription",
    });
    expect(unlockAction(member({ plan: null, chosenStrategyIds: [3] }), 3).kind).toBe("upgrade");
  });

  it("says an inactive strategy cannot be followed instead of offering a pick that would be refused", () => {
    expect(unlockAction(member({ followableStrategyIds: [1, 2] }), 3)).toEqual({
      kind: "unavailable",
      label: "This strategy is not taking new followers",
    });
  });

  it("offers to follow on a plan covering every strategy", () => {
    expect(unlockAction(member({ plan: { strategyLimit: null }, chosenStrategyIds: [1, 2, 4] }), 3).kind).toBe("follow");
  });
});
