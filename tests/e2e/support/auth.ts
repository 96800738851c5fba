/**
 * Signing in through the real /login form, as a user would.
 */
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "fxtrader-demo";

export const ACCOUNTS = {
  admin: { email: "admin@example.com", password: DEMO_PASSWORD, firstName: "Ada" },
  trader: { email: "trader@example.com", password: DEMO_PASSWORD, firstName: "Tom" },
  /** Added by start-app.ts (support/institutional-account.ts): the plan with webhooks. */
  institutional: { email: "institutional@example.com", password: DEMO_PASSWORD, firstName: "Iris" },
} as const;

export type Account = { email: string; password: string };

/** Fills and submits the sign-in form on the current /login page. */
export async function submitLoginForm(page: Page, { email, password }: Account): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Opens /login (optionally with `returnTo`), signs in as `account` and waits
 * until the browser has left the sign-in page for `expectedPath`
 * (the returnTo, else /dashboard).
 */
export async function signIn(page: Page, account: Account, options: { returnTo?: string } = {}): Promise<void> {
  const { returnTo } = options;
  await page.goto(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : "/login");
  await submitLoginForm(page, account);
  const expectedPath = returnTo ?? "/dashboard";
  await expect(page).toHaveURL((url) => url.pathname === expectedPath.split("?")[0]);
}

/** A fresh, unique email for a signup. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface FreshUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Signs up a brand-new user through the real /signup form (a 7-day Pro trial),
 * signs in with the new password (the email stays unverified) and waits until
 * the browser lands on `returnTo`'s path.
 * @param names first and last name; the last name also prefixes the unique email.
 */
export async function signUpFresh(
  page: Page,
  returnTo: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<FreshUser> {
  const firstName = names.firstName ?? "Fresh";
  const lastName = names.lastName ?? "Account";
  const user = { firstName, lastName, email: uniqueEmail(lastName.toLowerCase()), password: "fresh-user-password" };
  await page.goto(`/signup?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("I accept the Terms of Use and the Privacy Policy").check();
  await page.getByRole("button", { name: "Create account" }).click();
  // Sign-up starts no session (the answer is the same for a registered address): sign in with the new password.
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await submitLoginForm(page, user);
  await expect(page).toHaveURL((url) => url.pathname === returnTo.split("?")[0]);
  return user;
}
