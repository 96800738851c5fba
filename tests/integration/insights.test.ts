import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, newsletterSubscribers, type BlogPost } from "../../db/schema";
import { backfillPostHtml, toStoredPost } from "~/models/blog.server";
import { getDb } from "~/platform/db.server";
import { loader as apiBlogLoader, action as apiBlogAction } from "~/routes/api.blog._index";
import { loader as apiPostLoader } from "~/routes/api.blog.$slug";
import { action as insightsAction, loader as insightsLoader } from "~/routes/insights._index";
import { loader as articleLoader } from "~/routes/insights.$slug";
import { loader as rssLoader } from "~/routes/insights.rss[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { insertStrategy } from "../support/fixtures";
import { formRequest, getRequest, jsonRequest, routeArgs, thrownResponse } from "../support/http";

const ORIGIN = "http://fx.test";
const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

type Seed = Pick<BlogPost, "slug" | "title" | "category"> & Partial<Pick<BlogPost, "excerpt" | "content">> & { daysAgo: number };

const POSTS: Seed[] = [
  {
    slug: "anatomy-of-a-london-breakout",
    title: "Anatomy of a London Breakout",
    excerpt: "How we measure the Asian range before the open.",
    category: "Strategy Notes",
    content: '<p>Body</p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
    daysAgo: 1,
  },
  { slug: "gold-review", title: "Gold Intraday Review", excerpt: "Hit rate was 100% in March.", category: "Case Studies", daysAgo: 2 },
  { slug: "risk-per-trade", title: "Risk per Trade", excerpt: "Why the 1_percent rule works.", category: "Risk Management", daysAgo: 3 },
  { slug: "nfp-week", title: "Macro: NFP Week", excerpt: null, content: null, category: "Macro Context", daysAgo: 4 },
  { slug: "mt5-alerts", title: "Setting Up MT5 Alerts", excerpt: "Step by step.", category: "Platform How-Tos", daysAgo: 5 },
  { slug: "pullback-entries", title: "Pullback Entries", excerpt: "Trade the pullback, not the breakout.", category: "Strategy Notes", daysAgo: 30 },
  { slug: "risk-and-reward", title: "Risk & Reward <Basics>", excerpt: 'Quotes "and" apostrophes \' here.', category: "Risk Management", daysAgo: 6 },
  ...Array.from({ length: 14 }, (_, i) => ({
    slug: `filler-${i + 1}`,
    title: `Weekly Wrap ${i + 1}`,
    excerpt: `Notes for week ${i + 1}.`,
    category: "Case Studies",
    daysAgo: 7 + i,
  })),
];

function args(url: string, params: Record<string, string> = {}) {
  return routeArgs(getRequest(`${ORIGIN}${url}`), params);
}

function post(url: string, fields: Record<string, string>, ip: string) {
  return routeArgs(formRequest(`${ORIGIN}${url}`, fields, { headers: { "X-Forwarded-For": ip } }));
}

beforeAll(() => {
  const db = getDb();
  db.insert(blogPosts)
    .values(
      POSTS.map(({ daysAgo, ...p }) =>
        toStoredPost({
          excerpt: null,
          content: "<p>Article body.</p>",
          ...p,
          publishedAt: new Date(now - daysAgo * DAY),
        }),
      ),
    )
    .run();
  insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", description: "Swing strategy" });
});

async function listSlugs(search: string): Promise<string[]> {
  const res = (await insightsLoader(args(`/insights${search}`))) as Response;
  expect(res.status).toBe(200);
  const data = await res.json();
  return data.posts.map((p: { slug: string }) => p.slug);
}

