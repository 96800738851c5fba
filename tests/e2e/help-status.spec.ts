/**
 * The Help Center and the Status Page in Chromium, with and without
 * JavaScript (the "js" and "no-js" projects): the footer leads to both; the
 * search is a GET form answered by the server; an article's "Was this
 * helpful?" is a POST form; /status shows every component and links its RSS feed.
 */
import { expect, test } from "./support/fixtures";

test.describe("Help Center", () => {
  test("search from /help finds the webhook article, which opens with its verification snippet", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Help Center" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();

    await page.getByLabel("Search the Help Center").fill("webhook signature");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/help\?q=webhook\+signature$/);
    const results = page.getByTestId("help-results");
    await expect(results.getByRole("heading")).toContainText("match “webhook signature”");
    await results.getByRole("link", { name: "Webhooks and verifying their signatures" }).click();

    await expect(page).toHaveURL(/\/help\/webhooks$/);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks and verifying their signatures" })).toBeVisible();
    await expect(page.getByTestId("legal-body")).toContainText("webhook.verify(");
  });

  test("a search without matches says so and offers every article", async ({ page }) => {
    await page.goto("/help?q=zzqxj");
    await expect(page.getByText("No article matches your search.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Show all articles" })).toBeVisible();
  });

  test("'Was this helpful?' records the answer", async ({ page }) => {
    await page.goto("/help/calculators");
    const helpful = page.getByTestId("helpful");
    await helpful.getByRole("button", { name: "Yes" }).click();
    await expect(helpful.getByText("Thank you for your answer.")).toBeVisible();
    await expect(helpful.getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
    await expect(helpful.getByTestId("helpful-counts")).toContainText("found it helpful");
  });
});

test.describe("Status Page", () => {
  test("the footer leads to /status, which shows every component, the channels and the RSS feed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Status Page" }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
    await expect(page.getByTestId("overall-status")).toContainText(/All systems operational|Some systems are degraded|A major system is down/);
    for (const name of ["Website and API", "Database", "Delivery worker", "Live feed", "Ledger", "Backups"]) {
      await expect(page.getByRole("rowheader", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("row", { name: /Backups/ })).toContainText("Not configured");
    for (const channel of ["Webhooks", "Email", "Telegram", "Web push"]) {
      await expect(page.getByRole("rowheader", { name: channel, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Incident notes as RSS" })).toHaveAttribute("href", "/status.rss");
  });
});
