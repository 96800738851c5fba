/**
 * More subscriber journeys from issue 13, walked as a person would with
 * JavaScript on and off: a locked signal says what would unlock it for this
 * viewer, and "Follow this strategy" does it in one click.
 */
import { signUpFresh } from "./support/auth";
import { expect, expectToast, test } from "./support/fixtures";

const GOLD_OPEN_SIGNALS = "/strategies/gold-intraday?tab=signals&status=open";

test.describe("unlocking a locked signal", () => {
  test("a visitor is offered a free trial; a Pro trader on 2 of 3 strategies follows the third in one click", async ({ page, javaScriptEnabled }) => {
    await page.goto(GOLD_OPEN_SIGNALS);
    const signals = page.getByRole("region", { name: "Recent signals for Gold Intraday" });
    await expect(signals.getByRole("link", { name: "Start a free trial" }).first()).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("Subscribe to unlock");

    // A new Pro trial follows every strategy; this trader keeps two of the three.
    await signUpFresh(page, "/portal/strategies?tab=overview", { lastName: "Picker" });
    await page.getByRole("checkbox", { name: /Gold Intraday/ }).uncheck();
    await page.getByRole("button", { name: "Save Strategies" }).click();
    await expectToast(page, javaScriptEnabled, "Strategies Updated", "You now follow 2 strategies.");

    await page.goto(GOLD_OPEN_SIGNALS);
    await expect(signals.getByTestId("signal-row").first()).toBeVisible();
    await expect(signals).not.toContainText("Start a free trial");
    await expect(signals).not.toContainText("Upgrade");
    await signals.getByRole("button", { name: "Follow this strategy" }).first().click();

    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === GOLD_OPEN_SIGNALS);
    await expectToast(page, javaScriptEnabled, "Strategy followed", "You now follow Gold Intraday: its live signals show their levels.");
    await expect(signals.getByTestId("signal-row").first()).toBeVisible();
    await expect(signals.getByTestId("unlock-cta")).toHaveCount(0);

    await page.goto("/portal/strategies?tab=overview");
    await expect(page.getByRole("checkbox", { name: /Gold Intraday/ })).toBeChecked();
  });
});