describe("/insights loader", () => {
  it("lists the 12 newest posts, newest first", async () => {
    const slugs = await listSlugs("");
    expect(slugs).toHaveLength(12);
    expect(slugs[0]).toBe("anatomy-of-a-london-breakout");
    expect(slugs).not.toContain("pullback-entries"); // 30 days old: 13th or later
  });

  it("searches title or excerpt case-insensitively", async () => {
    expect(await listSlugs("?q=LONDON")).toEqual(["anatomy-of-a-london-breakout"]);
    expect(await listSlugs("?q=asian%20RANGE")).toEqual(["anatomy-of-a-london-breakout"]);
    expect(await listSlugs("?q=%20weekly%20wrap%201%20")).toEqual(expect.arrayContaining(["filler-1", "filler-10", "filler-14"]));
  });

  it("treats LIKE wildcards in the query literally", async () => {
    expect(await listSlugs(`?q=${encodeURIComponent("%")}`)).toEqual(["gold-review"]);
    expect(await listSlugs(`?q=${encodeURIComponent("_")}`)).toEqual(["risk-per-trade"]);
    expect(await listSlugs(`?q=${encodeURIComponent("1_p")}`)).toEqual(["risk-per-trade"]);
    expect(await listSlugs(`?q=${encodeURIComponent("\\")}`)).toEqual([]);
  });

  it("filters by category slug and keeps the search", async () => {
    expect(await listSlugs("?category=strategy-notes")).toEqual(["anatomy-of-a-london-breakout", "pullback-entries"]);
    expect(await listSlugs("?category=strategy-notes&q=pullback")).toEqual(["pullback-entries"]);
    const res = (await insightsLoader(args("/insights?category=risk-management&q=risk"))) as Response;
    const data = await res.json();
    expect(data).toMatchObject({ q: "risk", category: "risk-management" });
    expect(data.posts.map((p: { slug: string }) => p.slug)).toEqual(["risk-per-trade", "risk-and-reward"]);
    // An unknown category is ignored (All Posts).
    expect(await listSlugs("?category=nope")).toHaveLength(12);
  });

  it("returns no posts when nothing matches", async () => {
    const res = (await insightsLoader(args("/insights?q=zzzz-no-such-thing"))) as Response;
    const data = await res.json();
    expect(data.posts).toEqual([]);
    expect(data.q).toBe("zzzz-no-such-thing");
  });
});

describe("/insights/{slug} loader", () => {
  it("returns the post with sanitised HTML and related posts", async () => {
    const res = (await articleLoader(args("/insights/anatomy-of-a-london-breakout", { slug: "anatomy-of-a-london-breakout" }))) as Response;
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.post.title).toBe("Anatomy of a London Breakout");
    expect(data.readTime).toBe("5 min read");
    expect(data.url).toBe(`${ORIGIN}/insights/anatomy-of-a-london-breakout`);
    expect(data.post.html).toContain("<p>Body</p>");
    expect(data.post.html).not.toMatch(/script|onerror|javascript:/i);
    expect(data.related.length).toBeLessThanOrEqual(3);
    const relatedSlugs = data.related.map((r: { slug: string }) => r.slug);
    expect(relatedSlugs).not.toContain("anatomy-of-a-london-breakout");
    // Same category first, then the newest others.
    expect(relatedSlugs).toEqual(["pullback-entries", "gold-review", "risk-per-trade"]);
  });

  it("fills the related posts from the post's own category alone when it holds enough, newest first", async () => {
    const res = (await articleLoader(args("/insights/gold-review", { slug: "gold-review" }))) as Response;
    const data = await res.json();
    expect(data.related.map((r: { slug: string }) => r.slug)).toEqual(["filler-1", "filler-2", "filler-3"]);
  });

  it("finds a post case-insensitively and shows null content as null", async () => {
    const res = (await articleLoader(args("/insights/NFP-Week", { slug: "NFP-Week" }))) as Response;
    const data = await res.json();
    expect(data.post.slug).toBe("nfp-week");
    expect(data.post.html).toBeNull();
  });

  it("cuts related excerpts at 100 characters", async () => {
    const long = "word ".repeat(60).trim();
    getDb()
      .insert(blogPosts)
      .values({ slug: "long-excerpt", title: "Long", excerpt: long, category: "Macro Context", publishedAt: new Date(now - 40 * DAY) })
      .run();
    const res = (await articleLoader(args("/insights/nfp-week", { slug: "nfp-week" }))) as Response;
    const data = await res.json();
    const related = data.related.find((r: { slug: string }) => r.slug === "long-excerpt");
    expect(related.excerpt.length).toBeLessThanOrEqual(101);
    expect(related.excerpt.endsWith("…")).toBe(true);
    getDb().delete(blogPosts).where(eq(blogPosts.slug, "long-excerpt")).run();
  });

  it("throws a 404 for an unknown slug", async () => {
    const res = await thrownResponse(() => articleLoader(args("/insights/nope", { slug: "nope" })));
    expect(res.status).toBe(404);
  });
});

