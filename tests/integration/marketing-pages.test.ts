/**
 * The marketing routes (/, /services, /pricing, /about, /academy): the home
 * loader against this file's temporary SQLite DB with real Requests, each
 * page's meta, and each page rendered to HTML on a memory router (copy,
 * links, landmarks and heading order).
 */
import { createElement, type ComponentType, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import * as aboutRoute from "~/routes/about";
import * as academyRoute from "~/routes/academy";
import * as indexRoute from "~/routes/_index";
import * as pricingRoute from "~/routes/pricing";
import * as servicesRoute from "~/routes/services";
import { createUser, insertSignals, insertStrategy, signedInCookie, trackRecordSignal } from "../support/fixtures";
import { getRequest, routeArgs } from "../support/http";

const BASE = "http://localhost";
const SIGNUP = "/api/login?screen=signup";

let memberCookie: string;

beforeAll(async () => {
  const alpha = insertStrategy({
    slug: "alpha-swing",
    name: "Alpha Swing",
    description: "Trend-following swing strategy.",
    riskClass: "Balanced",
    timeframes: "H4, D1",
    instruments: "EURUSD",
    winRate: 68,
    isActive: true,
  });
  const now = Date.now();
  // Five closed signals, one an hour for the last five hours.
  insertSignals(
    Array.from({ length: 5 }, (_, i) =>
      trackRecordSignal(alpha.id, (i + 1) * 60, { tp2: null, expiresAt: new Date(now + 24 * 60 * 60_000) }, now),
    ),
  );
  const user = createUser({ email: "home@example.com", firstName: "Hana", lastName: "Home" });
  memberCookie = await signedInCookie(user.id);
});

async function loadIndex(cookie?: string): Promise<Response> {
  return indexRoute.loader(routeArgs(getRequest(`${BASE}/`, { cookie })));
}

// ---------------------------------------------------------------------------
// HTML helpers

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Visible-ish text of an HTML fragment, whitespace collapsed. */
function textOf(html: string): string {
  return decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
}

function headings(html: string): { level: number; text: string }[] {
  return [...html.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: textOf(m[2]).trim() }));
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]));
}

/** The anchor whose text is exactly `label`, as {href, html}. */
function linksLabelled(html: string, label: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
    .filter((m) => textOf(m[2]).trim() === label)
    .map((m) => decode(m[1]));
}

/** One h1 first, then no heading skips a level on the way down. */
function expectSemanticHeadings(html: string) {
  const list = headings(html);
  expect(list.filter((h) => h.level === 1)).toHaveLength(1);
  expect(list[0].level).toBe(1);
  for (let i = 1; i < list.length; i++) {
    expect(list[i].level - list[i - 1].level, `heading '${list[i].text}' after '${list[i - 1].text}'`).toBeLessThanOrEqual(1);
  }
}

/**
 * renderToString, minus React's "useLayoutEffect does nothing on the server"
 * warning that react-router's UMD build (what Node resolves) triggers.
 */
function render(element: ReactElement): string {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(element);
  } finally {
    console.error = original;
  }
}

function renderStatic(Component: ComponentType, path: string): string {
  return render(createElement(MemoryRouter, { initialEntries: [path] }, createElement(Component)));
}

/** Calls a route's meta function with `data` and picks out the tags we check. */
function metaOf(meta: unknown, data: unknown = undefined) {
  const descriptors = (meta as (args: unknown) => Record<string, string>[])({
    data,
    params: {},
    location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
    matches: [],
    error: undefined,
  });
  const find = (key: string, value: string) => descriptors.find((d) => d[key] === value)?.content;
  return {
    title: descriptors.find((d) => "title" in d)?.title,
    description: find("name", "description"),
    ogTitle: find("property", "og:title"),
    ogDescription: find("property", "og:description"),
    ogType: find("property", "og:type"),
  };
}

function expectCompleteMeta(meta: ReturnType<typeof metaOf>, title: string) {
  expect(meta.title).toBe(title);
  expect(meta.ogTitle).toBe(title);
  expect(meta.description && meta.description.length).toBeGreaterThan(50);
  expect(meta.ogDescription).toBe(meta.description);
  expect(meta.ogType).toBe("website");
}

// ---------------------------------------------------------------------------

describe("/ loader", () => {
  it("returns {signedIn: false}, the live card figures and the landing texts for a signed-out visitor, uncached and varying by cookie", async () => {
    const response = await loadIndex();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: false, live: expect.any(Object), content: expect.any(Object) });
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(response.headers.get("Cache-Control")).toContain("private");
  });

  it("treats an unknown or forged session cookie as signed out", async () => {
    const forged = await loadIndex("__session=not-a-real-session");
    expect(await forged.json()).toEqual({ signedIn: false, live: expect.any(Object), content: expect.any(Object) });
  });

  it("returns the home variant of the dashboard for a signed-in user", async () => {
    const response = await loadIndex(memberCookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.signedIn).toBe(true);
    expect(body.dashboard.variant).toBe("home");
    expect(body.dashboard.displayName).toBe("Hana");
    expect(body.dashboard.recentSignals).toHaveLength(3);
    expect(body.dashboard.subscription.status).toBe("Free");
  });

  it("titles the page for the signed-out landing and the signed-in home", () => {
    expectCompleteMeta(metaOf(indexRoute.meta, { signedIn: false }), "Rules-Based Forex Strategies & Signals | FX Trader");
    expectCompleteMeta(metaOf(indexRoute.meta, undefined), "Rules-Based Forex Strategies & Signals | FX Trader");
    expect(metaOf(indexRoute.meta, { signedIn: true }).title).toBe("Home | FX Trader");
  });
});

