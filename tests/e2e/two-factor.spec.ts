/**
 * Two-factor authentication (TOTP) end to end: set up on
 * /portal/account/security, sign in through /login/two-factor, disable.
 * Runs with JavaScript on and off, each run with its own fresh user.
 *
 * Codes: the app accepts the current 30-second step ±1 and each step only
 * once per account (replay protection; app/models/two-factor.server.ts). The
 * test therefore uses a NEW step for every code it submits — the previous,
 * current or next one, whichever is newer than the last one used — and only
 * waits for the clock when all three are used up.
 */
import { createHmac } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { signUpFresh, submitLoginForm } from "./support/auth";
import { expect, expectToast, hydrated, navbar, test } from "./support/fixtures";

/** Same options as the app (TOTP_CONFIG in app/models/two-factor.server.ts). */
const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
const PERIOD_MS = TOTP.period * 1000;
const INVALID_CODE_MESSAGE = "Invalid code. Enter the current 6-digit code from your authenticator app.";

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The RFC 6238 code of `secret` for time step `step` (generateTOTP only does
 * the current step; the code of the next or previous step is needed too).
 */
function totpForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP.digits).padStart(TOTP.digits, "0");
}

const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/** Checks totpForStep against the library the app itself verifies with. */
async function expectSameAsLibrary(secret: string): Promise<void> {
  for (;;) {
    const step = currentStep();
    const { otp } = await generateTOTP({ secret, ...TOTP });
    if (currentStep() !== step) continue; // straddled a step boundary: try again
    expect(totpForStep(secret, step)).toBe(otp);
    return;
  }
}

/**
 * A code the server will accept now: for the oldest step newer than `lastUsed`
 * within the window (previous, current or next step). Falls back from the
 * previous step to the current one late in a step, and waits for the clock
 * only when even the next step is used.
 */
async function freshCode(secret: string, lastUsed: number | null): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const intoStep = now % PERIOD_MS;
    // The previous step leaves the window when the current one ends: keep 10 s in hand.
    const oldestSafe = intoStep < 20_000 ? current - 1 : current;
    const step = Math.max(oldestSafe, (lastUsed ?? -Infinity) + 1);
    if (step <= current + 1) {
      return { code: totpForStep(secret, step), step };
    }
    // Every step the server accepts now is used: wait for the next step (the one TOTP wait of the suite).
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoStep + 250));
  }
}

