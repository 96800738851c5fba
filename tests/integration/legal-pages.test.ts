/**
 * The legal pages (/legal/*): every document's loader with real Requests, the
 * version query, the cookie table generated from COOKIES, the footer's links,
 * the sitemap, and the risk line in signal emails and Telegram messages.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LEGAL_PATHS, LEGAL_SLUGS, RISK_LINE } from "~/content/legal-paths";
import { FOOTER_COLUMNS } from "~/content/navigation";
import type { ApiSignal } from "~/domain/signals";
import * as legalRoute from "~/routes/legal.$slug";
import * as sitemapRoute from "~/routes/sitemap[.]xml";
import { renderSignalEmail } from "~/services/channels/email.server";
import { renderTelegramMessage } from "~/services/channels/telegram.server";
import { COOKIES } from "~/services/cookies.server";
import { routeFiles, routePattern } from "../support/route-access";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";

async function legalPage(slug: string, query = "") {
  const response = await callRoute(legalRoute.loader, getRequest(`${BASE}/legal/${slug}${query}`), { slug });
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
}

describe("/legal/:slug", () => {
  it.each(LEGAL_SLUGS)("%s renders its current version with a version, an effective date, contents and the version list", async (slug) => {
    const { status, body } = await legalPage(slug);
    expect(status).toBe(200);
    expect(body.document.version).toMatch(/^\d+\.\d+$/);
    expect(body.document.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.document.toc.length).toBeGreaterThan(2);
    for (const entry of body.document.toc) expect(body.document.html).toContain(`id="${entry.id}"`);
    expect(body.currentVersion).toBe(body.document.version);
    expect(body.versions).toContainEqual({ version: body.document.version, effective: body.document.effective });
    expect(body.path).toBe(LEGAL_PATHS[slug]);
  });

  it("serves a named version, and 404 for an unknown version or document", async () => {
    expect((await legalPage("terms", "?version=1.0")).body.document.version).toBe("1.0");
    expect((await legalPage("terms", "?version=0.1")).status).toBe(404);
    expect((await legalPage("cookies")).status).toBe(404);
  });

  it("lists every cookie the code defines in the Privacy Policy", async () => {
    const html: string = (await legalPage("privacy")).body.document.html;
    expect(html).not.toContain("{{cookies}}");
    for (const cookie of Object.values(COOKIES)) {
      expect(html).toContain(`<code>${cookie.name}</code>`);
    }
    expect(html).toMatch(/<table><thead><tr><th scope="col">Name<\/th>/);
  });

  it("says what a signal is, the CFTC-style hypothetical statement, the ledger's limits, refunds and the user's rights", async () => {
    const text = async (slug: string) => (await legalPage(slug)).body.document.html as string;
    expect(await text("disclaimers")).toContain("HYPOTHETICAL OR SIMULATED PERFORMANCE RESULTS HAVE CERTAIN LIMITATIONS");
    expect(await text("disclaimers")).toContain("What the ledger proves");
    expect(await text("terms")).toContain("30 days of your first payment");
    expect(await text("terms")).toContain("7 days");
    expect(await text("privacy")).toContain("holds no personal data");
    expect(await text("privacy")).toContain("/api/me/export");
    expect(await text("risk-warning")).toContain("Leverage works in both directions");
  });
});

describe("footer and sitemap", () => {
  it("every footer link leads to a route of the app, and no placeholder is left", () => {
    const paths = new Set(routeFiles().map((file) => routePattern(file).path));
    for (const column of FOOTER_COLUMNS) {
      for (const item of column.items) {
        const matches = [...paths].some((path) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`).test(item.to));
        expect(matches, `${item.label} → ${item.to}`).toBe(true);
      }
    }
    expect(FOOTER_COLUMNS.find((c) => c.title === "Legal")!.items.map((i) => i.to)).toEqual(Object.values(LEGAL_PATHS));
    expect(FOOTER_COLUMNS.flatMap((c) => c.items.map((i) => i.label))).not.toContain("Webinars");
  });

  it("the sitemap lists the legal pages", async () => {
    const xml = await (await callRoute(sitemapRoute.loader, getRequest(`${BASE}/sitemap.xml`))).text();
    for (const path of Object.values(LEGAL_PATHS)) expect(xml).toContain(`<loc>${BASE}${path}</loc>`);
  });

  it("every legal document has a folder of versions", () => {
    for (const slug of LEGAL_SLUGS) expect(readdirSync(`app/content/legal/${slug}`).length).toBeGreaterThan(0);
  });
});

describe("the risk line in signal messages", () => {
  const signal = {
    id: 7,
    symbol: "EURUSD",
    side: "BUY",
    status: "ACTIVE",
    entryPrice: 1.1,
    entryJson: { method: "market" },
    stopLoss: 1.09,
    takeProfit1: 1.12,
    takeProfit2: null,
    exitPrice: null,
    resultPips: null,
    resultR: null,
    rationale: null,
    locked: false,
  } as unknown as ApiSignal;

  it("signal emails link the risk warning in text and HTML", () => {
    const mail = renderSignalEmail({ eventType: "signal.published", signal, strategyName: "Alpha", origin: "https://fx.test", unsubscribeUrl: "https://fx.test/u" });
    expect(mail.text).toContain(`${RISK_LINE.linkLabel}: https://fx.test/legal/risk-warning`);
    expect(mail.html).toContain('<a href="https://fx.test/legal/risk-warning">');
  });

  it("Telegram messages link the risk warning", () => {
    const message = renderTelegramMessage({ eventType: "signal.published", signal, strategyName: "Alpha", origin: "https://fx.test" });
    expect(message).toContain(`<a href="https://fx.test/legal/risk-warning">${RISK_LINE.linkLabel}</a>`);
  });
});