describe("GET /api/blog", () => {
  it("honours limit=3 and limit=12, newest first, with the API post shape", async () => {
    const three = await apiBlogLoader(args("/api/blog?limit=3"));
    expect(three.status).toBe(200);
    expect(three.headers.get("Content-Type")).toMatch(/^application\/json/);
    const posts = await three.json();
    expect(posts).toHaveLength(3);
    // Lists leave the bodies out unless asked for them.
    expect(Object.keys(posts[0]).sort()).toEqual(["category", "createdAt", "excerpt", "id", "publishedAt", "slug", "title"]);
    expect(posts[0].slug).toBe("anatomy-of-a-london-breakout");
    expect(new Date(posts[0].publishedAt).toISOString()).toBe(posts[0].publishedAt);

    const twelve = await (await apiBlogLoader(args("/api/blog?limit=12"))).json();
    expect(twelve).toHaveLength(12);
    const times = twelve.map((p: { publishedAt: string }) => Date.parse(p.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = await (await apiBlogLoader(args("/api/blog"))).json();
    expect(all).toHaveLength(POSTS.length < 20 ? POSTS.length : 20);
  });

  it("gives each post its sanitised content with include=content, and refuses another include", async () => {
    const res = await apiBlogLoader(args("/api/blog?limit=4&include=content"));
    expect(res.status).toBe(200);
    const posts = await res.json();
    expect(Object.keys(posts[0]).sort()).toEqual(["category", "content", "createdAt", "excerpt", "id", "publishedAt", "slug", "title"]);
    expect(posts[0].slug).toBe("anatomy-of-a-london-breakout");
    expect(posts[0].content).toContain("<p>Body</p>");
    expect(posts[0].content).not.toMatch(/<script|onerror|javascript:/i);
    expect(posts.find((p: { slug: string }) => p.slug === "nfp-week").content).toBeNull();

    const bad = await apiBlogLoader(args("/api/blog?include=author"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].field).toBe("include");
  });

  it("accepts q and category", async () => {
    const byQ = await (await apiBlogLoader(args("/api/blog?q=asian"))).json();
    expect(byQ.map((p: { slug: string }) => p.slug)).toEqual(["anatomy-of-a-london-breakout"]);
    const byCategory = await (await apiBlogLoader(args("/api/blog?category=Strategy%20Notes"))).json();
    expect(byCategory).toHaveLength(2);
    const bySlug = await (await apiBlogLoader(args("/api/blog?category=strategy-notes"))).json();
    expect(bySlug).toHaveLength(2);
  });

  it("rejects a bad limit with a 400 problem", async () => {
    for (const limit of ["0", "101", "abc", "2.5"]) {
      const res = await apiBlogLoader(args(`/api/blog?limit=${limit}`));
      expect(res.status, limit).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      const body = await res.json();
      expect(body.errors[0].field).toBe("limit");
    }
  });

  it("answers POST with 405", async () => {
    const res = apiBlogAction();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });
});

describe("GET /api/blog/{slug}", () => {
  it("returns one post", async () => {
    const res = await apiPostLoader(args("/api/blog/gold-review", { slug: "gold-review" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug: "gold-review", title: "Gold Intraday Review", category: "Case Studies" });
  });

  it("returns the post's content sanitised", async () => {
    const res = await apiPostLoader(args("/api/blog/anatomy-of-a-london-breakout", { slug: "anatomy-of-a-london-breakout" }));
    const post = await res.json();
    expect(post.content).toContain("<p>Body</p>");
    expect(post.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("returns a 404 problem for an unknown slug", async () => {
    const res = await apiPostLoader(args("/api/blog/missing", { slug: "missing" }));
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 404, title: "Not found" });
  });
});

describe("newsletter action", () => {
  const subscribers = () => getDb().select({ n: count() }).from(newsletterSubscribers).get()!.n;

  it("refuses a JSON body with 415", async () => {
    const request = jsonRequest(`${ORIGIN}/insights?index`, { intent: "newsletter", email: "json@example.com" });
    const thrown = await insightsAction(routeArgs(request)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });

  it("stores a valid email", async () => {
    const res = (await insightsAction(post("/insights?index", { intent: "newsletter", email: "Reader@Example.com" }, "10.0.0.1"))) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ intent: "newsletter", data: "Thanks! You're on the list for new insights." });
    const row = getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com")).get();
    expect(row).toBeTruthy();
  });

  it("treats a second subscription as success without a duplicate row", async () => {
    const before = subscribers();
    const res = (await insightsAction(post("/insights?index", { intent: "newsletter", email: " READER@example.com " }, "10.0.0.2"))) as Response;
    expect(res.status).toBe(200);
    expect((await res.json()).data).toBe("Thanks! You're on the list for new insights.");
    expect(subscribers()).toBe(before);
  });

  it("rejects an invalid or missing email", async () => {
    const before = subscribers();
    for (const email of ["not-an-email", ""]) {
      const res = (await insightsAction(post("/insights?index", { intent: "newsletter", email }, "10.0.0.3"))) as Response;
      expect(res.status, email).toBe(400);
      const body = await res.json();
      expect(body.data).toBeUndefined();
      expect(body.submission.error.email[0]).toBe(email ? "Enter a valid email address" : "Email is required");
    }
    const unknown = (await insightsAction(post("/insights?index", { intent: "other", email: "a@b.co" }, "10.0.0.3"))) as Response;
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).submission.error.intent).toEqual(["Unknown form. Please try again."]);
    expect(subscribers()).toBe(before);
  });

  it("rate limits sign-ups per IP with 429", async () => {
    const ip = "10.0.0.99";
    for (let i = 0; i < 10; i++) {
      const res = (await insightsAction(post("/insights?index", { intent: "newsletter", email: `bulk${i}@example.com` }, ip))) as Response;
      expect(res.status, `post ${i + 1}`).toBe(200);
    }
    const limited = (await insightsAction(post("/insights?index", { intent: "newsletter", email: "bulk10@example.com" }, ip))) as Response;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).submission.error[""][0]).toMatch(/Too many sign-ups from your network\. Try again in/);
    expect(getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "bulk10@example.com")).get()).toBeUndefined();
    // Another IP is unaffected.
    const other = (await insightsAction(post("/insights?index", { intent: "newsletter", email: "other@example.com" }, "10.0.0.100"))) as Response;
    expect(other.status).toBe(200);
  });
});

