/**
 * The news blackout's decisions: the window covering a time for a symbol
 * (app/domain/news-blackout.ts) and which jobs it holds (deliveryHold and
 * chooseDeliveries in app/domain/delivery.ts).
 */
import { describe, expect, it } from "vitest";
import { chooseDeliveries, deliveryHold, heldJobsRule, type DeliveryRecipient } from "~/domain/delivery";
import { blackoutEnd, type NewsRelease } from "~/domain/news-blackout";

const MIN = 60_000;
const NFP = new Date("2026-12-04T13:30:00Z");
const at = (offsetMin: number) => new Date(NFP.getTime() + offsetMin * MIN);
const usd = (releasedAt: Date): NewsRelease => ({ releasedAt, currency: "USD" });

describe("blackoutEnd", () => {
  it("covers 15 minutes either side of a release of a currency in the pair", () => {
    expect(blackoutEnd([usd(NFP)], "EURUSD", at(-15))).toEqual(at(15));
    expect(blackoutEnd([usd(NFP)], "usdjpy", at(0))).toEqual(at(15));
    expect(blackoutEnd([usd(NFP)], "XAUUSD", at(14))).toEqual(at(15));
    expect(blackoutEnd([usd(NFP)], "EURUSD", at(-16))).toBeNull();
    expect(blackoutEnd([usd(NFP)], "EURUSD", at(15))).toBeNull();
  });

  it("ignores releases of currencies the pair does not trade", () => {
    expect(blackoutEnd([usd(NFP)], "EURJPY", at(0))).toBeNull();
    expect(blackoutEnd([{ releasedAt: NFP, currency: "eur" }], "EURJPY", at(0))).toEqual(at(15));
  });

  it("joins overlapping or touching windows and answers the end of the joined one", () => {
    const releases = [usd(at(40)), usd(NFP), usd(at(20)), usd(at(200))];
    expect(blackoutEnd(releases, "EURUSD", at(-10))).toEqual(at(55));
    expect(blackoutEnd(releases, "EURUSD", at(50))).toEqual(at(55));
    expect(blackoutEnd(releases, "EURUSD", at(100))).toBeNull();
    expect(blackoutEnd(releases, "EURUSD", at(190))).toEqual(at(215));
  });
});

describe("deliveryHold", () => {
  const end = at(15);
  it("holds only a new signal's alert, on alert channels, for a user with the blackout on", () => {
    expect(deliveryHold({ eventType: "published", channel: "email", newsBlackout: true, blackoutEnd: end })).toEqual(end);
    expect(deliveryHold({ eventType: "published", channel: "telegram", newsBlackout: true, blackoutEnd: end })).toEqual(end);
    expect(deliveryHold({ eventType: "published", channel: "email", newsBlackout: false, blackoutEnd: end })).toBeNull();
    expect(deliveryHold({ eventType: "published", channel: "webhook", newsBlackout: true, blackoutEnd: end })).toBeNull();
    expect(deliveryHold({ eventType: "published", channel: "email", newsBlackout: true, blackoutEnd: null })).toBeNull();
  });

  it.each(["triggered", "modified", "partially_closed", "closed", "cancelled", "expired"] as const)("never holds %s", (eventType) => {
    expect(deliveryHold({ eventType, channel: "email", newsBlackout: true, blackoutEnd: end })).toBeNull();
  });
});

describe("heldJobsRule", () => {
  it("an urgent event releases the held alerts before it; another new signal joins them", () => {
    expect(heldJobsRule("published")).toBe("join");
    for (const type of ["triggered", "modified", "partially_closed", "closed", "cancelled", "expired"] as const) expect(heldJobsRule(type)).toBe("release");
  });
});

describe("chooseDeliveries with a blackout", () => {
  const LIVE = { plan: "institutional" as const, status: "ACTIVE" as const, endDate: new Date("2027-01-20T00:00:00Z"), cancelAtPeriodEnd: false, pendingPlan: null };
  const recipient = (userId: number, newsBlackout: boolean): DeliveryRecipient => ({
    userId,
    role: "user",
    subscription: LIVE,
    chosenStrategyIds: [1],
    emailAlerts: true,
    newsBlackout,
    webhooks: [{ id: userId * 10, eventTypes: ["signal.published", "signal.closed"] }],
    telegramAlerts: false,
    telegramLinked: false,
    pushAlerts: userId === 1,
    pushSubscriptionIds: [userId * 100],
  });
  const choose = (eventType: "published" | "closed") =>
    chooseDeliveries({ eventType, strategyId: 1, recipients: [recipient(1, true), recipient(2, false)], allStrategyIds: [1], now: NFP, blackoutEnd: at(15) });

  it("sets notBefore on the held email and push only; push only for a user with push on", () => {
    expect(choose("published")).toEqual([
      { userId: 1, channel: "email", targetId: 0, notBefore: at(15) },
      { userId: 1, channel: "webhook", targetId: 10 },
      { userId: 1, channel: "push", targetId: 100, notBefore: at(15) },
      { userId: 2, channel: "email", targetId: 0 },
      { userId: 2, channel: "webhook", targetId: 20 },
    ]);
    expect(choose("closed").every((target) => target.notBefore === undefined)).toBe(true);
  });
});
