/**
 * The marketing content modules carry the spec's copy and constants
 * (sections 2, 3, 4 and 9), agree with the rules the app enforces, and link
 * only to pages that exist.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_CTA, CONTACT_DETAILS, MISSION, PARTNERS, TEAM_GROUPS, VALUES } from "~/content/about";
import {
  ACADEMY_CTA,
  ACADEMY_TRACKS,
  CERTIFICATION,
  CERTIFICATION_THRESHOLD_PERCENT,
  CURRICULUM_TOTALS,
  FREE_GUIDE,
  INSTRUCTOR_HIGHLIGHTS,
  LEARNING_FORMATS,
  SAMPLE_COURSES,
} from "~/content/academy";
import {
  CLOSING_CTA,
  HERO,
  HIGHLIGHTS_SECTION,
  LIVE_SIGNALS_SAMPLE,
  STRATEGY_HIGHLIGHTS,
  TRUST_BADGES,
  WHY_POINTS,
} from "~/content/landing";
import {
  ADD_ONS,
  CONTACT_SALES,
  PLANS,
  PRICING_DISCLAIMER,
  PRICING_FAQ,
  SIGNUP_PATH,
  TRIAL,
  type CallToAction,
} from "~/content/pricing";
import { planFeatureList } from "~/domain/pricing-display";
import { pageMeta, pageTitle } from "~/domain/page-meta";
import {
  API_INTEGRATIONS,
  DELIVERY_CHANNELS,
  EDUCATION,
  RESEARCH,
  SAMPLE_PAYLOAD,
  SERVICES_CTA,
  SERVICES_INTRO,
  SIGNAL_SUBSCRIPTIONS,
} from "~/content/services";
import { courseProgress, formatPercent } from "~/domain/course-progress";
import { PLAN_RULES, TRIAL_DAYS, TRIAL_PLAN } from "~/content/plans";
import { isDocumentLink } from "~/domain/links";
import { addOnPriceLabel } from "~/domain/pricing-display";
import { riskBadgeVariant } from "~/domain/signal-display";
import { formatUsd } from "~/domain/money";

describe("pricing content", () => {
  it("has the three plans at $97, $197 and $497 a month, Pro most popular", () => {
    expect(PLANS.map((p) => [p.name, p.priceUsd, p.period])).toEqual([
      ["Starter", 97, "month"],
      ["Pro", 197, "month"],
      ["Institutional", 497, "month"],
    ]);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(["pro"]);
    // Prices agree with the entitlement rules.
    for (const plan of PLANS) expect(plan.priceUsd).toBe(PLAN_RULES[plan.id].monthlyPriceUsd);
    expect(PLANS.map((p) => formatUsd(p.priceUsd))).toEqual(["$97", "$197", "$497"]);
  });

  it("lists each plan's features from its entitlement rules (ADR 0157), none the product does not enforce", () => {
    const features = Object.fromEntries(PLANS.map((p) => [p.id, planFeatureList(PLAN_RULES[p.id])]));
    expect(features.starter).toEqual(["1 strategy", "Portal alerts", "Email alerts", "API: 10,000 requests a month", "Support by message"]);
    expect(features.pro).toEqual([
      "3 strategies",
      "Portal alerts",
      "Email alerts",
      "Telegram alerts",
      "Browser push alerts",
      "MT5 order queue",
      "API: 10,000 requests a month",
      "Support by message",
    ]);
    expect(features.institutional).toEqual([
      "All strategies, including new ones",
      "Portal alerts",
      "Email alerts",
      "Telegram alerts",
      "Browser push alerts",
      "MT5 order queue",
      "Webhooks",
      "API: 100,000 requests a month",
      "Priority support queue",
    ]);
  });

  it("sends the Contact Sales button to /contact and sign-up through /api/login", () => {
    expect(SIGNUP_PATH).toBe("/api/login?screen=signup");
    expect(CONTACT_SALES.cta.to).toBe("/contact");
    expect(isDocumentLink(SIGNUP_PATH)).toBe(true);
    expect(isDocumentLink("/contact")).toBe(false);
  });

  it("prices the add-ons at $150 per session and $75 per template", () => {
    expect(ADD_ONS.map((a) => [a.id, a.priceUsd, a.unit])).toEqual([
      ["mentorship", 150, "session"],
      ["risk-templates", 75, "template"],
    ]);
    expect(ADD_ONS.map(addOnPriceLabel)).toEqual(["$150 per session", "$75 per template"]);
  });

  it("promises the trial that sign-up grants: its length, plan and strategy limit", () => {
    const trialPlan = PLAN_RULES[TRIAL_PLAN];
    expect(TRIAL.days).toBe(TRIAL_DAYS);
    expect(TRIAL.title).toContain(`${TRIAL_DAYS}-Day`);
    expect(TRIAL.body).toContain(`every ${trialPlan.name} feature free for ${TRIAL_DAYS} days`);
    expect(TRIAL.body).toContain(`${trialPlan.strategyLimit} strategies`);
  });

  it("has an FAQ of about six answered questions and a no-advice disclaimer", () => {
    expect(PRICING_FAQ.length).toBeGreaterThanOrEqual(5);
    expect(PRICING_FAQ.length).toBeLessThanOrEqual(8);
    for (const item of PRICING_FAQ) {
      expect(item.question.endsWith("?")).toBe(true);
      expect(item.answer.length).toBeGreaterThan(40);
    }
    expect(new Set(PRICING_FAQ.map((i) => i.question)).size).toBe(PRICING_FAQ.length);
    expect(PRICING_DISCLAIMER).toMatch(/not investment advice/);
    expect(PRICING_DISCLAIMER).toMatch(/hypothetical/);
    expect(PRICING_DISCLAIMER).toMatch(/past performance is not indicative/i);
  });
});

/** The route module file a path is served by (Remix v2 flat routes), or undefined when none is. */
function routeFileFor(path: string): string | undefined {
  const pathname = new URL(path, "http://localhost").pathname;
  const name = pathname === "/" ? "_index" : pathname.slice(1).split("/").join(".");
  const candidates = [name, `${name}._index`].flatMap((base) => [`${base}.tsx`, `${base}.ts`]);
  return candidates.find((file) => existsSync(join("app", "routes", file)));
}

