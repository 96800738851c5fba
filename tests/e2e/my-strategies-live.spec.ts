/**
 * My Strategies follows the live feed: a signal the admin publishes in
 * another browser context appears in Live Signals as a toast and a new row,
 * without a reload (Server-Sent Events from /api/signals/stream), its toast
 * waiting behind the answer to what the trader just did; and its Push
 * toggle, on a server without VAPID keys, is shown as not available.
 */
import { ACCOUNTS, signIn } from "./support/auth";
import { publishAlphaSwingSignal } from "./support/signals";
import { expect, test, waitForHydration } from "./support/fixtures";

test.describe("My Strategies live feed", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the live feed is JavaScript; without it My Strategies works as before");

  test("a published signal shows up in an open Live Signals tab", async ({ page, browser }) => {
    await signIn(page, ACCOUNTS.trader, { returnTo: "/portal/strategies?tab=signals" });
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Signals of your strategies" });
    await expect(list).toBeVisible();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { liveFeedMark: true }));

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ACCOUNTS.admin);
    const rationale = `My Strategies live check ${Date.now().toString(36)}: pullback to support.`;
    await publishAlphaSwingSignal(admin.request, rationale, { levels: { symbol: "GBPUSD", side: "SHORT", price: 1.27, sl: 1.275, tp1: 1.265, tp2: 1.26 } });
    await adminContext.close();

    await expect(page.getByTestId("toast").filter({ hasText: "New signal" })).toBeVisible({ timeout: 15_000 });
    await expect(list.getByRole("listitem").filter({ hasText: rationale })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { liveFeedMark?: boolean }).liveFeedMark)).toBe(true);
  });

  test("a published signal's toast waits until the trader's own toast has closed", async ({ page, browser }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ACCOUNTS.admin);
    await signIn(page, ACCOUNTS.trader, { returnTo: "/portal/strategies?tab=signals" });
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Signals of your strategies" });

    await list.getByRole("button", { name: /^Copy .* signal to clipboard$/ }).first().click();
    const toasts = page.getByTestId("toast");
    const own = toasts.filter({ hasText: /^(Copied|Copy failed)/ });
    await expect(own).toBeVisible();
    // The pointer on the toast pauses its timer (as for a reader), so it is still up when the news comes.
    await own.hover();

    const rationale = `Toast queue check ${Date.now().toString(36)}: breakout retest.`;
    await publishAlphaSwingSignal(admin.request, rationale, { levels: { symbol: "GBPUSD", side: "SHORT", price: 1.27, sl: 1.275, tp1: 1.265, tp2: 1.26 } });
    await adminContext.close();
    await expect(list.getByRole("listitem").filter({ hasText: rationale })).toBeVisible({ timeout: 15_000 });
    await expect(toasts).toHaveCount(1);
    await expect(own).toBeVisible();

    await page.mouse.move(0, 0);
    await expect(toasts.filter({ hasText: "New signal" })).toBeVisible({ timeout: 15_000 });
    await expect(own).toHaveCount(0);
  });
});

test.describe("My Strategies push toggle", () => {
  test("without VAPID keys on the server it is off, cannot be ticked and says Not available", async ({ page }) => {
    await signIn(page, ACCOUNTS.trader, { returnTo: "/portal/strategies?tab=settings" });
    const push = page.getByRole("checkbox", { name: /Push notifications/ });
    await expect(push).toBeDisabled();
    await expect(push).not.toBeChecked();
    await expect(page.locator("label").filter({ has: push })).toContainText("Not available");
    await expect(page.getByRole("button", { name: "Turn on push in this browser" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: /Email alerts/ })).toBeEnabled();
  });
});
