/**
 * /docs/api with and without JavaScript: the guide and the server-rendered
 * operation list always (kept as the server rendered them when the page
 * hydrates, rendered in the browser after a client-side navigation);
 * Scalar's interactive reference (its own bundle, fetched by this page only)
 * only when the reader opens it (`?reference=interactive`), with JavaScript;
 * reached from the footer.
 */
import type { Page } from "@playwright/test";
import { collectPageErrors, expect, hydrated, test } from "./support/fixtures";

/** How long Scalar's reference may take to load and mount on a busy machine. */
const SCALAR_TIMEOUT_MS = 60_000;

/** Records the requests for Scalar's bundle. */
function bundleRequests(page: Page): string[] {
  const bundles: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/docs/api/scalar/")) bundles.push(request.url());
  });
  return bundles;
}

/** Records the page's Content-Security-Policy violations ("directive blocked-uri"); read them with `cspViolations`. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function expectOperations(page: Page): Promise<void> {
  const operations = page.getByRole("region", { name: "Operations" });
  await expect(operations.locator("article#listSignals")).toContainText("GET/api/signals");
  await expect(operations.locator("article#listSignals")).toContainText("limit (query, integer 1–100)");
  await expect(operations.locator("article#publishSignal")).toContainText("403");
  await expect(page.getByRole("heading", { name: "Verifying webhooks", level: 3 })).toBeVisible();
}

test.describe("/docs/api", () => {
  test("shows the guide and every operation, and is linked from the footer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "API Docs" }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { name: "API Docs", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Getting started", level: 2 })).toBeVisible();
    await expectOperations(page);
    await expect(page.getByRole("link", { name: "OpenAPI document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
  });

  test("keeps the server's guide and operations once hydrated", async ({ page, javaScriptEnabled }) => {
    const errors = collectPageErrors(page);
    await page.goto("/docs/api");
    if (javaScriptEnabled) await hydrated(page);
    await expectOperations(page);
    expect(await page.locator("#operations-list article").count()).toBeGreaterThan(20);
    if (javaScriptEnabled) {
      const owned = (selector: string) => page.locator(selector).first().evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")));
      expect(await owned("#operations")).toBe(true);
      expect(await owned("#operations-list article")).toBe(false);
      expect(await owned("#getting-started-guide section")).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  test("loads Scalar's reference only when opened, with JavaScript only", async ({ page, javaScriptEnabled }) => {
    // With JavaScript the browser fetches, compiles and runs Scalar's 4.3 MB bundle: 3–4 s on an idle machine, over 20 s on a busy one.
    test.slow(javaScriptEnabled);
    const bundles = bundleRequests(page);
    const errors = collectPageErrors(page);
    await watchCsp(page);
    await page.goto("/docs/api");
    const reference = page.locator("[data-reference-ready]");
    if (javaScriptEnabled) await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(bundles).toEqual([]);
    await expect(reference).toHaveAttribute("data-reference-ready", "false");

    await page.getByRole("link", { name: "Open the interactive reference" }).click();
    await expect(page).toHaveURL(/\/docs\/api\?reference=interactive#reference$/);
    if (!javaScriptEnabled) {
      await expect(reference.getByRole("status")).toHaveText(/needs JavaScript/);
      await expect(reference).toHaveAttribute("data-reference-ready", "false");
      await expectOperations(page);
      expect(bundles).toEqual([]);
      return;
    }
    await expect(reference).toHaveAttribute("data-reference-ready", "true", { timeout: SCALAR_TIMEOUT_MS });
    await expect(reference.getByRole("link", { name: /List strategies/ })).toBeVisible({ timeout: SCALAR_TIMEOUT_MS });
    await expect(reference.getByRole("button", { name: "Ask AI" })).toHaveCount(0);
    expect(bundles).toHaveLength(1);

    await page.getByRole("link", { name: "Close the interactive reference" }).click();
    await expect(page).toHaveURL(/\/docs\/api#reference$/);
    await expect(reference).toHaveAttribute("data-reference-ready", "false");
    await expect(reference.getByRole("link", { name: /List strategies/ })).toHaveCount(0);
    await expectOperations(page);
    expect(errors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("opens the reference at once from a link to ?reference=interactive", async ({ page, javaScriptEnabled }) => {
    test.slow(javaScriptEnabled);
    const bundles = bundleRequests(page);
    await page.goto("/docs/api?reference=interactive");
    const reference = page.locator("[data-reference-ready]");
    await expect(page.getByRole("link", { name: "Close the interactive reference" })).toBeVisible();
    if (!javaScriptEnabled) {
      await expect(reference.getByRole("status")).toHaveText(/needs JavaScript/);
      expect(bundles).toEqual([]);
      return;
    }
    await expect(reference).toHaveAttribute("data-reference-ready", "true", { timeout: SCALAR_TIMEOUT_MS });
    await expect(reference.getByRole("link", { name: /List strategies/ })).toBeVisible({ timeout: SCALAR_TIMEOUT_MS });
    expect(bundles).toHaveLength(1);
  });

  test("other pages do not load the reference bundle", async ({ page }) => {
    const bundles = bundleRequests(page);
    await page.goto("/strategies");
    await page.waitForLoadState("networkidle");
    expect(bundles).toEqual([]);
  });
});
