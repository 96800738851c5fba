/**
 * The Help Center: articles from app/content/help rendered like the legal
 * pages; the FTS5 search index (migration 0021) filled idempotently on this
 * file's real temporary SQLite file and searched through /help?q=; the
 * "Was this helpful?" votes, one per voter, rate limited per IP.
 */
import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { HELP_CATEGORIES, HELP_LINKS } from "~/content/help-center";
import { ftsQuery, snippetParts, SNIPPET_CLOSE, SNIPPET_OPEN } from "~/domain/help-search";
import { helpVoteCounts, searchHelpIndex } from "~/models/help.server";
import { getDb } from "~/platform/db.server";
import * as helpArticleRoute from "~/routes/help.$slug";
import * as helpRoute from "~/routes/help._index";
import { HELP_DIR, listHelpArticles } from "~/services/help-articles.server";
import { HELP_VOTES_PER_IP, syncHelpIndexFromArticles } from "~/services/help-center.server";
import { createUser, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest } from "../support/http";

const BASE = "http://localhost";

/** The list of articles. */
const REQUIRED = [
  "getting-started",
  "choosing-a-plan",
  "following-strategies",
  "email-alerts",
  "telegram-alerts",
  "web-push-alerts",
  "webhooks",
  "mt5-expert-advisor",
  "calculators",
  "api-keys-and-the-api",
  "two-factor-and-recovery-codes",
  "billing-and-cancelling",
  "verify-the-ledger",
];

async function search(q: string) {
  const response = await callRoute(helpRoute.loader, getRequest(`${BASE}/help?q=${encodeURIComponent(q)}`));
  return { status: response.status, body: await response.json() };
}

function vote(slug: string, helpful: string, ip: string, cookie?: string) {
  return callRoute(helpArticleRoute.action, formRequest(`${BASE}/help/${slug}`, { helpful }, { cookie, headers: { "X-Forwarded-For": ip } }), { slug });
}

beforeAll(() => {
  syncHelpIndexFromArticles();
});

describe("articles", () => {
  it("has every article the Help Center promises, each in a known category with contents", () => {
    const slugs = listHelpArticles().map((a) => a.slug);
    for (const slug of REQUIRED) expect(slugs, slug).toContain(slug);
    for (const slug of Object.values(HELP_LINKS)) expect(slugs, slug).toContain(slug);
    for (const article of listHelpArticles()) {
      expect(HELP_CATEGORIES.map((c) => c.id)).toContain(article.category);
      expect(article.toc.length, article.slug).toBeGreaterThan(0);
    }
    expect(readdirSync(HELP_DIR).filter((f) => f.endsWith(".md"))).toHaveLength(slugs.length);
  });

  it("the webhook article shows verification with the standardwebhooks library; the MT5 article the install steps", () => {
    const html = (slug: string) => listHelpArticles().find((a) => a.slug === slug)!.html;
    expect(html("webhooks")).toContain("standardwebhooks");
    expect(html("webhooks")).toContain("webhook.verify(");
    expect(html("mt5-expert-advisor")).toContain("Allow WebRequest for listed URL");
    expect(html("verify-the-ledger")).toContain("npm run ledger:verify -- --url");
    expect(html("verify-the-ledger")).toContain("/api/ledger/checkpoint");
  });

  it("/help lists the categories; /help/<slug> renders an article; an unknown slug is 404", async () => {
    const index = await callRoute(helpRoute.loader, getRequest(`${BASE}/help`));
    const data = await index.json();
    expect(data.results).toBeNull();
    expect(data.categories.map((c: { id: string }) => c.id)).toEqual(HELP_CATEGORIES.map((c) => c.id));
    const article = await callRoute(helpArticleRoute.loader, getRequest(`${BASE}/help/webhooks`), { slug: "webhooks" });
    expect(article.status).toBe(200);
    expect((await article.json()).article.title).toMatch(/Webhooks/);
    expect((await callRoute(helpArticleRoute.loader, getRequest(`${BASE}/help/nope`), { slug: "nope" })).status).toBe(404);
  });
});

