/**
 * A signal's life on screen, with and without JavaScript: the admin publishes
 * a limit signal, triggers it, moves the stop, takes a partial and closes it
 * from the desk (/admin/signals); a subscriber of its strategy sees the
 * timeline with its payloads on /signals/{id}; a visitor sees the hashes and
 * no level while it is open, and the levels and outcome once it is closed.
 * The signal page and the desk pass axe-core's WCAG A/AA checks.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support/auth";
import { expect, expectToast, test, waitForHydration } from "./support/fixtures";
import { setTheme } from "./support/public-routes";

/** A LONG GBPUSD limit entry with levels no other text on the page could contain. */
const LEVELS = { entry: "1.27013", sl: "1.26517", tp1: "1.27759", tp2: "1.28261" };
const NEW_SL = "1.26811";

async function newPage(browser: Browser, javaScriptEnabled: boolean, clientIp: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  return { context, page: await context.newPage() };
}

/** The admin desk, hydrated when JavaScript runs. */
async function openDesk(page: Page, javaScriptEnabled: boolean, formSelector: string): Promise<void> {
  const response = await page.goto("/admin/signals");
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) await waitForHydration(page, formSelector);
}

async function publishLimitSignal(page: Page, javaScriptEnabled: boolean, rationale: string): Promise<number> {
  await openDesk(page, javaScriptEnabled, `form[id^="create-signal"]`);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Publish Signal" }) });
  await form.getByLabel("Strategy", { exact: true }).selectOption({ label: "Alpha Swing" });
  await form.getByLabel("Symbol", { exact: true }).fill("GBPUSD");
  await form.getByLabel("Side", { exact: true }).selectOption("LONG");
  await form.getByLabel("Entry price").fill(LEVELS.entry);
  await form.getByLabel("Entry method").selectOption("limit");
  await form.getByLabel("Stop loss (SL)").fill(LEVELS.sl);
  await form.getByLabel("Take profit 1 (TP1)").fill(LEVELS.tp1);
  await form.getByLabel("Take profit 2 (TP2, optional)").fill(LEVELS.tp2);
  await form.getByLabel("Rationale (optional)").fill(rationale);
  await form.getByRole("button", { name: "Publish Signal" }).click();
  await expectToast(page, javaScriptEnabled, "Signal Created");
  const response = await page.request.get("/api/signals?limit=20");
  const signals = (await response.json()) as Array<{ id: number; rationale: string | null; status: string }>;
  const mine = signals.find((signal) => signal.rationale === rationale);
  expect(mine?.status).toBe("PENDING");
  return mine!.id;
}

/** Fills and posts one of the desk's forms for signal `id`, then waits for its toast. */
async function submitDeskForm(
  page: Page,
  javaScriptEnabled: boolean,
  formId: string,
  fill: (form: ReturnType<Page["locator"]>) => Promise<void>,
  button: string,
  toastTitle: string,
): Promise<void> {
  await openDesk(page, javaScriptEnabled, `#${formId}`);
  const form = page.locator(`#${formId}`);
  await fill(form);
  await form.getByRole("button", { name: button }).click();
  await expectToast(page, javaScriptEnabled, toastTitle);
}

/** The timeline's event types on /signals/{id} as `page` sees it. */
async function timelineTypes(page: Page): Promise<string[]> {
  return page.getByTestId("signal-event").evaluateAll((items) => items.map((item) => item.getAttribute("data-type") ?? ""));
}

