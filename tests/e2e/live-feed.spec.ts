/**
 * The portal dashboard's live feed: a signal the admin publishes in another
 * browser context appears for a signed-in trader as a toast and a new row,
 * without a reload (Server-Sent Events from /api/signals/stream).
 */
import { ACCOUNTS, signIn } from "./support/auth";
import { publishAlphaSwingSignal } from "./support/signals";
import { expect, test, waitForHydration } from "./support/fixtures";

test.describe("live feed", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the live feed is JavaScript; without it the dashboard works as before");

  test("a published signal shows up on an open dashboard", async ({ page, browser }) => {
    await signIn(page, ACCOUNTS.trader, { returnTo: "/portal/dashboard" });
    await waitForHydration(page);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ACCOUNTS.admin);
    const rationale = `Live feed check ${Date.now().toString(36)}: breakout retest.`;
    await publishAlphaSwingSignal(admin.request, rationale);
    await adminContext.close();

    await expect(page.getByTestId("toast").filter({ hasText: "New signal" })).toBeVisible({ timeout: 15_000 });
    // The new signal's row (its rationale under it), without a reload.
    await expect(page.getByRole("cell", { name: `Rationale: ${rationale}` })).toBeVisible({ timeout: 15_000 });
  });
});
