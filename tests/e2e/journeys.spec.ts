/**
 * Subscriber journeys that used to end badly (issue 13), walked as a person
 * would, with JavaScript on and off: a new trial's status reads as the good
 * state it is, and an insights search shows its results first.
 */
import { signUpFresh } from "./support/auth";
import { expect, test } from "./support/fixtures";

test.describe("a new trial's status", () => {
  test("the dashboard shows 'Pro trial · 7 days left' in the normal style, not as a warning", async ({ page }) => {
    await signUpFresh(page, "/dashboard", { lastName: "Trialist" });
    const stat = page.getByTestId("stat-subscription");
    await expect(stat).toContainText("Pro trial · 7 days left");
    await expect(stat).not.toHaveAttribute("data-warning");
    await expect(stat).not.toContainText("⚠");

    await page.goto("/portal/dashboard");
    const badge = page.getByTestId("subscription-card").getByTestId("subscription-status");
    await expect(badge).toHaveText("✓Pro trial · 7 days left");
    await expect(badge).not.toHaveAttribute("data-warning");
  });
});

test.describe("insights search", () => {
  test("a search or a category puts the results first and hides the featured block", async ({ page }) => {
    await page.goto("/insights");
    await expect(page.getByRole("heading", { name: "Featured", exact: true })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search insights" });
    await search.fill("risk");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/insights\?q=risk/);
    const latest = page.getByRole("region", { name: "Latest Insights" });
    await expect(latest).toContainText(/\d+ results? for “risk”/);
    await expect(page.getByRole("heading", { name: "Featured", exact: true })).toHaveCount(0);
    // The first result starts within the first screen (under the search form), not below three cards.
    const firstResult = latest.getByRole("listitem").first();
    await expect(firstResult).toBeInViewport();

    await page.goto("/insights");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Risk Management", exact: true }).click();
    await expect(page).toHaveURL(/category=risk-management/);
    await expect(page.getByRole("heading", { name: "Featured", exact: true })).toHaveCount(0);
    await expect(latest.getByRole("listitem").first()).toBeInViewport();
  });
});

test.describe("sign-up after an error", () => {
  test("fixing a too-short password and clicking Create account once creates the account", async ({ page }) => {
    await page.goto("/signup?returnTo=%2Fdashboard");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Steady");
    await page.getByLabel("Email").fill(`steady.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`);
    const password = page.getByLabel("Password");
    await password.fill("short");
    await page.getByLabel("I accept the Terms of Use and the Privacy Policy").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(password).toHaveAccessibleDescription("Password must be at least 10 characters");

    // The error stays put while the user types, so the button does not move under the pointer.
    const button = page.getByRole("button", { name: "Create account" });
    const before = await button.boundingBox();
    await password.fill("a-long-enough-password");
    expect(await button.boundingBox()).toEqual(before);
    await button.click();
    await expect(page).toHaveURL((url) => url.pathname === "/signup" && url.searchParams.get("sent") === "1");
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  });
});

test.describe("copy that tells the truth about the track record", () => {
  test("the landing page and the Verification tab both point to the public ledger, which answers", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main).toContainText("Every signal is recorded in a public, tamper-evident ledger with signed checkpoints that anyone can keep and check with their own code.");
    await expect(main).not.toContainText("independent tracking platforms");
    await expect(main).not.toContainText("tracked by independent platforms");

    await page.goto("/performance?tab=verification");
    await expect(page.getByRole("main")).toContainText("Every signal event we publish is a row of a public ledger at /api/ledger");
    await expect(page.getByRole("main")).not.toContainText("every figure on this page is hypothetical sample data");

    const ledger = await page.request.get("/api/ledger");
    expect(ledger.status()).toBe(200);
  });
});