describe("feeds", () => {
  it("serves RSS 2.0 of the 20 newest posts with escaped text", async () => {
    const res = await rssLoader(args("/insights/rss.xml"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>Risk &amp; Reward &lt;Basics&gt;</title>");
    expect(xml).toContain("Quotes &quot;and&quot; apostrophes &apos; here.");
    expect(xml).not.toContain("<Basics>");
    expect(xml).toContain(`<link>${ORIGIN}/insights/anatomy-of-a-london-breakout</link>`);
    expect(xml).not.toContain("pullback-entries"); // 21st newest
  });

  it("lists public routes, strategies and posts in the sitemap", async () => {
    const res = await sitemapLoader(args("/sitemap.xml"));
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    for (const path of ["/", "/strategies", "/services", "/pricing", "/performance", "/academy", "/tools", "/insights", "/about", "/contact"]) {
      expect(xml, path).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${ORIGIN}/strategies/alpha-swing</loc>`);
    for (const p of POSTS) expect(xml, p.slug).toContain(`<loc>${ORIGIN}/insights/${p.slug}</loc>`);
    expect(xml).not.toMatch(/portal|dashboard|admin/);
  });

  it("serves robots.txt with the disallowed areas and the sitemap", async () => {
    const res = await robotsLoader(args("/robots.txt"));
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    for (const path of ["/portal", "/dashboard", "/admin", "/api"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("posts stored before their HTML was sanitised on write", () => {
  it("get their sanitised copy from the backfill, once", async () => {
    getDb()
      .insert(blogPosts)
      .values({ slug: "old-post", title: "Old", category: "Macro Context", content: '<p>Old</p><script>x()</script>', publishedAt: new Date(now - 90 * DAY) })
      .run();
    expect(backfillPostHtml()).toBe(1);
    expect(backfillPostHtml()).toBe(0);
    const row = getDb().select().from(blogPosts).where(eq(blogPosts.slug, "old-post")).get()!;
    expect(row.contentHtml).toBe("<p>Old</p>");
    const res = (await articleLoader(args("/insights/old-post", { slug: "old-post" }))) as Response;
    expect((await res.json()).post.html).toBe("<p>Old</p>");
    getDb().delete(blogPosts).where(eq(blogPosts.slug, "old-post")).run();
  });
});
