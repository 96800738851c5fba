/** The MT5 queue rules of app/domain/mt5.ts: who a new signal is auto-queued for, and when an entry is offered. */
import { describe, expect, it } from "vitest";
import { chooseMt5AutoQueue, isMt5EntryDue, MT5_REDELIVERY_MS, nextMt5Cursor, type Mt5AutoSendFollower } from "~/domain/mt5";

const now = new Date("2026-11-23T12:00:00.000Z");
const live = { plan: "pro" as const, status: "ACTIVE" as const, endDate: new Date("2026-12-23T00:00:00.000Z"), cancelAtPeriodEnd: false, pendingPlan: null };

function follower(userId: number, overrides: Partial<Mt5AutoSendFollower> = {}): Mt5AutoSendFollower {
  return { userId, role: "user", subscription: live, chosenStrategyIds: [1], autoSendStrategyIds: [1], ...overrides };
}

function choose(followers: Mt5AutoSendFollower[], overrides: Partial<Parameters<typeof chooseMt5AutoQueue>[0]> = {}) {
  return chooseMt5AutoQueue({ eventType: "published", signalStatus: "ACTIVE", strategyId: 1, followers, allStrategyIds: [1, 2, 3], now, ...overrides });
}

describe("chooseMt5AutoQueue", () => {
  it("queues a published ACTIVE or PENDING signal for entitled followers with auto-send on", () => {
    expect(choose([follower(1), follower(2)])).toEqual([1, 2]);
    expect(choose([follower(1)], { signalStatus: "PENDING" })).toEqual([1]);
  });

  it("queues nothing for other events or ended signals", () => {
    expect(choose([follower(1)], { eventType: "modified" })).toEqual([]);
    expect(choose([follower(1)], { signalStatus: "CANCELLED" })).toEqual([]);
  });

  it("skips followers with auto-send off for this strategy", () => {
    expect(choose([follower(1, { autoSendStrategyIds: [2] })])).toEqual([]);
  });

  it("skips followers who are not entitled: lapsed, beyond the plan's limit, or no subscription", () => {
    const lapsed = follower(1, { subscription: { ...live, endDate: new Date("2026-11-01T00:00:00.000Z"), cancelAtPeriodEnd: true } });
    const beyondLimit = follower(2, { chosenStrategyIds: [2, 3, 4, 1], autoSendStrategyIds: [1] });
    const free = follower(3, { subscription: null });
    expect(choose([lapsed, beyondLimit, free], { allStrategyIds: [1, 2, 3, 4] })).toEqual([]);
    expect(choose([follower(4, { role: "admin", subscription: null, chosenStrategyIds: [] })])).toEqual([4]);
  });
});

describe("isMt5EntryDue", () => {
  const offered = { id: 5, version: 1, offeredVersion: 1, offeredAt: now, ackedVersion: null };

  it("offers an entry past the cursor, or never offered", () => {
    expect(isMt5EntryDue(offered, 4, now)).toBe(true);
    expect(isMt5EntryDue({ ...offered, offeredVersion: null, offeredAt: null }, 10, now)).toBe(true);
  });

  it("offers an unacknowledged entry again 60 s after it was offered, not before", () => {
    expect(isMt5EntryDue(offered, 10, new Date(now.getTime() + MT5_REDELIVERY_MS - 1))).toBe(false);
    expect(isMt5EntryDue(offered, 10, new Date(now.getTime() + MT5_REDELIVERY_MS))).toBe(true);
  });

  it("never offers an acknowledged version, even past the cursor", () => {
    expect(isMt5EntryDue({ ...offered, ackedVersion: 1 }, 0, new Date(now.getTime() + 3_600_000))).toBe(false);
  });

  it("offers a changed entry at once, even when an older version was acknowledged", () => {
    expect(isMt5EntryDue({ ...offered, version: 2, ackedVersion: 1 }, 10, now)).toBe(true);
  });
});

describe("nextMt5Cursor", () => {
  it("is the highest id offered, never below after", () => {
    expect(nextMt5Cursor(3, [1, 7, 5])).toBe(7);
    expect(nextMt5Cursor(9, [2])).toBe(9);
    expect(nextMt5Cursor(4, [])).toBe(4);
  });
});