describe("calls to action", () => {
  const actions: CallToAction[] = [
    HERO.primary,
    HERO.secondary,
    CLOSING_CTA.primary,
    CLOSING_CTA.secondary,
    CONTACT_SALES.cta,
    SERVICES_CTA.primary,
    SERVICES_CTA.secondary,
    ...[SIGNAL_SUBSCRIPTIONS, RESEARCH, EDUCATION, API_INTEGRATIONS].flatMap((card) => card.links),
    ...ABOUT_CTA.actions,
    ACADEMY_CTA.primary,
  ];

  it.each(actions.map((action) => [action.label, action.to]))("'%s' leads to %s, a page that exists", (_label, to) => {
    expect(routeFileFor(to)).toBeDefined();
  });

  it("loads resource routes (/api/...) as a full document and pages client-side", () => {
    for (const action of actions) {
      expect(isDocumentLink(action.to)).toBe(routeFileFor(action.to)!.startsWith("api."));
    }
  });
});

describe("landing content", () => {
  it("has four trust badges and four distinct 'Why FX Trader' points", () => {
    expect(TRUST_BADGES).toHaveLength(4);
    expect(new Set(WHY_POINTS.map((p) => p.title)).size).toBe(4);
  });

  it("labels the static 'Sample Signals' card as a sample with three rows", () => {
    expect(LIVE_SIGNALS_SAMPLE.title).toBe("Sample Signals");
    expect(LIVE_SIGNALS_SAMPLE.badge).toBe("Sample");
    expect(LIVE_SIGNALS_SAMPLE.caption).toMatch(/sample/i);
    expect(LIVE_SIGNALS_SAMPLE.rows).toHaveLength(3);
    for (const row of LIVE_SIGNALS_SAMPLE.rows) {
      // Stops and targets sit on the correct side of the entry.
      if (row.side === "LONG") expect(row.stopLoss < row.entry && row.entry < row.takeProfit).toBe(true);
      else expect(row.stopLoss > row.entry && row.entry > row.takeProfit).toBe(true);
    }
  });

  it("highlights three strategies with their risk classes and no hand-written result figure", () => {
    expect(STRATEGY_HIGHLIGHTS.map((s) => [s.name, s.riskClass])).toEqual([
      ["Alpha Swing", "Balanced"],
      ["London Breakout", "Aggressive"],
      ["Gold Intraday", "Conservative"],
    ]);
    expect(JSON.stringify([STRATEGY_HIGHLIGHTS, HIGHLIGHTS_SECTION])).not.toMatch(/winRate|\d%/);
    expect(STRATEGY_HIGHLIGHTS.map((s) => riskBadgeVariant(s.riskClass))).toEqual(["default", "destructive", "secondary"]);
    expect(STRATEGY_HIGHLIGHTS.map((s) => s.slug)).toEqual(["alpha-swing", "london-breakout", "gold-intraday"]);
  });
});