/** A 6-digit code that is wrong for every step the server could accept. */
function wrongCode(secret: string): string {
  const step = currentStep();
  const valid = new Set([-2, -1, 0, 1, 2].map((delta) => totpForStep(secret, step + delta)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 111111) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

const SECURITY = "/portal/account/security";

test("set up 2FA, sign in with a code (wrong code refused), then disable it", async ({ page, javaScriptEnabled }) => {
  const user = await signUpFresh(page, SECURITY, { firstName: "Tess", lastName: "Totp" });
  const card = page.locator("#two-factor");
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");

  // --- Set up: read the secret shown for manual entry.
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secretText = card.getByTestId("two-factor-secret");
  await expect(secretText).toBeVisible();
  await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await secretText.textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectSameAsLibrary(secret);

  let used = await freshCode(secret, null);
  await card.getByLabel("6-digit code").fill(used.code);
  await card.getByRole("button", { name: "Verify and enable" }).click();
  // The page that confirms it shows the recovery codes once; with JavaScript a toast also says it is on.
  await expect(card.getByRole("region", { name: "Save your recovery codes" })).toBeVisible();
  if (javaScriptEnabled) {
    await expectToast(page, true, "Two-Factor Enabled", "Sign-in now asks for a code from your authenticator app.");
  }
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await expect(card.getByTestId("two-factor-secret")).toHaveCount(0);

  // --- Log out, then sign in with the password: the code step comes first.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/login?returnTo=${encodeURIComponent(SECURITY)}`);
  await submitLoginForm(page, user);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor verification" })).toBeVisible();
  // The password alone gives no session.
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  // A wrong code is refused.
  await page.getByLabel("Authentication code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAccessibleDescription(INVALID_CODE_MESSAGE);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  // A fresh step's code (not the one that confirmed the setup) signs in and lands on the returnTo.
  used = await freshCode(secret, used.step);
  await page.getByLabel("Authentication code").fill(used.code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => url.pathname === SECURITY);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: user.email });

  // --- Disable with a valid (unused) code.
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  used = await freshCode(secret, used.step);
  await card.getByLabel("6-digit code").fill(used.code);
  await card.getByRole("button", { name: "Disable two-factor authentication" }).click();
  await expectToast(page, javaScriptEnabled, "Two-Factor Disabled", "Sign-in no longer asks for a code.");
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
});

test("a used code cannot be replayed to disable 2FA", async ({ page, javaScriptEnabled }) => {
  await signUpFresh(page, SECURITY, { firstName: "Tess", lastName: "Totp" });
  const card = page.locator("#two-factor");
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");

  // The current step's code: the server accepts it for the rest of this step and all of the next (30 s or more).
  const code = totpForStep(secret, currentStep());
  await card.getByLabel("6-digit code").fill(code);
  await card.getByRole("button", { name: "Verify and enable" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();

  // The same code again: valid for the clock, but its step is used.
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await card.getByLabel("6-digit code").fill(code);
  await card.getByRole("button", { name: "Disable two-factor authentication" }).click();
  await expect(card.getByLabel("6-digit code")).toHaveAccessibleDescription(INVALID_CODE_MESSAGE);
  await expect(card.getByText("On", { exact: true })).toBeVisible();
});

test("lost authenticator: ten recovery codes at enrolment, one signs in once, the count shows, new codes replace the old", async ({
  page,
  javaScriptEnabled,
}) => {
  const user = await signUpFresh(page, SECURITY, { firstName: "Rita", lastName: "Recover" });
  const card = page.locator("#two-factor");
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
  const used = await freshCode(secret, null);
  await card.getByLabel("6-digit code").fill(used.code);
  await card.getByRole("button", { name: "Verify and enable" }).click();

  // Shown once, right after enabling: ten codes and how to keep them.
  const saved = card.getByRole("region", { name: "Save your recovery codes" });
  await expect(saved).toContainText("Each code works once.");
  const codes = (await saved.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  // Kept as a file without JavaScript; copied with it.
  const download = saved.getByRole("link", { name: "Download codes" });
  expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toBe(`data:text/plain;charset=utf-8,${codes.join("\n")}\n`);
  await expect(saved.getByRole("button", { name: "Copy codes" })).toHaveCount(javaScriptEnabled ? 1 : 0);
  await saved.getByRole("link", { name: "I have saved my recovery codes" }).click();
  await expect(card.getByRole("region", { name: "Save your recovery codes" })).toHaveCount(0);
  await expect(card).toContainText("10 of 10 recovery codes left");
  expect(await page.content()).not.toContain(codes[0]);

  // The phone is lost: sign in with a recovery code instead of a 6-digit code.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/login?returnTo=${encodeURIComponent(SECURITY)}`);
  await submitLoginForm(page, user);
  await expect(page.getByText("Lost your authenticator app? Enter one of your recovery codes instead.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(codes[2]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => url.pathname === SECURITY);
  await expectToast(page, javaScriptEnabled, "Signed In With a Recovery Code", "9 of 10 recovery codes left.");
  await expect(card).toContainText("9 of 10 recovery codes left");

  // New codes, confirmed with another recovery code: the old ones stop working.
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await card.getByLabel("Authenticator or recovery code").fill(codes[3]);
  await card.getByRole("button", { name: "Generate new recovery codes" }).click();
  const fresh = card.getByRole("region", { name: "Save your recovery codes" });
  await expect(fresh.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await expect(fresh).not.toContainText(codes[4]);

  // An old code, never used but replaced, is refused at the code step.
  await navbar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await submitLoginForm(page, user);
  await page.getByLabel("Authentication code").fill(codes[4]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAccessibleDescription(
    "Invalid recovery code. Check it for typos, or use another unused code.",
  );
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
