/**
 * Passkeys in the browser. With JavaScript: Chromium's virtual authenticator
 * (the DevTools protocol's WebAuthn domain: internal transport, resident keys,
 * user verification) registers a passkey on Account → Security, signs in with it
 * from /login after signing out (no password, no code), and the passkey is renamed
 * and removed, after which it no longer signs in. Without JavaScript: the passkey
 * controls are absent, and a passkey (registered through the JSON endpoints by a
 * software authenticator) is renamed and removed with the plain forms.
 */
import type { Page, Route } from "@playwright/test";
import { createCredential } from "../support/soft-authenticator";
import { signUpFresh } from "./support/auth";
import { expect, expectToast, hydrated, navbar, test } from "./support/fixtures";

const SECURITY = "/portal/account/security";

/** Gives the page's browser a platform authenticator that holds discoverable credentials and verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

function passkeyRows(page: Page) {
  return page.getByTestId("passkey-row");
}

test("register a passkey, sign out, sign in with it, rename it and remove it", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "passkey ceremonies need JavaScript; the no-JS test below covers what works without it");
  await signUpFresh(page, SECURITY, { lastName: "Passkey" });
  await addVirtualAuthenticator(page);
  await hydrated(page);

  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeyRows(page)).toHaveCount(1);
  await expect(passkeyRows(page)).toContainText("Passkey 1");
  await expect(passkeyRows(page)).toContainText("Never used");
  // The same authenticator again: the browser refuses it (excludeCredentials) and the page says why.
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "already registered" })).toBeVisible();
  await expect(passkeyRows(page)).toHaveCount(1);

  // Signed out, /login offers the passkey through the browser's autofill (conditional UI): the
  // virtual authenticator answers it at once, so the page signs in without a click.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto(`/login?returnTo=${encodeURIComponent(SECURITY)}`);
  await expect(page).toHaveURL((url) => url.pathname === SECURITY);
  await expect(passkeyRows(page)).toContainText("Last used");

  // The button: the autofill's request for options is held back, so only the button's ceremony runs.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  let heldAutofill: Route | null = null;
  await page.route("**/api/auth/passkeys/authentication/options", async (route) => {
    if (heldAutofill) return route.continue();
    heldAutofill = route;
  });
  await page.goto(`/login?returnTo=${encodeURIComponent(SECURITY)}`);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await hydrated(page);
  await expect.poll(() => heldAutofill !== null).toBe(true);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL((url) => url.pathname === SECURITY);
  await page.unroute("**/api/auth/passkeys/authentication/options");

  await page.getByLabel("New name for Passkey 1").fill("Work laptop");
  await page.getByRole("button", { name: "Rename Passkey 1" }).click();
  await expectToast(page, true, "Passkey Renamed");
  await expect(passkeyRows(page)).toContainText("Work laptop");

  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  await expectToast(page, true, "Passkey Removed");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

  // The authenticator still holds the credential, but the site no longer accepts it.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not registered" })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

test("without JavaScript the passkey controls are absent, and rename and remove still work", async ({ page, javaScriptEnabled, baseURL }) => {
  test.skip(javaScriptEnabled, "checks the page as served without JavaScript");
  await signUpFresh(page, SECURITY, { lastName: "NoScript" });
  // A passkey registered through the JSON endpoints (the same session) by a software authenticator.
  const origin = new URL(baseURL!).origin;
  const optionsResponse = await page.request.post("/api/auth/passkeys/registration/options", { headers: { Origin: origin } });
  expect(optionsResponse.status()).toBe(200);
  const { response } = createCredential(await optionsResponse.json(), { origin });
  const verify = await page.request.post("/api/auth/passkeys/registration/verify", { headers: { Origin: origin }, data: { response, name: "Old key" } });
  expect(verify.status()).toBe(201);

  await page.goto(SECURITY);
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await expect(page.getByText("Adding a passkey needs JavaScript")).toBeVisible();
  await expect(passkeyRows(page)).toContainText("Old key");

  await page.getByLabel("New name for Old key").fill("Security key");
  await page.getByRole("button", { name: "Rename Old key" }).click();
  await expectToast(page, false, "Passkey Renamed");
  await expect(passkeyRows(page)).toContainText("Security key");

  await page.getByRole("button", { name: "Remove Security key" }).click();
  await expectToast(page, false, "Passkey Removed");
  await expect(passkeyRows(page)).toHaveCount(0);

  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
});