describe("services content", () => {
  it("offers the four services under 'What We Offer'", () => {
    expect(SERVICES_INTRO.title).toBe("What We Offer");
    expect([...DELIVERY_CHANNELS]).toEqual(["Web portal", "Email", "Telegram bot", "Browser push", "MT5 order queue", "Webhooks"]);
    expect(SIGNAL_SUBSCRIPTIONS.links.map((l) => l.to)).toEqual(["/strategies", "/pricing"]);
    expect(RESEARCH.links.map((l) => l.to)).toEqual(["/insights"]);
    expect(EDUCATION.links.map((l) => l.to)).toEqual(["/academy", "/contact"]);
    expect(EDUCATION.points.join(" ")).toContain("$150 per session");
    expect(SERVICES_CTA.primary.to).toBe("/pricing");
    expect(SERVICES_CTA.secondary.to).toBe("/contact");
  });

  it("shows a sample payload with symbol, direction, entry, stopLoss, takeProfit and rationale", () => {
    expect(Object.keys(SAMPLE_PAYLOAD)).toEqual(["symbol", "direction", "entry", "stopLoss", "takeProfit", "rationale"]);
    expect(JSON.parse(API_INTEGRATIONS.payload)).toEqual(SAMPLE_PAYLOAD);
    expect(API_INTEGRATIONS.links).toEqual([{ label: "API Docs", to: "/docs/api" }]);
  });
});

