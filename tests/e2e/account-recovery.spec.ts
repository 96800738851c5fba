/**
 * Forgotten password end to end, with JavaScript on and off: the link is read
 * from the mail the app sent to a real SMTP server on 127.0.0.1, the reset
 * signs in and ends the other sessions, and the used link is refused.
 */
import { request as playwrightRequest } from "@playwright/test";
import { signUpFresh, submitLoginForm } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/ports";

interface Mail {
  to: string[];
  subject: string;
  decoded: string;
}

/** The newest mail to `to` with `subject`, polled from the app's mailbox. */
async function mailFor(to: string, subject: string): Promise<Mail> {
  const api = await playwrightRequest.newContext();
  try {
    for (let i = 0; i < 100; i += 1) {
      const mails = (await (await api.get(`http://127.0.0.1:${E2E.mailboxPort}/`)).json()) as Mail[];
      const found = mails.filter((m) => m.to.includes(to) && m.subject.includes(subject)).at(-1);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await api.dispose();
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}

test("a reset link from the mail sets a new password, signs in, ends other sessions and works once", async ({ page, browser }) => {
  const user = await signUpFresh(page, "/portal/dashboard", { lastName: "Recover" });
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto("/login");
  await submitLoginForm(elsewhere, user);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // With JavaScript the link navigates in the page: fill the new form, not the sign-in form it replaces.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await mailFor(user.email, "Reset your FX Trader password");
  const link = /(http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.decoded)![1]!;
  await page.goto(link);
  await page.getByLabel("New password").fill("my-brand-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);

  const elsewhereMe = await elsewhere.request.get("/api/auth/user");
  expect(elsewhereMe.status()).toBe(401);
  await other.close();
  await mailFor(user.email, "Your FX Trader password was changed");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("an unknown address gets the same answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(`nobody.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});
