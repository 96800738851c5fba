/**
 * More subscriber journeys from issue 13, walked as a person would with
 * JavaScript on and off: a locked signal says what would unlock it for this
 * viewer, and "Follow this strategy" does it in one click; "Book a Strategy
 * Call" books a time that the admin then sees; the equity chart on a phone
 * has readable axes, with no label over another.
 */
import { ACCOUNTS, signIn, signUpFresh } from "./support/auth";
import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { expect, expectToast, test, waitForHydration } from "./support/fixtures";
import { setTheme } from "./support/public-routes";

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

test.describe("booking a strategy call", () => {
  test("Book a Strategy Call opens the form with Strategy call and a time chosen; the admin sees the request", async ({ page, javaScriptEnabled }) => {
    // Every entry point leads to the same booking form.
    for (const path of ["/", "/strategies", "/strategies/alpha-swing"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Book a Strategy Call" }).first()).toHaveAttribute("href", "/contact?topic=strategy-call#contact-form");
    }
    await page.getByRole("link", { name: "Book a Strategy Call" }).first().click();
    await expect(page).toHaveURL(/\/contact\?topic=strategy-call/);

    const form = page.locator("#contact-form");
    await expect(form.getByLabel("Topic")).toHaveValue("strategy-call");
    const time = form.getByLabel("Preferred call time *");
    await expect(time).toBeVisible();
    // One time picker: the call's slot, not also the general contact time.
    await expect(form.getByLabel("Preferred Contact Time")).toHaveCount(0);
    // No disabled button anywhere on the page; the side card books a call too.
    await expect(page.locator("button:disabled, a[aria-disabled='true']")).toHaveCount(0);
    await expect(page.getByRole("complementary").getByRole("link", { name: "Book a Call" })).toHaveAttribute("href", "/contact?topic=strategy-call#contact-form");
    await expect(page.getByTestId("telegram-status")).toContainText("not open yet");

    const choice = time.locator("option").nth(3);
    const label = (await choice.textContent())!.trim();
    expect(label).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:[03]0\s[AP]M E[SD]T$/);
    await time.selectOption({ index: 3 });
    const name = `Call Booker ${javaScriptEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
    await form.getByLabel("Full Name *").fill(name);
    await form.getByLabel("Email Address *").fill("booker@example.com");
    await form.getByLabel("Message *").fill("Which strategy fits a part-time trader?");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expectToast(page, javaScriptEnabled, "Message Sent!", "We'll get back to you within 24 hours.");
    await expect(page.getByTestId("contact-sent")).toHaveText(`Call requested for ${label}. We'll confirm it by email within 24 hours.`);

    await signIn(page, ACCOUNTS.admin, { returnTo: "/admin/messages" });
    const request = page.getByRole("listitem").filter({ hasText: name });
    await expect(request.getByTestId("call-request")).toHaveText(`Strategy call requested for ${label}`);
  });

  test("without a time, a strategy call request asks for one and keeps what was typed", async ({ page }) => {
    await page.goto("/contact?topic=strategy-call");
    const form = page.locator("#contact-form");
    await form.getByLabel("Full Name *").fill("No Time");
    await form.getByLabel("Email Address *").fill("notime@example.com");
    await form.getByLabel("Message *").fill("Call me whenever.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Preferred call time *")).toHaveAccessibleDescription(/Choose a time for your call/);
    await expect(form.getByLabel("Full Name *")).toHaveValue("No Time");
  });
});

/** The boxes of the axis labels of `frame` that overlap, as 'a / b' pairs (none expected). */
async function overlappingLabels(frame: Locator): Promise<string[]> {
  const labels = frame.getByTestId("axis-label");
  const boxes = await labels.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { text: element.textContent ?? "", left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    }),
  );
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) pairs.push(`${a.text} / ${b.text}`);
    }
  }
  return pairs;
}

test.describe("the equity chart on a phone", () => {
  for (const width of [360, 390, 430]) {
    test(`at ${width} px its axis labels are readable: none overlaps another or leaves the chart`, async ({ page, javaScriptEnabled }, testInfo) => {
      await page.setViewportSize({ width, height: 860 });
      // The seeded history is simulated: its charts hold a year of trades whatever live trades other specs made.
      await page.goto("/performance?basis=simulated");
      const chart = page.getByTestId("live-equity-chart");
      await chart.scrollIntoViewIfNeeded();
      if (javaScriptEnabled) await expect(chart.getByTestId("live-performance-chart-equity").locator("canvas").first()).toBeVisible();
      else await expect(chart.getByTestId("live-equity-sparkline")).toBeVisible();

      for (const testId of ["live-equity-chart", "live-drawdown-chart"]) {
        const frame = page.getByTestId(testId);
        await expect(frame.locator("[data-axis='y']")).not.toHaveCount(0);
        expect(await frame.locator("[data-axis='y']").count(), `${testId} y labels`).toBeGreaterThanOrEqual(3);
        expect(await frame.locator("[data-axis='x']").count(), `${testId} x labels`).toBeGreaterThanOrEqual(2);
        expect(await overlappingLabels(frame), `${testId} overlapping labels`).toEqual([]);
        const bounds = (await frame.boundingBox())!;
        for (const box of await frame.getByTestId("axis-label").evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON()))) {
          expect(box.left).toBeGreaterThanOrEqual(bounds.x - 0.5);
          expect(box.right).toBeLessThanOrEqual(bounds.x + bounds.width + 0.5);
        }
      }
      await chart.screenshot({ path: testInfo.outputPath(`equity-chart-${width}.png`) });
    });
  }
});

test.describe("the new calls to action pass axe", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a page script");
  for (const path of [GOLD_OPEN_SIGNALS, "/contact?topic=strategy-call"]) {
    test(`${path}: no serious or critical violations, light and dark`, async ({ page }) => {
      for (const theme of ["light", "dark"] as const) {
        await setTheme(page, theme);
        await page.goto(path);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), theme).toEqual([]);
      }
    });
  }
});
