/**
 * The subscriber portal: sign-in guard, /portal/dashboard, My Strategies
 * (settings, strategy choice, Live Signals with Send to MT5 and Copy to
 * Clipboard) and /portal/education. Runs with JavaScript on and off.
 *
 * Every test that changes account state signs up its own fresh user (a 7-day
 * Pro trial following the first 3 strategies), so tests never share state.
 */
import { signUpFresh } from "./support/auth";
import { expect, expectToast, hydrated, navUser, test } from "./support/fixtures";

test.describe("signed out", () => {
  for (const path of ["/portal/dashboard", "/portal/strategies", "/portal/education", "/portal/account"]) {
    test(`${path} asks to sign in and keeps the page as returnTo`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === path);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    });
  }

  test("/api/me without a cookie is 401", async ({ page }) => {
    const response = await page.request.get("/api/me");
    expect(response.status()).toBe(401);
    expect(response.headers()["content-type"]).toContain("application/problem+json");
  });
});

test.describe("portal dashboard", () => {
  test("greets by first name, shows the Live Signals Feed and the trial subscription", async ({ page }) => {
    const user = await signUpFresh(page, "/portal/dashboard", { firstName: "Dana", lastName: "Portal" });

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${user.firstName}`);
    await expect(navUser(page)).toHaveText(user.firstName);

    const feed = page.getByRole("region", { name: "Live Signals Feed" });
    await expect(feed).toBeVisible();
    await expect(feed.getByTestId("signal-row").first()).toBeVisible();

    const subscription = page.getByTestId("subscription-card");
    await expect(subscription.getByRole("heading", { name: "Subscription" })).toBeVisible();
    await expect(subscription.getByTestId("subscription-plan")).toHaveText("Pro");
    await expect(subscription.getByTestId("subscription-status")).toHaveText("✓Pro trial · 7 days left");
    await expect(subscription.getByTestId("subscription-status")).not.toHaveAttribute("data-warning");
    await expect(subscription.getByRole("link", { name: "Manage Subscription" })).toHaveAttribute("href", /^\/portal\/account(\/subscription)?$/);
  });
});

test.describe("My Strategies", () => {
  test("Settings: Telegram alerts and the Aggressive risk template are saved and persist", async ({ page, javaScriptEnabled }) => {
    await signUpFresh(page, "/portal/strategies?tab=settings", { lastName: "Portal" });
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    if (javaScriptEnabled) await hydrated(page, "form[action='/portal/strategies?tab=settings']");

    const telegram = page.getByRole("checkbox", { name: /Telegram alerts/ });
    const aggressive = page.getByRole("radio", { name: /Aggressive/ });
    await expect(telegram).not.toBeChecked(); // a new account's default
    await telegram.check();
    await aggressive.check();
    await page.getByRole("button", { name: "Save Settings" }).click();

    await expectToast(page, javaScriptEnabled, "Settings Saved", "Your delivery settings have been updated.");
    await expect(page).toHaveURL(/\/portal\/strategies\?tab=settings$/);

    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Telegram alerts/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Aggressive/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Balanced/ })).not.toBeChecked();
  });

  test("Overview: choosing one strategy is saved and persists", async ({ page, javaScriptEnabled }) => {
    await signUpFresh(page, "/portal/strategies?tab=overview", { lastName: "Portal" });
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Strategies" }) });
    if (javaScriptEnabled) await hydrated(page, "form[action='/portal/strategies?tab=overview']");

    const boxes = form.getByRole("checkbox");
    // The trial follows the first three strategies.
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await expect(box).toBeChecked();

    await form.getByRole("checkbox", { name: /London Breakout/ }).check();
    for (const name of [/Alpha Swing/, /Gold Intraday/]) await form.getByRole("checkbox", { name }).uncheck();
    await form.getByRole("button", { name: "Save Strategies" }).click();

    await expectToast(page, javaScriptEnabled, "Strategies Updated", "You now follow 1 strategy.");

    await page.reload();
    const saved = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Strategies" }) });
    await expect(saved.getByRole("checkbox", { name: /London Breakout/ })).toBeChecked();
    await expect(saved.getByRole("checkbox", { name: /Alpha Swing/ })).not.toBeChecked();
    await expect(saved.getByRole("checkbox", { name: /Gold Intraday/ })).not.toBeChecked();
    // Only the chosen strategy is accessible now.
    const accessible = page.getByRole("region", { name: "Strategies you can access" });
    await expect(accessible.getByTestId("strategy-card").getByRole("heading", { level: 3 })).toHaveText(["London Breakout"]);
  });

  test("Live Signals: Send to MT5 queues the signal for the MT5 API", async ({ page, javaScriptEnabled }) => {
    await signUpFresh(page, "/portal/strategies?tab=signals", { lastName: "Portal" });
    const first = page.getByTestId("portal-signal").filter({ has: page.getByRole("button", { name: /^Send .* signal to MT5$/ }) }).first();
    await expect(first).toBeVisible();
    const signalId = Number(await first.locator("input[name='signalId']").inputValue());
    const index = await first.evaluate((li) => [...li.parentElement!.children].indexOf(li));
    // The same row before and after sending (its form is replaced by the queued state).
    const row = page.getByTestId("portal-signal").nth(index);
    expect(signalId).toBeGreaterThan(0);
    if (javaScriptEnabled) await hydrated(page, "form[action='/portal/strategies?tab=signals']");

    const before = await page.request.get("/api/mt5/queue");
    expect(before.status()).toBe(200);
    expect((await before.json()).items).toEqual([]);

    await row.getByRole("button", { name: /^Send .* signal to MT5$/ }).click();
    await expectToast(page, javaScriptEnabled, "Sent to MT5", "The signal is queued for your MT5 Expert Advisor.");

    const queue = await page.request.get("/api/mt5/queue");
    expect(queue.status()).toBe(200);
    const body = (await queue.json()) as { items: { id: number; signal: { id: number; status: string; locked: boolean } }[]; nextCursor: number };
    expect(body.items.map((item) => item.signal.id)).toEqual([signalId]);
    expect(body.items[0]!.signal).toMatchObject({ status: "ACTIVE", locked: false });
    expect(body.nextCursor).toBe(body.items[0]!.id);

    // The row now shows the queued state with the time and a link to the queue; there is nothing to send twice.
    const queued = row.getByTestId("mt5-queued");
    await expect(queued).toHaveText(/^✓ Queued for MT5 · \d{2}:\d{2} UTC\s*MT5 queue$/);
    await expect(row.getByRole("button", { name: /^Send .* signal to MT5$/ })).toHaveCount(0);
    await expect(row.getByRole("alert")).toHaveCount(0);
    // Queued state and Copy to Clipboard sit side by side, with or without JavaScript.
    const copy = javaScriptEnabled ? row.getByRole("button", { name: /^Copy .* to clipboard$/ }) : row.locator("summary", { hasText: "Copy to Clipboard" });
    const [queuedBox, copyBox] = [await queued.boundingBox(), await copy.boundingBox()];
    expect(Math.abs(queuedBox!.y - copyBox!.y)).toBeLessThan(queuedBox!.height);
    await queued.getByRole("link", { name: "MT5 queue" }).click();
    await expect(page).toHaveURL(/\/portal\/account\/api#mt5-queue$/);
    expect((await (await page.request.get("/api/mt5/queue")).json()).items).toHaveLength(1);
  });

  test.describe("Copy to Clipboard", () => {
    test.use({ permissions: ["clipboard-read", "clipboard-write"] });

    test("copies (JS) or shows (no JS) a ticket with the symbol and the stop loss", async ({ page, javaScriptEnabled }) => {
      await signUpFresh(page, "/portal/strategies?tab=signals", { lastName: "Portal" });
      const row = page
        .getByTestId("portal-signal")
        .filter({ has: page.getByRole("button", { name: /^Send .* signal to MT5$/ }) })
        .first();
      await expect(row).toBeVisible();
      // The symbol, from the row's "Send EURUSD signal to MT5" button.
      const sendLabel = (await row.getByRole("button", { name: /^Send .* signal to MT5$/ }).getAttribute("aria-label")) ?? "";
      const symbol = /^Send (\S+) signal to MT5$/.exec(sendLabel)?.[1] ?? "";
      expect(symbol).toMatch(/^[A-Z]{6}$/);

      if (javaScriptEnabled) {
        await row.getByRole("button", { name: `Copy ${symbol} signal to clipboard` }).click();
        await expectToast(page, true, "Copied", "The signal ticket is on your clipboard.");
        const ticket = await page.evaluate(() => navigator.clipboard.readText());
        expect(ticket.split("\n")[0]).toMatch(new RegExp(`^${symbol} (LONG|SHORT)$`));
        expect(ticket).toMatch(/\nStop loss: \d/);
      } else {
        const ticket = row.locator("details pre");
        await expect(ticket).toBeHidden();
        await row.locator("details summary", { hasText: "Copy to Clipboard" }).click();
        await expect(ticket).toBeVisible();
        await expect(ticket).toContainText(symbol);
        await expect(ticket).toContainText(/Stop loss: \d/);
      }
    });
  });
});

test.describe("education", () => {
  test("shows the sample progress: 37.5% in Foundations, 70% in Risk Management Essentials", async ({ page }) => {
    await signUpFresh(page, "/portal/education", { lastName: "Portal" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const course = (title: string) =>
      page.getByTestId("course-block").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

    // The first track is selected by default.
    await expect(course("Foundations")).toContainText("37.5%");
    await expect(course("Foundations")).toContainText("3 of 8");

    await page.getByTestId("track-tab-risk-psychology").click();
    await expect(page).toHaveURL(/[?&]track=risk-psychology/);
    await expect(course("Risk Management Essentials")).toContainText("70%");
    await expect(course("Risk Management Essentials")).toContainText("7 of 10");
  });
});
