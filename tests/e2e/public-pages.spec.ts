/**
 * Every public page (spec section 2 "Route sets"), with and without
 * JavaScript: status, <title>, meta description, og:title, the navbar, the
 * footer risk text and key texts word for word (sections 2, 3, 8, 9). Then the
 * parts that are links and GET forms so they work without JavaScript: the
 * performance tabs and chart periods, insights search and category filter, the
 * missing-post page, and the feeds.
 */
import { expect, navbar, test } from "./support/fixtures";
import {
  ARTICLE,
  FOOTER_RISK_PHRASES,
  INSIGHT_CATEGORY_LABELS,
  PUBLIC_NAV_LINKS,
  PUBLIC_ROUTES,
  pickSearchWord,
  seededPost,
  seededPosts,
  type SeededPost,
} from "./support/public-routes";

const NAV_HREFS: Record<(typeof PUBLIC_NAV_LINKS)[number], string> = {
  Home: "/",
  Strategies: "/strategies",
  Services: "/services",
  Pricing: "/pricing",
  Performance: "/performance",
  Academy: "/academy",
  Tools: "/tools",
  Insights: "/insights",
  About: "/about",
};

const SITE_SUFFIX = " | FX Trader";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("public pages", () => {
  for (const route of PUBLIC_ROUTES) {
    const label = route.path === ARTICLE ? "/insights/<newest seeded post>" : route.path;

    test(`${label}: title, meta, navbar, footer and spec texts`, async ({ page, request }) => {
      let { path, title, h1 } = route;
      const texts = [...route.texts];
      let post: SeededPost | null = null;
      if (route.path === ARTICLE) {
        post = await seededPost(request);
        path = `/insights/${post.slug}`;
        title = `${post.title}${SITE_SUFFIX}`;
        h1 = post.title;
        texts.push(post.category);
        if (post.excerpt) texts.push(post.excerpt);
      }

      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(200);

      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);

      // Metadata is server-rendered: present at once, so short timeouts.
      const description = page.locator('head meta[name="description"]');
      await expect.soft(description, `meta description on ${path}`).toHaveAttribute("content", /\S.{19,}/, { timeout: 1_000 });
      const pageName = title.slice(0, -SITE_SUFFIX.length);
      await expect
        .soft(page.locator('head meta[property="og:title"]'), `og:title on ${path}`)
        .toHaveAttribute("content", new RegExp(escapeRegExp(pageName)), { timeout: 1_000 });

      const nav = navbar(page);
      for (const name of PUBLIC_NAV_LINKS) {
        const link = nav.getByRole("link", { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", NAV_HREFS[name]);
      }
      await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Start Free Trial" })).toBeVisible();

      const risk = page.getByRole("contentinfo").getByTestId("risk-text");
      await expect(risk).toBeVisible();
      for (const phrase of FOOTER_RISK_PHRASES) await expect(risk).toContainText(phrase, { ignoreCase: true });

      const main = page.getByRole("main");
      for (const text of texts) await expect(main, `"${text}" on ${path}`).toContainText(text);

      if (path === "/pricing") {
        // The Most Popular badge belongs to the Pro plan.
        await expect(page.getByRole("region", { name: "Pro", exact: true })).toContainText("Most Popular");
        await expect(page.getByRole("region", { name: "Starter", exact: true })).not.toContainText("Most Popular");
      }
      if (path === "/contact") {
        // Spec section 9: business hours Mon-Fri 9:00 AM-6:00 PM EST (a days/time row in the card).
        await expect(main).toContainText("Mon-Fri 9:00 AM-6:00 PM EST", { useInnerText: true });
      }
    });
  }
});

test.describe("performance tabs (links)", () => {
  test("?tab=methodology shows the stated cost assumptions", async ({ page }) => {
    const response = await page.goto("/performance?tab=methodology");
    expect(response?.status()).toBe(200);
    const tabs = page.getByRole("tablist", { name: "Performance sections" });
    await expect(tabs.getByRole("tab", { name: "Methodology" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "false");

    const panel = page.getByRole("tabpanel");
    await expect(panel.getByRole("heading", { name: "Cost assumptions" })).toBeVisible();
    const spreads = panel.getByTestId("spreads-table");
    for (const [pair, pips] of [
      ["EURUSD", "0.8"],
      ["GBPUSD", "1.2"],
      ["USDJPY", "0.9"],
      ["XAUUSD", "2.5"],
    ]) {
      await expect(spreads.getByRole("row", { name: `${pair} ${pips} pips` })).toBeVisible();
    }
    const other = panel.getByTestId("other-costs");
    await expect(other).toContainText("$3.50 per 100k lot round-turn");
    await expect(other).toContainText("0.5 pips");
    await expect(panel).toContainText("Backtests use 5 or more years of data");
    // The overview's record is not on this tab.
    await expect(page.getByTestId("live-tiles")).toHaveCount(0);
  });

  test("tab links switch between Overview, Verification and Disclaimers", async ({ page }) => {
    await page.goto("/performance");
    const tabs = page.getByRole("tablist", { name: "Performance sections" });
    await expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    // The Overview is the record (live by default: its figures, or "No live trades yet" before the first live close).
    await expect(page.getByTestId("live-record")).toBeVisible();

    await tabs.getByRole("tab", { name: "Verification" }).click();
    await expect(page).toHaveURL(/\/performance\?tab=verification&period=1Y$/);
    await expect(tabs.getByRole("tab", { name: "Verification" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Checking our record yourself" })).toBeVisible();
    await expect(page.getByRole("tabpanel")).toContainText("Myfxbook");
    await expect(page.getByRole("tabpanel")).toContainText("FX Blue");

    await tabs.getByRole("tab", { name: "Disclaimers" }).click();
    await expect(page).toHaveURL(/\/performance\?tab=disclaimers&period=1Y$/);
    await expect(page.getByRole("heading", { name: "Hypothetical performance disclaimer" })).toBeVisible();
    await expect(page.getByRole("tabpanel")).toContainText(
      "Hypothetical or simulated performance results have certain inherent limitations.",
    );
    await expect(page.getByRole("tabpanel")).toContainText("Past performance is not indicative of future results.");
  });
});

test.describe("insights search and categories (GET links and forms)", () => {
  test("?q=<word from a seeded title> shows that post and not an unrelated one", async ({ page, request }) => {
    const { word, target, unrelated } = pickSearchWord(await seededPosts(request, 20));

    const response = await page.goto(`/insights?q=${encodeURIComponent(word)}`);
    expect(response?.status()).toBe(200);
    const latest = page.getByRole("region", { name: "Latest Insights" });
    await expect(latest.getByRole("link", { name: target.title, exact: true })).toBeVisible();
    await expect(latest.getByRole("link", { name: unrelated.title, exact: true })).toHaveCount(0);
    await expect(latest).toContainText(new RegExp(`\\d+ results? for “${escapeRegExp(word)}”`));
    await expect(page.getByRole("searchbox", { name: "Search insights" })).toHaveValue(word);
  });

  test("?q=zzzz shows the empty state with the search hint", async ({ page }) => {
    const response = await page.goto("/insights?q=zzzz");
    expect(response?.status()).toBe(200);
    const latest = page.getByRole("region", { name: "Latest Insights" });
    await expect(latest.getByRole("heading", { name: "No insights found" })).toBeVisible();
    await expect(latest).toContainText("Try adjusting your search terms");
    await expect(latest.getByRole("link")).toHaveCount(0);
  });

  test("the Risk Management category link shows only that category", async ({ page, request }) => {
    const expected = await seededPosts(request, 20, "&category=risk-management");
    const all = await seededPosts(request, 20);
    const other = all.find((p) => p.category !== "Risk Management")!;

    await page.goto("/insights");
    const categories = page.getByRole("navigation", { name: "Categories" });
    for (const name of INSIGHT_CATEGORY_LABELS) await expect(categories.getByRole("link", { name, exact: true })).toBeVisible();
    await categories.getByRole("link", { name: "Risk Management", exact: true }).click();
    await expect(page).toHaveURL(/\/insights\?category=risk-management$/);
    await expect(categories.getByRole("link", { name: "Risk Management", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(categories.getByRole("link", { name: "All Posts", exact: true })).not.toHaveAttribute("aria-current", "page");

    const latest = page.getByRole("region", { name: "Latest Insights" });
    const items = latest.getByRole("listitem");
    await expect(items).toHaveCount(expected.length);
    for (const post of expected) await expect(latest.getByRole("link", { name: post.title, exact: true })).toBeVisible();
    for (const item of await items.all()) await expect(item).toContainText("Risk Management");
    await expect(latest.getByRole("link", { name: other.title, exact: true })).toHaveCount(0);
  });

  test("an unknown post is a 404 'Post Not Found'", async ({ page }) => {
    const response = await page.goto("/insights/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post Not Found", level: 1 })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Insights" }).first()).toHaveAttribute(
      "href",
      "/insights",
    );
    await expect(navbar(page)).toBeVisible();
    await expect(page.getByRole("contentinfo").getByTestId("risk-text")).toBeVisible();
  });
});

test.describe("feeds", () => {
  test("/sitemap.xml, /robots.txt and /insights/rss.xml answer with their content types", async ({ request }) => {
    const post = await seededPost(request);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml\b/);
    const sitemapBody = await sitemap.text();
    expect(sitemapBody).toContain("<urlset");
    for (const path of ["/pricing", "/strategies/alpha-swing", `/insights/${post.slug}`]) {
      expect(sitemapBody).toMatch(new RegExp(`<loc>https?://[^<]+${escapeRegExp(path)}</loc>`));
    }

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain\b/);
    const robotsBody = await robots.text();
    expect(robotsBody).toMatch(/^User-agent: \*/m);
    expect(robotsBody).toMatch(/^Disallow: \/admin/m);
    expect(robotsBody).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

    const rss = await request.get("/insights/rss.xml");
    expect(rss.status()).toBe(200);
    expect(rss.headers()["content-type"]).toMatch(/^application\/rss\+xml\b/);
    const rssBody = await rss.text();
    expect(rssBody).toContain("<rss");
    expect(rssBody).toContain("<item>");
    expect(rssBody).toContain(`/insights/${post.slug}`);
  });
});
