/**
 * Sign-in, signup, logout (the navbar's button, and the confirmation page a
 * navigation to /api/logout shows) and returnTo with the local accounts (app on E2E.appPort),
 * and sign-in through the OIDC mock provider (app on E2E.oauthAppPort). Runs with
 * JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { ACCOUNTS, signIn, submitLoginForm, uniqueEmail } from "./support/auth";
import { expect, navbar, navUser, test } from "./support/fixtures";
import { E2E } from "./support/ports";

const OAUTH_APP = `http://localhost:${E2E.oauthAppPort}`;

test.describe("local sign-in", () => {
  test("Login in the navbar leads through /api/login to /login and into the dashboard", async ({ page }) => {
    await page.goto("/");
    const nav = navbar(page);
    await nav.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await submitLoginForm(page, ACCOUNTS.trader);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome to Your Trading Dashboard" })).toBeVisible();
    await expect(navUser(page)).toHaveText("Tom");
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
  });

  test("a wrong password shows the error and stays on /login", async ({ page, javaScriptEnabled }) => {
    await page.goto("/login");
    await submitLoginForm(page, { email: ACCOUNTS.trader.email, password: "not-the-password" });

    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.trader.email);
    // Without JavaScript the page is rendered from the reply, which never echoes the password.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(navbar(page).getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("signup creates the account, asks to check the email, and the password then signs in", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-long-enough-password");
    await page.getByLabel("I accept the Terms of Use and the Privacy Policy").check();
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    await page.goto("/login");
    await submitLoginForm(page, { email, password: "a-long-enough-password" });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(navUser(page)).toHaveText("Sam");
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email, firstName: "Sam", lastName: "Signup" });
  });

  test("Logout returns home signed out and /dashboard then asks to sign in", async ({ page }) => {
    await signIn(page, ACCOUNTS.trader);
    const nav = navbar(page);
    await nav.getByRole("button", { name: "Logout" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(navbar(page).getByTestId("nav-user")).toHaveCount(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a navigation to /api/logout only asks; its Logout button signs out", async ({ page }) => {
    await signIn(page, ACCOUNTS.trader);
    await page.goto("/api/logout");

    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole("heading", { name: "Log out?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("You are signed in as Tom.");
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);

    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(navbar(page).getByRole("link", { name: "Login" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("returnTo: a signed-out visit to /dashboard signs in and comes back", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);

    await submitLoginForm(page, ACCOUNTS.trader);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome to Your Trading Dashboard" })).toBeVisible();
  });

  test("returnTo keeps a deeper page: /strategies/alpha-swing?tab=signals", async ({ page }) => {
    await signIn(page, ACCOUNTS.trader, { returnTo: "/strategies/alpha-swing?tab=signals" });
    await expect(page).toHaveURL(/\/strategies\/alpha-swing\?tab=signals$/);
    await expect(navUser(page)).toHaveText("Tom");
  });
});

/**
 * Accepts the Terms and Privacy Policy when the sign-in landed on their interstitial: a first
 * sign-in through the provider has accepted nothing yet (whichever of these tests runs first).
 */
async function acceptTermsIfAsked(page: Page): Promise<void> {
  await page.waitForURL((url) => url.origin === new URL(OAUTH_APP).origin && !url.pathname.startsWith("/api/"));
  if (new URL(page.url()).pathname !== "/legal/accept") return;
  await page.getByRole("button", { name: "Accept and continue" }).click();
}

test.describe("OAuth sign-in", () => {
  test.use({ baseURL: OAUTH_APP });

  test("Login goes through the provider and back signed in as Olivia", async ({ page }) => {
    await page.goto("/");
    const nav = navbar(page);
    await nav.getByRole("link", { name: "Login" }).click();

    await acceptTermsIfAsked(page);
    await expect(page).toHaveURL(`${OAUTH_APP}/dashboard`);
    await expect(page.getByRole("heading", { name: "Welcome to Your Trading Dashboard" })).toBeVisible();
    await expect(navUser(page)).toHaveText("Olivia");
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();

    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: "olivia.oauth@example.com", firstName: "Olivia" });
  });

  test("the OAuth flow honours returnTo", async ({ page }) => {
    await page.goto("/api/login?returnTo=%2Ftools");
    await acceptTermsIfAsked(page);
    await expect(page).toHaveURL(`${OAUTH_APP}/tools`);
    await expect(navUser(page)).toHaveText("Olivia");
  });
});