describe("search (FTS5)", () => {
  it("builds a safe prefix query from any input", () => {
    expect(ftsQuery('Webhook "signature" OR title:x*')).toBe('"webhook"* "signature"* "or"* "title"* "x"*');
    expect(ftsQuery("  ()*:^ ")).toBeNull();
    expect(snippetParts(`a ${SNIPPET_OPEN}b${SNIPPET_CLOSE} c`)).toEqual([{ text: "a ", mark: false }, { text: "b", mark: true }, { text: " c", mark: false }]);
  });

  it("fills the index once: a second sync with the same articles writes nothing", () => {
    expect(syncHelpIndexFromArticles()).toBe(false);
    const rows = getDb().$client.prepare("SELECT count(*) FROM help_search").pluck().get();
    expect(rows).toBe(listHelpArticles().length);
  });

  it("finds articles by words in their body, with prefixes and stems, best first, snippets marked", async () => {
    const { status, body } = await search("recovery code");
    expect(status).toBe(200);
    expect(body.results[0].slug).toBe("two-factor-and-recovery-codes");
    expect(body.results[0].snippet).toContain(SNIPPET_OPEN);
    expect((await search("webhook signatur")).body.results[0].slug).toBe("webhooks");
    expect((await search("WebRequest")).body.results.map((r: { slug: string }) => r.slug)).toContain("mt5-expert-advisor");
    expect((await search("refunds")).body.results.map((r: { slug: string }) => r.slug)).toContain("billing-and-cancelling");
    expect((await search("zzqxj")).body.results).toEqual([]);
  });

  it("FTS5 syntax typed by a visitor is taken as words, never as operators (no 500)", async () => {
    for (const q of ['"', "NEAR(a b)", "title:webhooks", "*", "a AND OR NOT", "-x", "^"]) {
      expect((await search(q)).status, q).toBe(200);
    }
    expect(searchHelpIndex(ftsQuery("title webhooks")!).length).toBeGreaterThan(0);
  });

  it("refuses a query over 100 characters with 400 and a message", async () => {
    const { status, body } = await search("x".repeat(101));
    expect(status).toBe(400);
    expect(body.error).toMatch(/at most 100/);
  });
});

describe("Was this helpful?", () => {
  it("counts one vote per visitor: a second vote replaces the first", async () => {
    expect(helpVoteCounts("calculators")).toEqual({ yes: 0, no: 0 });
    expect((await vote("calculators", "yes", "203.0.113.10")).status).toBe(200);
    expect((await vote("calculators", "yes", "203.0.113.10")).status).toBe(200);
    expect(helpVoteCounts("calculators")).toEqual({ yes: 1, no: 0 });
    await vote("calculators", "no", "203.0.113.10");
    expect(helpVoteCounts("calculators")).toEqual({ yes: 0, no: 1 });
    await vote("calculators", "yes", "203.0.113.11");
    expect(helpVoteCounts("calculators")).toEqual({ yes: 1, no: 1 });
    const stored = getDb().$client.prepare("SELECT voter_key FROM help_votes").pluck().all() as string[];
    expect(stored.join(" ")).not.toContain("203.0.113");
  });

  it("counts a signed-in user once whatever their IP, and shows them their vote", async () => {
    const user = createUser({ firstName: "Vera" });
    const cookie = await signedInCookie(user.id);
    await vote("webhooks", "yes", "198.51.100.1", cookie);
    await vote("webhooks", "yes", "198.51.100.2", cookie);
    expect(helpVoteCounts("webhooks")).toEqual({ yes: 1, no: 0 });
    const page = await callRoute(helpArticleRoute.loader, getRequest(`${BASE}/help/webhooks`, { cookie, headers: { "X-Forwarded-For": "198.51.100.3" } }), { slug: "webhooks" });
    expect((await page.json()).vote).toBe(true);
  });

  it("refuses a bad answer (400), an unknown article (404) and too many votes from one IP (429)", async () => {
    expect((await vote("webhooks", "maybe", "192.0.2.1")).status).toBe(400);
    expect((await vote("no-such-article", "yes", "192.0.2.1")).status).toBe(404);
    let last = 0;
    for (let i = 0; i <= HELP_VOTES_PER_IP.points; i += 1) last = (await vote("calculators", "yes", "192.0.2.99")).status;
    expect(last).toBe(429);
  });
});
