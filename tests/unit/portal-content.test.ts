/**
 * Portal sample content (spec sections 2 "Portal dashboard" and "Education",
 * 8 empty states, 9 risk meter figures and page sizes): fixed data only.
 */
import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENTS,
  MARKET_OUTLOOK,
  PORTAL_EMPTY_STATES,
  PORTAL_SIGNAL_LIMIT,
  PORTAL_STRATEGY_LIMIT,
  QUICK_ACTIONS,
  RISK_METER,
  TRACK_COURSES,
} from "~/content/portal";
import { SAMPLE_COURSES } from "~/content/academy";
import { formatUsd } from "~/domain/money";

describe("education content", () => {
  it("names only sample courses the academy has, and gives each achievement a rule", () => {
    const sampleIds = new Set(SAMPLE_COURSES.map((c) => c.id));
    for (const course of Object.values(TRACK_COURSES).flat()) {
      if ("sampleCourseId" in course) expect(sampleIds.has(course.sampleCourseId)).toBe(true);
    }
    expect(ACHIEVEMENTS.map((a) => a.id)).toEqual(["first-lesson", "platform-ready", "risk-first", "halfway-there", "strategy-scholar", "certified"]);
    expect(ACHIEVEMENTS.at(-1)!.description).toBe("Complete 80% of the curriculum.");
  });
});

describe("quick actions", () => {
  it("link to the academy", () => {
    expect(QUICK_ACTIONS.map((a) => a.to)).toContain("/academy");
  });
});

describe("portal dashboard content", () => {
  it("has the spec's risk meter figures, labelled as samples", () => {
    expect(RISK_METER.dailyRiskUsedPercent).toBe(12);
    expect(RISK_METER.openTrades).toBe(3);
    expect(RISK_METER.maxDailyLossUsd).toBe(500);
    expect(RISK_METER.max).toBe(100);
    expect(RISK_METER.label).toMatch(/sample/i);
    expect(formatUsd(RISK_METER.maxDailyLossUsd)).toBe("$500");
  });

  it("has a sample market outlook with session focus, event risk and sentiment", () => {
    expect(MARKET_OUTLOOK.label).toBe("Sample outlook");
    expect(MARKET_OUTLOOK.items.map((i) => i.title)).toEqual(["Session Focus", "Event Risk", "Sentiment"]);
    expect(MARKET_OUTLOOK.note).toMatch(/not investment advice/);
  });

  it("uses the spec's page sizes and empty states", () => {
    expect(PORTAL_SIGNAL_LIMIT).toBe(10);
    expect(PORTAL_STRATEGY_LIMIT).toBe(3);
    expect(PORTAL_EMPTY_STATES).toEqual({
      signals: "No signals available",
      strategies: "No strategies active",
      subscription: "No Active Subscription",
    });
  });
});