describe("/ landing page (signed out)", () => {
  async function renderLanding(): Promise<string> {
    const data = await (await loadIndex()).json();
    const router = createMemoryRouter([{ id: "routes/_index", path: "/", Component: indexRoute.default, loader: () => data }], {
      initialEntries: ["/"],
      hydrationData: { loaderData: { "routes/_index": data } },
    });
    return render(createElement(RouterProvider, { router }));
  }

  it("renders the hero, badges, sample signals, reasons, highlights and closing call to action", async () => {
    const html = await renderLanding();
    const text = textOf(html);
    expectSemanticHeadings(html);

    expect(linksLabelled(html, "Start Free Trial")).toEqual([SIGNUP, SIGNUP]);
    expect(linksLabelled(html, "View Strategies")).toEqual(["/strategies"]);
    expect(linksLabelled(html, "Book a Strategy Call")).toEqual(["/contact?topic=strategy-call#contact-form"]);
    for (const badge of ["Methodology", "Risk Controls", "Public Ledger"]) expect(text).toContain(badge);

    const h = headings(html).map((x) => x.text);
    expect(h).toEqual(expect.arrayContaining(["Sample Signals", "Why FX Trader", "Evidence-Driven", "Risk-First", "Clarity", "Delivery"]));
    expect(text).toContain("Sample");
    for (const symbol of ["EURUSD", "GBPUSD", "XAUUSD"]) expect(text).toContain(symbol);
    expect(text).toContain("1.08450");
    expect(text).toContain("2345.50");

    // No hand-written win rate: the strategies have no closed live signal here, so each highlight says so.
    for (const name of ["Alpha Swing", "London Breakout", "Gold Intraday"]) expect(text).toMatch(new RegExp(`${name}.*No live trades yet`, "i"));
    expect(text).not.toMatch(/\b(68|72|75)%/);
    // Risk badges use the spec's variants: Balanced default (blue), Aggressive destructive (red), Conservative secondary.
    expect(html).toMatch(/bg-blue-700[^"]*">Balanced</);
    expect(html).toMatch(/bg-red-700[^"]*">Aggressive</);
    expect(html).toMatch(/bg-slate-200[^"]*">Conservative</);
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/strategies/alpha-swing", "/strategies/london-breakout", "/strategies/gold-intraday"]));
    expect(text).toMatch(/past performance is not indicative/i);
  });
});

describe("/services", () => {
  it("has a complete meta", () => expectCompleteMeta(metaOf(servicesRoute.meta), "Services | FX Trader"));

  it("renders 'What We Offer' with the four services, the payload and the API Docs link", () => {
    const html = renderStatic(servicesRoute.default, "/services");
    const text = textOf(html);
    expectSemanticHeadings(html);
    expect(headings(html).map((h) => h.text)).toEqual(
      expect.arrayContaining(["What We Offer", "Signal Subscriptions", "Research & Analysis", "Education & Mentorship", "API & Integrations"]),
    );
    for (const word of ["Starter", "Pro", "Institutional", "Web portal", "Email", "Telegram bot", "MT5 order queue", "Webhooks"]) {
      expect(text).toContain(word);
    }
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/strategies", "/pricing", "/insights", "/academy", "/contact"]));

    const pre = html.match(/<pre[^>]*>([\s\S]*?)<\/pre>/);
    expect(pre?.[0]).toContain("overflow-x-auto");
    const payload = JSON.parse(decode(pre![1].replace(/<\/?code>/g, "")));
    expect(Object.keys(payload)).toEqual(["symbol", "direction", "entry", "stopLoss", "takeProfit", "rationale"]);

    expect(html).toMatch(/<a[^>]*href="\/docs\/api"[^>]*>API Docs<\/a>/);
    expect(text).not.toContain("Coming soon");
    expect(text).toContain("Service notice");
  });
});

describe("/pricing", () => {
  it("has a complete meta", () => expectCompleteMeta(metaOf(pricingRoute.meta), "Pricing | FX Trader"));

  it("renders the plans, add-ons, trial, FAQ, contact sales and disclaimer", async () => {
    const data = await (await pricingRoute.loader(routeArgs(getRequest(`${BASE}/pricing`)))).json();
    const router = createMemoryRouter([{ id: "routes/pricing", path: "/pricing", Component: pricingRoute.default, loader: () => data }], {
      initialEntries: ["/pricing"],
      hydrationData: { loaderData: { "routes/pricing": data } },
    });
    const html = render(createElement(RouterProvider, { router }));
    const text = textOf(html);
    expectSemanticHeadings(html);

    expect(text).toMatch(/Starter \$97 \/month/);
    expect(text).toMatch(/Pro Most Popular \$197 \/month/);
    expect(text).toMatch(/Institutional \$497 \/month/);
    expect(text.match(/Most Popular/g)).toHaveLength(1);

    const signup = (landing: string) => `${SIGNUP}&returnTo=${encodeURIComponent(landing)}`;
    expect(linksLabelled(html, "Get Started")).toEqual([signup("/portal/account/subscription?confirm=change-plan&plan=starter")]);
    // Pro card and the trial block
    expect(linksLabelled(html, "Start Free Trial")).toEqual([signup("/portal/dashboard?plan=pro"), signup("/portal/dashboard")]);
    expect(linksLabelled(html, "Contact Sales")).toEqual(["/contact", "/contact"]); // Institutional card and the contact-sales block

    expect(text).toContain("$150 per session");
    expect(text).toContain("$75 per template");
    expect(text).toContain("7-Day Free Trial");
    expect(text).toContain("No setup fees");
    expect(text).toContain("30-day refund promise");
    expect(text).toContain("A public, verifiable ledger");
    expect(text).toContain("API: 100,000 requests a month");
    for (const unbacked of ["99.9% uptime SLA", "White-label", "Daily market brief", "Weekly summary", "Custom onboarding", "TradingView"]) expect(text).not.toContain(unbacked);

    const details = html.match(/<details/g) ?? [];
    expect(details.length).toBe(html.match(/<summary/g)?.length);
    expect(details.length).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/not investment advice/);
  });
});

describe("/about", () => {
  it("has a complete meta", () => expectCompleteMeta(metaOf(aboutRoute.meta), "About Us | FX Trader"));

  it("renders mission, values, team, partners, contact details and the calls to action", async () => {
    const data = await (await aboutRoute.loader()).json();
    const router = createMemoryRouter([{ id: "routes/about", path: "/about", Component: aboutRoute.default, loader: () => data }], {
      initialEntries: ["/about"],
      hydrationData: { loaderData: { "routes/about": data } },
    });
    const html = render(createElement(RouterProvider, { router }));
    expectSemanticHeadings(html);
    expect(headings(html).map((h) => h.text)).toEqual(
      expect.arrayContaining(["Our Mission", "Our Values", "Our Team", "Partners & Integrations", "Contact Details"]),
    );
    expect(linksLabelled(html, "Contact Us")).toEqual(["/contact"]);
    expect(linksLabelled(html, "View Pricing")).toEqual(["/pricing"]);
    expect(linksLabelled(html, "Explore Strategies")).toEqual(["/strategies"]);
    expect(hrefs(html).some((h) => h.startsWith("mailto:"))).toBe(true);
    expect(textOf(html)).toContain("Mon-Fri 9:00 AM-6:00 PM EST");
  });
});

describe("/academy", () => {
  it("has a complete meta", () => expectCompleteMeta(metaOf(academyRoute.meta), "Academy | FX Trader"));

  it("renders the tracks, formats, certification, progress bars, instructors and calls to action", () => {
    const html = renderStatic(academyRoute.default, "/academy");
    const text = textOf(html);
    expectSemanticHeadings(html);

    expect(text).toMatch(/Foundations Beginner 8 lessons · 4 hours/);
    expect(text).toMatch(/Risk & Psychology Intermediate 12 lessons · 6 hours/);
    expect(text).toMatch(/Strategy Modules Advanced 16 lessons · 8 hours/);
    expect(text).toMatch(/Platform Setup Beginner 6 lessons · 3 hours/);
    expect(headings(html).map((h) => h.text)).toEqual(
      expect.arrayContaining(["Curriculum Tracks", "Learning Formats", "Sample Course Progress", "FX Trader Certification", "Instructor Highlights"]),
    );
    expect(text).toContain("80% of the curriculum");

    const bars = [...html.matchAll(/<progress([^>]*)>/g)].map((m) => m[1]);
    expect(bars).toHaveLength(2);
    expect(bars[0]).toMatch(/max="100"/);
    expect(bars[0]).toMatch(/value="70"/);
    expect(bars[1]).toMatch(/value="37.5"/);
    expect(bars.every((attrs) => /aria-labelledby="/.test(attrs))).toBe(true);
    expect(text).toContain("7 of 10 lessons complete");
    expect(text).toContain("3 of 8 lessons complete");
    expect(text).toContain("70%");
    expect(text).toContain("37.5%");
    expect(html.match(/data-status="done"/g)).toHaveLength(10);
    expect(html.match(/data-status="current"/g)).toHaveLength(2);
    expect(html.match(/aria-current="step"/g)).toHaveLength(2);
    expect(html.match(/data-status="not-started"/g)).toHaveLength(6);

    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Certification Info<\/button>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Free Guide<\/button>/);
    expect(linksLabelled(html, "View Pricing")).toEqual(["/pricing"]);
  });
});
