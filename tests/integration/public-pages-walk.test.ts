/**
 * Every public page through the real production server: each route without
 * params that a visitor may GET (from the route table the authorization
 * matrix uses) plus known slugs (every legal document, every help article, a
 * strategy) answers without any "Coming soon" text, and every footer link
 * answers 200 with a heading and content. The Help Center's search answers a
 * plain GET form (no JavaScript) with results.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_PATHS } from "~/content/legal-paths";
import { FOOTER_COLUMNS } from "~/content/navigation";
import { listHelpArticles } from "~/services/help-articles.server";
import { syncHelpIndexFromArticles } from "~/services/help-center.server";
import type { RunningServer } from "../../server/app";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { insertStrategy } from "../support/fixtures";
import { ROUTE_ACCESS, routePattern } from "../support/route-access";

let server: RunningServer;
const get = (path: string) => rawRequest(server.port, { path, headers: { Accept: "text/html" } });

/** GET paths of public pages: routes without params whose loader a visitor may call, that render HTML. */
function publicPagePaths(): string[] {
  return Object.entries(ROUTE_ACCESS)
    .filter(([file, access]) => file.endsWith(".tsx") && routePattern(file).params.length === 0 && (access.GET?.access === "public" || access.GET?.access === "guest" || (!access.GET && !access.POST)))
    .map(([file]) => routePattern(file).path);
}

beforeAll(async () => {
  syncHelpIndexFromArticles();
  insertStrategy({ slug: "walk-strategy", name: "Walk Strategy" });
  server = await startBuiltServer();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe("every public page", () => {
  it("answers without 'Coming soon' text", async () => {
    const paths = [
      ...publicPagePaths(),
      ...Object.values(LEGAL_PATHS),
      ...listHelpArticles().map((a) => `/help/${a.slug}`),
      "/strategies/walk-strategy",
    ];
    expect(paths).toEqual(expect.arrayContaining(["/", "/help", "/status", "/pricing", "/academy", "/about", "/services", "/tools"]));
    for (const path of paths) {
      const response = await get(path);
      expect(response.status, path).toBeLessThan(400);
      expect(response.body.toLowerCase(), path).not.toContain("coming soon");
      expect(response.body.toLowerCase(), path).not.toContain("webinar");
    }
  }, 120_000);

  it("every footer link answers 200 with a heading and content", async () => {
    const links = FOOTER_COLUMNS.flatMap((column) => column.items);
    expect(links.map((l) => l.to)).toEqual(expect.arrayContaining(["/help", "/status"]));
    for (const link of links) {
      const response = await get(link.to);
      expect(response.status, link.to).toBe(200);
      expect(response.body, link.to).toMatch(/<h1[^>]*>[^<]+/);
      expect(response.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").length, link.to).toBeGreaterThan(1000);
    }
  }, 60_000);

  it("/status is measured per request: never stored by the page cache or a browser", async () => {
    const response = await get("/status");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-page-cache"]).not.toBe("hit");
  });

  it("the sitemap lists /help, every help article and /status", async () => {
    const xml = (await get("/sitemap.xml")).body;
    for (const path of ["/help", "/status", ...listHelpArticles().map((a) => `/help/${a.slug}`)]) expect(xml, path).toContain(`${path}</loc>`);
  });

  it("the Help Center's search works as a plain GET form", async () => {
    const response = await get("/help?q=recovery+codes");
    expect(response.status).toBe(200);
    expect(response.body).toContain('data-testid="help-results"');
    expect(response.body).toContain('href="/help/two-factor-and-recovery-codes"');
    expect(response.body).toContain("<mark>");
  });
});
