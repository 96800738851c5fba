/**
 * The shared Playwright `test` for the browser specs.
 *
 * Every test gets its own client IP: the app rate-limits sign-in (30 attempts
 * per 15 minutes) and public forms per IP, reading the LAST `X-Forwarded-For`
 * entry as the client address. Giving each test's context a unique
 * `X-Forwarded-For` keeps parallel tests (and both projects) from sharing a
 * budget. It is sent on page navigations, fetches and `page.request` alike.
 */
import { createHash } from "node:crypto";
import { expect, test as base, type Locator, type Page } from "@playwright/test";

export { expect };

/** A private-range IPv4 address derived from the test's id, project, repeat and retry. */
function uniqueIp(seed: string): string {
  const digest = createHash("sha256").update(seed).digest();
  // 10.x.y.z with z in 1..254 so it never looks like a network/broadcast address.
  return `10.${digest[0]}.${digest[1]}.${(digest[2] % 254) + 1}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use, testInfo) => {
    await use(uniqueIp(`${testInfo.testId}|${testInfo.project.name}|${testInfo.repeatEachIndex}|${testInfo.retry}`));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
  },
});

/**
 * The toast showing `title`. With JavaScript it is the Radix toast
 * (`data-testid="toast"`); without, the server's flash toast rendered inside
 * <noscript> (which a browser without scripting parses as ordinary markup).
 */
export function toastLocator(page: Page, javaScriptEnabled: boolean, title: string): Locator {
  return javaScriptEnabled
    ? page.getByTestId("toast").filter({ hasText: title })
    : page.getByRole("status").filter({ hasText: title });
}

/**
 * How long to wait for a toast. With JavaScript a flash toast only appears
 * once the page has hydrated, which can take a while on a busy machine; the
 * assertion polls, so it still catches the toast early in its 5 s life.
 */
const TOAST_TIMEOUT_MS = 15_000;

/** Asserts a toast with `title` (and `description`, when given) is visible. */
export async function expectToast(
  page: Page,
  javaScriptEnabled: boolean,
  title: string,
  description?: string,
): Promise<void> {
  const toast = toastLocator(page, javaScriptEnabled, title);
  await expect(toast).toBeVisible({ timeout: TOAST_TIMEOUT_MS });
  if (description) await expect(toast).toContainText(description);
}

/** The main navigation bar. */
export function navbar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

/**
 * The signed-in user's name in the navbar. The account block is rendered
 * twice (the bar and the closed mobile menu); only one is visible.
 */
export function navUser(page: Page): Locator {
  return navbar(page).getByTestId("nav-user").filter({ visible: true });
}

/**
 * Waits until React has hydrated the element matching `selector` (React puts
 * its `__reactProps$…` key on every DOM node it owns). Clicking a form's
 * submit button earlier would submit it natively, skipping client handlers.
 * Only meaningful with JavaScript on.
 */
export async function waitForHydration(page: Page, selector = "body"): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/**
 * Records uncaught page errors, each distinct message once (React reports hydration mismatches, e.g.
 * minified error #418, this way). Read the returned array after the page has
 * hydrated: `await hydrated(page)`.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => {
    const message = error.message.split("\n")[0];
    if (!errors.includes(message)) errors.push(message);
  });
  return errors;
}

/**
 * Waits until the document has hydrated and React has had a turn to commit
 * (and report any recoverable hydration errors). JavaScript only.
 */
export async function hydrated(page: Page, selector = "body"): Promise<void> {
  await waitForHydration(page, selector);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