describe("academy content", () => {
  it("has the four tracks exactly as spec section 3", () => {
    expect(ACADEMY_TRACKS.map((t) => [t.title, t.lessons, t.hours, t.level])).toEqual([
      ["Foundations", 8, 4, "Beginner"],
      ["Risk & Psychology", 12, 6, "Intermediate"],
      ["Strategy Modules", 16, 8, "Advanced"],
      ["Platform Setup", 6, 3, "Beginner"],
    ]);
    expect(CURRICULUM_TOTALS).toEqual({ lessons: 42, hours: 21 });
    // The stated totals add up the tracks.
    expect(ACADEMY_TRACKS.reduce((sum, t) => sum + t.lessons, 0)).toBe(CURRICULUM_TOTALS.lessons);
    expect(ACADEMY_TRACKS.reduce((sum, t) => sum + t.hours, 0)).toBe(CURRICULUM_TOTALS.hours);
  });

  it("has three learning formats (no live webinars: none are run) and instructor highlights", () => {
    expect(LEARNING_FORMATS.map((f) => f.title)).toEqual(["Video Lessons", "Quizzes & Assessments", "Downloadable Playbooks"]);
    expect(INSTRUCTOR_HIGHLIGHTS.length).toBeGreaterThanOrEqual(3);
  });

  it("requires 80% of the curriculum for certification", () => {
    expect(CERTIFICATION_THRESHOLD_PERCENT).toBe(80);
    expect(CERTIFICATION.thresholdPercent).toBe(80);
    expect(CERTIFICATION.body).toContain("80% of the curriculum");
    // 80% of 42 lessons is 33.6, rounded up.
    expect(CERTIFICATION.requiredLessons).toBe(34);
    expect(CERTIFICATION.requiredLessons).toBe(Math.ceil((CURRICULUM_TOTALS.lessons * CERTIFICATION_THRESHOLD_PERCENT) / 100));
    expect(CERTIFICATION.info).toEqual({ label: "Certification Info", note: "Not available yet" });
    expect(FREE_GUIDE.action).toEqual({ label: "Free Guide", note: "Not available yet" });
    expect(ACADEMY_CTA.primary.to).toBe("/pricing");
  });

  it("computes the sample course progress from the lessons: 7 of 10 = 70%, 3 of 8 = 37.5%", () => {
    expect(SAMPLE_COURSES.map(courseProgress)).toEqual([
      { completed: 7, total: 10, percent: 70 },
      { completed: 3, total: 8, percent: 37.5 },
    ]);
    expect(SAMPLE_COURSES.map((c) => formatPercent(courseProgress(c).percent))).toEqual(["70%", "37.5%"]);
    for (const course of SAMPLE_COURSES) {
      const statuses = course.lessons.map((l) => l.status);
      expect(statuses.filter((s) => s === "current")).toHaveLength(1);
      // Done lessons come first, then the current one, then the rest.
      const firstNotDone = statuses.findIndex((s) => s !== "done");
      expect(statuses[firstNotDone]).toBe("current");
      expect(statuses.slice(firstNotDone + 1).every((s) => s === "not-started")).toBe(true);
    }
  });

  it("counts only done lessons, so the current lesson does not add progress", () => {
    expect(
      courseProgress({
        id: "x",
        title: "X",
        lessons: [
          { title: "a", status: "done" },
          { title: "b", status: "current" },
        ],
      }).percent,
    ).toBe(50);
    expect(courseProgress({ id: "empty", title: "Empty", lessons: [] }).percent).toBe(0);
  });
});

describe("about content", () => {
  it("has a mission, values, team groups, partners, contact details and the three calls to action", () => {
    expect(MISSION.body.length).toBeGreaterThan(50);
    expect(MISSION.scope).toMatch(/do not give personal investment advice/);
    expect(VALUES.length).toBeGreaterThanOrEqual(3);
    expect(TEAM_GROUPS.length).toBeGreaterThanOrEqual(3);
    expect(PARTNERS.length).toBeGreaterThanOrEqual(2);
    const labels = CONTACT_DETAILS.map((d) => d.label);
    expect(labels).toEqual(expect.arrayContaining(["Email", "Business hours", "Response time"]));
    expect(CONTACT_DETAILS.find((d) => d.label === "Business hours")?.value).toBe("Mon-Fri 9:00 AM-6:00 PM EST");
    expect(CONTACT_DETAILS.find((d) => d.label === "Response time")?.value).toMatch(/24 hours.*4 hours/);
    expect(ABOUT_CTA.actions.map((a) => a.to)).toEqual(["/contact", "/pricing", "/strategies"]);
  });
});

describe("pageMeta", () => {
  it("returns the title, description and Open Graph tags", () => {
    expect(pageTitle("Pricing")).toBe("Pricing | FX Trader");
    const meta = pageMeta("Pricing", "Plans and prices.");
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Pricing | FX Trader" },
        { name: "description", content: "Plans and prices." },
        { property: "og:title", content: "Pricing | FX Trader" },
        { property: "og:description", content: "Plans and prices." },
        { property: "og:type", content: "website" },
      ]),
    );
  });
});
