/**
 * API keys on /portal/account/api: generate (shown once), call the API with
 * the key from a cookie-less client, usage count, revoke, regenerate.
 * Runs with JavaScript on (masked input, Show) and off (the key as plain
 * text in <noscript>); every test signs up its own fresh user.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { signUpFresh } from "./support/auth";
import { expect, expectToast, hydrated, test } from "./support/fixtures";

const PAGE = "/portal/account/api";
const KEY_PATTERN = /^fxt_[A-Za-z0-9_-]{43}$/;

/**
 * Reads the key the page shows once after Generate or Regenerate: with
 * JavaScript from the masked input after Show; without, from the plain text.
 */
async function readNewKey(page: Page, javaScriptEnabled: boolean): Promise<string> {
  const box = page.getByTestId("new-api-key");
  await expect(box.getByRole("heading", { name: "Your new API key" })).toBeVisible();
  const input = box.getByLabel("New API key");
  await expect(input).toHaveAttribute("type", "password");
  let key: string;
  if (javaScriptEnabled) {
    await box.getByRole("button", { name: "Show" }).click();
    await expect(input).toHaveAttribute("type", "text");
    await expect(box.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-pressed", "true");
    key = await input.inputValue();
  } else {
    const plain = box.locator("code");
    await expect(plain).toBeVisible();
    key = ((await plain.textContent()) ?? "").trim();
    expect(await input.inputValue()).toBe(key);
  }
  expect(key).toMatch(KEY_PATTERN);
  return key;
}

async function clickGenerate(page: Page, javaScriptEnabled: boolean): Promise<string> {
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await page.getByRole("button", { name: "Generate New Key" }).click();
  await expectToast(page, javaScriptEnabled, "API Key Generated", "Your new API key has been generated. Please store it securely.");
  return readNewKey(page, javaScriptEnabled);
}

/** GET `path` as an API client: the key only, no cookies. */
function getWithKey(api: APIRequestContext, path: string, key: string) {
  return api.get(path, { headers: { Authorization: `Bearer ${key}` } });
}

test.describe("API keys", () => {
  let api: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL, clientIp }) => {
    // A separate request context: no cookies of the browser session, only the key.
    api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  });

  test.afterEach(async () => {
    await api.dispose();
  });

  test("generate, call the API with the key, see the usage, revoke", async ({ page, javaScriptEnabled }) => {
    const user = await signUpFresh(page, PAGE, { firstName: "Kay", lastName: "Keys" });
    await expect(page.getByText("No API keys yet. Generate one to get started.")).toBeVisible();

    const key = await clickGenerate(page, javaScriptEnabled);
    expect(await api.storageState()).toMatchObject({ cookies: [] });

    // Without the key the API client is nobody.
    expect((await api.get("/api/me")).status()).toBe(401);

    // With it, it is the user, with the same entitlements as their session.
    const me = await getWithKey(api, "/api/me", key);
    expect(me.status()).toBe(200);
    const meBody = (await me.json()) as { subscription: { status: string }; entitlements: { strategyAccess: number[] } };
    expect(meBody.subscription.status).toBe("TRIAL");
    expect(meBody.entitlements.strategyAccess).toHaveLength(3);
    expect(await (await page.request.get("/api/me")).json()).toEqual(meBody);

    const who = await getWithKey(api, "/api/auth/user", key);
    expect(await who.json()).toMatchObject({ email: user.email });

    const signals = await getWithKey(api, "/api/signals?limit=5", key);
    expect(signals.status()).toBe(200);
    const list = (await signals.json()) as unknown[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(0);

    // The page lists the key by its prefix, now used, and counts the requests (3 made with the key).
    await page.goto(PAGE);
    const row = page.getByTestId("api-key-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText("Active");
    await expect(row.locator("td").nth(2)).not.toHaveText("Never");
    await expect(page.getByTestId("new-api-key")).toHaveCount(0); // shown once only
    const usage = page.getByTestId("api-usage");
    await expect(usage).toContainText("/ 10,000 requests");
    const count = Number(((await usage.locator("span").first().textContent()) ?? "").replace(/,/g, ""));
    expect(count).toBeGreaterThanOrEqual(3);

    // Revoke: the same key is refused at once.
    if (javaScriptEnabled) await hydrated(page, "form[method='post']");
    await row.getByRole("button", { name: `Revoke key ${key.slice(0, 12)}` }).click();
    await expectToast(page, javaScriptEnabled, "API Key Revoked", "Programs using that key are refused from now on.");
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button")).toHaveCount(0);

    const refused = await getWithKey(api, "/api/me", key);
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toContain("application/problem+json");
    // Also on public endpoints.
    expect((await getWithKey(api, "/api/signals", key)).status()).toBe(401);
  });

  test("Regenerate: the new key works and the old one is refused", async ({ page, javaScriptEnabled }) => {
    await signUpFresh(page, PAGE, { firstName: "Kay", lastName: "Keys" });
    const oldKey = await clickGenerate(page, javaScriptEnabled);
    expect((await getWithKey(api, "/api/me", oldKey)).status()).toBe(200);

    await page.goto(PAGE);
    if (javaScriptEnabled) await hydrated(page, "form[method='post']");
    await page.getByRole("button", { name: `Regenerate key ${oldKey.slice(0, 12)}` }).click();
    await expectToast(page, javaScriptEnabled, "API Key Generated");
    const newKey = await readNewKey(page, javaScriptEnabled);
    expect(newKey).not.toBe(oldKey);

    expect((await getWithKey(api, "/api/me", newKey)).status()).toBe(200);
    expect((await getWithKey(api, "/api/me", oldKey)).status()).toBe(401);

    // The list shows the old key revoked and the new one active.
    await page.goto(PAGE);
    const rows = page.getByTestId("api-key-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: oldKey.slice(0, 12) })).toContainText("Revoked");
    await expect(rows.filter({ hasText: newKey.slice(0, 12) })).toContainText("Active");
    await expect(page.getByText("1 of 5 active keys in use.")).toBeVisible();
  });
});
