/**
 * /portal/account: Profile, Subscription (change plan, pause, resume, cancel,
 * billing history) and Security (settings, sessions, Logout All Other
 * Sessions). Runs with JavaScript on and off; every test signs up its own
 * fresh user (a 7-day Pro trial).
 */
import type { Locator, Page } from "@playwright/test";
import { signIn, signUpFresh } from "./support/auth";
import { expect, expectToast, hydrated, navUser, test } from "./support/fixtures";

/** The <dd> for the <dt> reading exactly `term`. */
function detail(scope: Page | Locator, term: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

test.describe("Profile", () => {
  test("changing the first name shows 'Profile Updated' and the new name in the navbar", async ({ page, javaScriptEnabled }) => {
    const user = await signUpFresh(page, "/portal/account", { firstName: "Before" });
    await expect(page.getByRole("heading", { name: "Profile", level: 2 })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue(user.firstName);
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    if (javaScriptEnabled) await hydrated(page, "form[method='post']");

    await page.getByLabel("First name").fill("Renamed");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expectToast(page, javaScriptEnabled, "Profile Updated", "Your profile information has been saved.");
    await expect(navUser(page)).toHaveText("Renamed");
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Renamed");
    await expect(page.getByLabel("Last name")).toHaveValue(user.lastName);
  });

  test("an invalid email shows a field error and changes nothing", async ({ page, javaScriptEnabled }) => {
    const user = await signUpFresh(page, "/portal/account");
    if (javaScriptEnabled) await hydrated(page, "form[method='post']");

    // Passes the browser's type=email check (no-JS submits it) but not the app's schema.
    await page.getByLabel("Email").fill("someone@localhost");
    await page.getByRole("button", { name: "Save Changes" }).click();

    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address");
    // Without JavaScript the form posts to the index route (`/portal/account?index`) and the reply renders there.
    await expect(page).toHaveURL((url) => url.pathname === "/portal/account");

    const me = await page.request.get("/api/auth/user");
    expect(await me.json()).toMatchObject({ email: user.email });
  });
});

test.describe("Subscription", () => {
  /** The confirmation of a change: a modal dialog with JavaScript, the page itself without. */
  function confirmation(page: Page, javaScriptEnabled: boolean, title: string): Locator {
    return javaScriptEnabled ? page.getByRole("dialog", { name: title }) : page.getByRole("region", { name: title });
  }

  test("a trial user schedules Starter for the trial's end keeping one strategy, then cancels the trial", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpFresh(page, "/portal/account/subscription");
    const current = page.locator("dl").filter({ has: page.locator("dt", { hasText: "Start date" }) });
    await expect(detail(current, "Status")).toHaveText("Pro trial · 7 days left");
    const trialEnd = (await detail(current, "Trial ends").textContent())!.trim();
    if (javaScriptEnabled) await hydrated(page, "form[method='get']");

    // Choosing Starter during the trial asks first: when it starts, what it costs, which strategy to keep.
    await page.getByRole("radio", { name: /Starter/ }).check();
    await page.getByRole("button", { name: "Choose Plan" }).click();
    const choose = confirmation(page, javaScriptEnabled, "Choose the Starter plan");
    await expect(choose).toContainText(`Your free trial continues until ${trialEnd}. Then the Starter plan starts: $97.00 is charged on ${trialEnd}`);
    await expect(choose).toContainText("Or start it now: your trial ends today and $97.00 is charged today.");
    const picks = choose.getByRole("group", { name: "Strategy to keep" }).getByRole("checkbox");
    await expect(picks).toHaveCount(3);
    await expect(picks.nth(0)).toBeChecked();
    const kept = Number(await picks.nth(1).getAttribute("value"));
    await picks.nth(0).uncheck();
    await picks.nth(1).check();
    await choose.getByRole("button", { name: "Start when my trial ends" }).click();

    await expectToast(page, javaScriptEnabled, "Subscription Updated");
    await expect(detail(current, "Status")).toHaveText("Pro trial · 7 days left");
    await expect(page.getByText(`Your Starter plan starts on ${trialEnd}, when your trial ends: $97.00 is charged then.`)).toBeVisible();
    const rows = page.getByRole("region", { name: "Billing history" }).locator("tbody tr");
    await expect(rows.first().locator("td:nth-child(2)")).toHaveText(`Starter plan — starts ${trialEnd}, when the free trial ends`);
    await expect(rows.first().locator("td").last()).toHaveText("$0.00");
    // The kept strategy is now the first pick, so it is the one that stays on Starter.
    const entitled: number[] = await (await page.request.get("/api/user/strategy-access")).json();
    expect(entitled[0]).toBe(kept);

    // Cancel Trial: confirmed first, keeps access to the trial's end, charges nothing.
    await page.getByRole("button", { name: "Cancel Trial" }).click();
    const cancel = confirmation(page, javaScriptEnabled, "Cancel your free trial?");
    await expect(cancel).toContainText(`You keep your Pro trial until ${trialEnd}; then it ends and live signals lock.`);
    await expect(cancel).toContainText("Nothing is charged. The Starter plan you chose will not start.");
    await cancel.getByRole("button", { name: "Cancel Trial" }).click();
    await expectToast(page, javaScriptEnabled, "Trial Cancelled", "You keep access until your free trial ends. Nothing is charged.");
    await expect(detail(current, "Status")).toHaveText(`Cancelled — access until ${trialEnd}`);
    await expect(page.getByRole("heading", { name: "Current subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel Trial" })).toHaveCount(0);
    await expect(rows.first().locator("td:nth-child(2)")).toHaveText(`Pro trial cancelled — access until ${trialEnd}, nothing charged`);
  });

  test("start a plan now with the charge stated, downgrade keeping one strategy, pause, resume, cancel — each confirmed", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpFresh(page, "/portal/account/subscription");
    const current = page.locator("dl").filter({ has: page.locator("dt", { hasText: "Start date" }) });
    if (javaScriptEnabled) await hydrated(page, "form[method='get']");

    // Start Pro now, ending the trial: the confirmation states today's charge.
    await page.getByRole("radio", { name: /Pro/ }).check();
    await page.getByRole("button", { name: "Choose Plan" }).click();
    await confirmation(page, javaScriptEnabled, "Choose the Pro plan").getByRole("button", { name: "Start now and pay $197.00 today" }).click();
    await expectToast(page, javaScriptEnabled, "Subscription Updated", "Your subscription has been updated successfully.");
    await expect(detail(current, "Plan")).toHaveText("Pro");
    await expect(detail(current, "Status")).toHaveText("Active");

    // Downgrade to Starter: lists the three strategies and keeps the one chosen.
    await page.getByRole("radio", { name: /Starter/ }).check();
    await page.getByRole("button", { name: "Change Plan" }).click();
    const downgrade = confirmation(page, javaScriptEnabled, "Change to the Starter plan?");
    await expect(downgrade).toContainText("The Starter plan applies at once and $97.00 is charged today");
    await expect(downgrade).toContainText("The Starter plan includes 1 strategy: choose which to keep. The others lock at once.");
    await downgrade.getByRole("button", { name: "Change Plan" }).click();
    await expect(detail(current, "Plan")).toHaveText("Starter");
    await expect(page.getByRole("radio", { name: /Starter.*\(current\)/ })).toBeChecked();

    // Pause asks first; "Go back" changes nothing.
    await page.getByRole("button", { name: "Pause Subscription" }).click();
    const pause = confirmation(page, javaScriptEnabled, "Pause your Starter subscription?");
    await expect(pause).toContainText("Live signals lock as soon as you pause");
    await pause.getByRole("link", { name: "Go back" }).click();
    await expect(pause).toHaveCount(0);
    await expect(detail(current, "Status")).toHaveText("Active");
    await page.getByRole("button", { name: "Pause Subscription" }).click();
    await confirmation(page, javaScriptEnabled, "Pause your Starter subscription?").getByRole("button", { name: "Pause Subscription" }).click();
    await expect(detail(current, "Status")).toHaveText("Paused");
    await expect(page.getByText("Your subscription is paused: live signals are locked")).toBeVisible();
    await expect(page.getByText("Resume your subscription to change plan.")).toBeVisible();

    await page.getByRole("button", { name: "Resume Subscription" }).click();
    await expect(detail(current, "Status")).toHaveText("Active");

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const cancel = confirmation(page, javaScriptEnabled, "Cancel your Starter subscription?");
    await expect(cancel).toContainText(/Your subscription stays active until .+, then ends\./);
    await cancel.getByRole("button", { name: "Confirm Cancellation" }).click();
    await expectToast(
      page,
      javaScriptEnabled,
      "Subscription Cancelled",
      "Your subscription will remain active until the end of the current billing period.",
    );
    await expect(detail(current, "Status")).toHaveText(/^Cancelled — access until /);
    await expect(page.getByText(/Your subscription is cancelled\. It stays active until/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Keep My Subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause Subscription" })).toHaveCount(0);

    const rows = page.getByRole("region", { name: "Billing history" }).locator("tbody tr");
    await expect(rows.locator("td:nth-child(2)")).toHaveText([
      /^Starter plan cancelled — active until /,
      "Starter plan resumed",
      "Starter plan paused",
      "Starter plan — $97.00/month",
      "Pro plan — $197.00/month",
      "Pro plan — 7-day free trial",
    ]);
    await expect(rows.nth(4).locator("td").last()).toHaveText("$197.00");
  });
});

test.describe("Security", () => {
  test("session timeout and login notifications are saved and persist", async ({ page, javaScriptEnabled }) => {
    await signUpFresh(page, "/portal/account/security");
    const notifications = page.getByRole("checkbox", { name: "Login notifications" });
    const timeout = page.getByLabel("Session timeout");
    await expect(notifications).toBeChecked(); // the default
    if (javaScriptEnabled) await hydrated(page, "form[method='post']");

    await notifications.uncheck();
    await timeout.selectOption({ label: "8 hours" });
    await page.getByRole("button", { name: "Save Security Settings" }).click();

    await expectToast(page, javaScriptEnabled, "Security Settings Saved", "Login notifications off; new sign-ins last 8 hours.");
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Login notifications" })).not.toBeChecked();
    await expect(page.getByLabel("Session timeout")).toHaveValue(String(8 * 60));
    await expect(page.getByLabel("Session timeout").locator("option:checked")).toHaveText("8 hours");
  });

  test("Logout All Other Sessions signs a second browser out at once", async ({ page, browser, javaScriptEnabled, baseURL, clientIp }) => {
    const user = await signUpFresh(page, "/portal/account/security");

    const sessions = page.getByTestId("session-row");
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText("This device");
    await expect(page.getByText("No other devices are signed in.")).toBeVisible();

    // The same user signs in from a second browser.
    const other = await browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, user, { returnTo: "/portal/dashboard" });
      await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${user.firstName}`);

      await page.reload();
      await expect(sessions).toHaveCount(2);
      await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
      await expect(page.getByText("1 other device is signed in.")).toBeVisible();
      if (javaScriptEnabled) await hydrated(page, "form[method='post']");

      await page.getByRole("button", { name: "Logout All Other Sessions" }).click();
      await expectToast(page, javaScriptEnabled, "Sessions Signed Out", "1 other session was signed out.");
      await expect(sessions).toHaveCount(1);
      await expect(page.getByText("No other devices are signed in.")).toBeVisible();

      // The second browser's cookie is dead: its next navigation asks to sign in.
      await otherPage.goto("/portal/dashboard");
      await expect(otherPage).toHaveURL(
        (url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/portal/dashboard",
      );
      expect((await otherPage.request.get("/api/auth/user")).status()).toBe(401);

      // This browser stays signed in.
      await page.goto("/portal/dashboard");
      await expect(page).toHaveURL(/\/portal\/dashboard$/);
    } finally {
      await other.close();
    }
  });
});