test("the admin runs a limit signal from publish to close; a subscriber and a visitor follow it on its page", async ({
  page,
  browser,
  javaScriptEnabled,
  clientIp,
}, testInfo) => {
  test.setTimeout(120_000);
  const rationale = `E2E lifecycle (${testInfo.project.name}) ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, ACCOUNTS.admin);
  const id = await publishLimitSignal(page, javaScriptEnabled, rationale);

  // The admin menu leads to the desk.
  await expect(page.getByTestId("admin-menu")).toHaveCount(1);

  await submitDeskForm(page, javaScriptEnabled, `trigger-${id}`, (form) => form.getByLabel("Fill price").fill(LEVELS.entry), "Trigger", "Signal Triggered");

  // A visitor sees the commitments, never a level, while it is open.
  const visitor = await newPage(browser, javaScriptEnabled, clientIp);
  await visitor.page.goto(`/signals/${id}`);
  await expect(visitor.page.getByRole("heading", { name: "GBPUSD", level: 1 })).toBeVisible();
  await expect(visitor.page.getByTestId("signal-locked")).toBeVisible();
  expect(await timelineTypes(visitor.page)).toEqual(["published", "triggered"]);
  await expect(visitor.page.getByTestId("event-verified")).toHaveCount(2);
  await expect(visitor.page.getByText("Payload hash").first()).toBeVisible();
  const openHtml = await visitor.page.content();
  for (const level of [...Object.values(LEVELS), NEW_SL]) expect(openHtml).not.toContain(level);

  await submitDeskForm(page, javaScriptEnabled, `modify-${id}`, (form) => form.getByLabel("Stop loss (SL)").fill(NEW_SL), "Save levels", "Signal Updated");
  await submitDeskForm(
    page,
    javaScriptEnabled,
    `partial-close-${id}`,
    async (form) => {
      await form.getByLabel("Exit price").fill(LEVELS.tp1);
      await form.getByLabel("Fraction").fill("0.5");
    },
    "Close part",
    "Signal Partially Closed",
  );

  // A subscriber of Alpha Swing sees the whole timeline with its payloads.
  const subscriber = await newPage(browser, javaScriptEnabled, clientIp);
  await signIn(subscriber.page, ACCOUNTS.trader);
  await subscriber.page.goto(`/signals/${id}`);
  await expect(subscriber.page.getByTestId("signal-levels")).toContainText(NEW_SL);
  expect(await timelineTypes(subscriber.page)).toEqual(["published", "triggered", "modified", "partially_closed"]);
  await expect(subscriber.page.getByTestId("event-payload")).toHaveCount(4);
  await expect(subscriber.page.getByTestId("event-payload").first()).toContainText(LEVELS.entry);
  await expect(subscriber.page.getByTestId("event-verified")).toHaveCount(4);

  await submitDeskForm(
    page,
    javaScriptEnabled,
    `close-${id}`,
    async (form) => {
      await form.getByLabel("Reason").selectOption("TP2");
      await form.getByLabel("Exit price").fill(LEVELS.tp2);
    },
    "Close signal",
    "Signal Closed",
  );
  await expect(page.getByTestId("desk-ended-signal").filter({ has: page.locator(`a[href="/signals/${id}"]`) })).toContainText("TP2");

  // Once closed, the visitor sees the levels, the outcome and every payload.
  await visitor.page.goto(`/signals/${id}`);
  await expect(visitor.page.getByTestId("signal-levels")).toContainText(LEVELS.entry);
  await expect(visitor.page.getByTestId("signal-outcome")).toContainText("TP2");
  expect(await timelineTypes(visitor.page)).toEqual(["published", "triggered", "modified", "partially_closed", "closed"]);
  await expect(visitor.page.getByTestId("event-payload")).toHaveCount(5);
  await expect(visitor.page.getByTestId("event-verified")).toHaveCount(5);

  await visitor.context.close();
  await subscriber.context.close();
});

test("a refused transition shows its message on that signal's form", async ({ page, javaScriptEnabled }, testInfo) => {
  const rationale = `E2E refusal (${testInfo.project.name}) ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, ACCOUNTS.admin);
  const id = await publishLimitSignal(page, javaScriptEnabled, rationale);
  await openDesk(page, javaScriptEnabled, `#trigger-${id}`);
  const form = page.locator(`#trigger-${id}`);
  // A fill below the stop of a LONG signal is refused by the domain on the fill price.
  await form.getByLabel("Fill price").fill("1.26000");
  await form.getByRole("button", { name: "Trigger" }).click();
  await expect(page.locator(`#trigger-${id}`)).toContainText("Fill price must be above the stop loss for a LONG signal");
  await expect(page.locator(`#cancel-${id}`)).not.toContainText("Fill price");
});

test("the signal page and the desk have no serious axe-core violations, light and dark", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe-core runs as a page script");
  test.setTimeout(90_000);
  const [first] = (await (await page.request.get("/api/signals?limit=1")).json()) as Array<{ id: number }>;
  await signIn(page, ACCOUNTS.admin);
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const path of [`/signals/${first!.id}`, "/admin/signals"]) {
      expect((await page.goto(path))?.status()).toBe(200);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${theme} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    }
  }
});

test("a transition posted from a stale desk, after the signal left the open list, shows its refusal above the list", async ({ page, javaScriptEnabled }, testInfo) => {
  const rationale = `E2E stale (${testInfo.project.name}) ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, ACCOUNTS.admin);
  const id = await publishLimitSignal(page, javaScriptEnabled, rationale);
  await openDesk(page, javaScriptEnabled, `#trigger-${id}`);
  // Another admin cancels it meanwhile (the same session, from outside this page).
  const cancelled = await page.request.post(`/api/admin/signals/${id}/cancel`, {
    data: {},
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(cancelled.status()).toBe(200);
  const form = page.locator(`#trigger-${id}`);
  await form.getByLabel("Fill price").fill(LEVELS.entry);
  await form.getByRole("button", { name: "Trigger" }).click();
  await expect(page.locator('p[role="alert"]')).toHaveText("This signal is CANCELLED, so it cannot be triggered. Only a PENDING signal can be triggered.");
  await expect(page.locator(`#trigger-${id}`)).toHaveCount(0);
});
