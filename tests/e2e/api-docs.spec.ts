/**
 * /docs/api with and without JavaScript: the guide and the server-rendered
 * operation list always; Scalar's interactive reference (its own bundle,
 * fetched by this page only) with JavaScript; reached from the footer.
 */
import { collectPageErrors, expect, hydrated, test } from "./support/fixtures";

test.describe("/docs/api", () => {
  test("shows the guide and every operation, and is linked from the footer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "API Docs" }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { name: "API Docs", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Getting started", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verifying webhooks", level: 3 })).toBeVisible();
    const operations = page.getByRole("region", { name: "Operations" });
    await expect(operations.locator("article#listSignals")).toContainText("GET/api/signals");
    await expect(operations.locator("article#listSignals")).toContainText("limit (query, integer 1–100)");
    await expect(operations.locator("article#publishSignal")).toContainText("403");
    await expect(page.getByRole("link", { name: "OpenAPI document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
  });

  test("loads Scalar's reference with JavaScript only", async ({ page, javaScriptEnabled }) => {
    const bundles: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/docs/api/scalar/")) bundles.push(request.url());
    });
    const errors = collectPageErrors(page);
    await page.goto("/docs/api");
    const reference = page.locator("[data-reference-ready]");
    if (!javaScriptEnabled) {
      await expect(reference).toHaveAttribute("data-reference-ready", "false");
      expect(bundles).toEqual([]);
      return;
    }
    await hydrated(page);
    await expect(reference).toHaveAttribute("data-reference-ready", "true", { timeout: 20_000 });
    await expect(reference.getByRole("link", { name: /List strategies/ })).toBeVisible({ timeout: 20_000 });
    await expect(reference.getByRole("button", { name: "Ask AI" })).toHaveCount(0);
    expect(bundles).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("other pages do not load the reference bundle", async ({ page }) => {
    const bundles: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/docs/api/scalar/")) bundles.push(request.url());
    });
    await page.goto("/strategies");
    await page.waitForLoadState("networkidle");
    expect(bundles).toEqual([]);
  });
});
