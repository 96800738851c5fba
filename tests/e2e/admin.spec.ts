/**
 * /admin/signals: an admin publishes a signal through the Create New Signal
 * form (a native POST, so it works without JavaScript); bad geometry is
 * rejected on the offending field; non-admins get 403 (page and API) and the
 * signed-out API caller 401.
 */
import type { Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support/auth";
import { collectPageErrors, expect, expectToast, hydrated, test, waitForHydration } from "./support/fixtures";

interface ApiSignal {
  id: number;
  symbol: string;
  side: string;
  direction: string;
  status: string;
  rationale: string | null;
  entryJson: { price: number | null; method: string };
  entryPrice: number | null;
  sl: number | null;
  stopLoss: number | null;
  tpJson: { tp1: number | null; tp2: number | null };
  takeProfit1: number | null;
  takeProfit2: number | null;
}

function uniqueRationale(label: string, project: string): string {
  return `E2E ${label} (${project}) ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}: retest of broken resistance.`;
}

async function latestSignals(page: Page): Promise<ApiSignal[]> {
  const response = await page.request.get("/api/signals?limit=5");
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiSignal[];
}

async function fillSignalForm(
  page: Page,
  values: { side: string; entry: string; sl: string; tp1: string; tp2: string; rationale: string },
) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Publish Signal" }) });
  await form.getByLabel("Strategy", { exact: true }).selectOption({ label: "Alpha Swing" });
  await form.getByLabel("Symbol", { exact: true }).fill("GBPUSD");
  await form.getByLabel("Side", { exact: true }).selectOption("LONG");
  await form.getByLabel("Entry price").fill(values.entry);
  await form.getByLabel("Entry method").selectOption("market");
  await form.getByLabel("Stop loss (SL)").fill(values.sl);
  await form.getByLabel("Take profit 1 (TP1)").fill(values.tp1);
  await form.getByLabel("Take profit 2 (TP2, optional)").fill(values.tp2);
  await form.getByLabel("Rationale (optional)").fill(values.rationale);
  return form;
}

const VALID_API_BODY = {
  strategyId: 1,
  symbol: "EURUSD",
  side: "LONG",
  entryJson: { price: 1.085, method: "market" },
  sl: 1.08,
  tpJson: { tp1: 1.09, tp2: 1.095 },
  rationale: "E2E API permission check",
  expiresAt: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString(),
};

test.describe("as admin", () => {
  test.beforeEach(async ({ page, javaScriptEnabled }) => {
    await signIn(page, ACCOUNTS.admin);
    const response = await page.goto("/admin/signals");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Create New Signal", level: 2 })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page, `form[id^="create-signal"]`);
  });

  test("publishes a signal: toast, reset form, recent list and API", async ({ page, javaScriptEnabled }, testInfo) => {
    const rationale = uniqueRationale("publish", testInfo.project.name);
    const form = await fillSignalForm(page, {
      side: "LONG",
      entry: "1.27000",
      sl: "1.26500",
      tp1: "1.27750",
      tp2: "1.28250",
      rationale,
    });
    const expiry = form.getByLabel("Expires at (UTC)");
    await expect(expiry).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    let release: (() => void) | undefined;
    if (javaScriptEnabled) {
      // Hold the submission to see the pending label.
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/admin/signals",
        async (route) => {
          if (route.request().method() === "POST") await released;
          await route.continue();
        },
      );
    }
    await form.getByRole("button", { name: "Publish Signal" }).click();
    if (release) {
      const pending = page.getByRole("button", { name: "Publishing..." });
      await expect(pending).toBeVisible();
      await expect(pending).toBeDisabled();
      release();
    }

    await expectToast(page, javaScriptEnabled, "Signal Created", "Trading signal has been published successfully");
    await expect(page).toHaveURL(/\/admin\/signals$/);

    // The form is back to its defaults.
    const fresh = page.locator("form").filter({ has: page.getByRole("button", { name: "Publish Signal" }) });
    await expect(fresh.getByLabel("Symbol", { exact: true })).toHaveValue("");
    await expect(fresh.getByLabel("Strategy", { exact: true })).toHaveValue("");
    await expect(fresh.getByLabel("Side", { exact: true })).toHaveValue("");
    await expect(fresh.getByLabel("Entry price")).toHaveValue("");
    await expect(fresh.getByLabel("Stop loss (SL)")).toHaveValue("");
    await expect(fresh.getByLabel("Rationale (optional)")).toHaveValue("");
    await expect(fresh.getByLabel("Entry method")).toHaveValue("market");
    await expect(fresh.getByLabel("Expires at (UTC)")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    // The recent list shows it.
    const recent = page
      .getByTestId("recent-signal")
      .filter({ hasText: "GBPUSD" })
      .filter({ hasText: "1.27000" })
      .filter({ hasText: "1.26500" })
      .filter({ hasText: "1.27750" })
      .filter({ hasText: "1.28250" });
    await expect(recent.first()).toBeVisible();
    await expect(recent.first()).toContainText("LONG");
    await expect(recent.first()).toContainText("ACTIVE");
    await expect(recent.first()).toContainText("Alpha Swing");

    // The API (with the admin's cookies) has it in both shapes.
    const signal = (await latestSignals(page)).find((s) => s.rationale === rationale);
    expect(signal, "the published signal is among the 5 latest").toBeDefined();
    expect(signal).toMatchObject({
      symbol: "GBPUSD",
      side: "LONG",
      direction: "LONG",
      status: "ACTIVE",
      entryJson: { price: 1.27, method: "market" },
      entryPrice: 1.27,
      sl: 1.265,
      stopLoss: 1.265,
      tpJson: { tp1: 1.2775, tp2: 1.2825 },
      takeProfit1: 1.2775,
      takeProfit2: 1.2825,
    });
  });

  test("a LONG with the stop loss above the entry is rejected on the stop loss", async ({ page }, testInfo) => {
    const rationale = uniqueRationale("bad geometry", testInfo.project.name);
    const form = await fillSignalForm(page, {
      side: "LONG",
      entry: "1.27000",
      sl: "1.27500",
      tp1: "1.27750",
      tp2: "1.28250",
      rationale,
    });
    await form.getByRole("button", { name: "Publish Signal" }).click();

    const sl = form.getByLabel("Stop loss (SL)");
    await expect(form.getByText("Stop loss must be below the entry price for a LONG signal")).toBeVisible();
    await expect(sl).toHaveAttribute("aria-invalid", "true");
    // The values are kept for correction.
    await expect(sl).toHaveValue("1.27500");
    await expect(form.getByLabel("Rationale (optional)")).toHaveValue(rationale);
    await expect(page.getByText("Signal Created")).toHaveCount(0);

    const published = (await latestSignals(page)).filter((s) => s.rationale === rationale);
    expect(published).toEqual([]);
  });
});

test("the admin page hydrates without errors", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "Hydration only happens with JavaScript.");
  await signIn(page, ACCOUNTS.admin);
  const errors = collectPageErrors(page);
  await page.goto("/admin/signals");
  await hydrated(page, `form[id^="create-signal"]`);
  // A mismatch makes React throw away the server HTML and render the page again on the client.
  expect(errors).toEqual([]);
});

test.describe("permissions", () => {
  test("a trader gets the 403 page and a 403 from the API", async ({ page }) => {
    await signIn(page, ACCOUNTS.trader);
    const response = await page.goto("/admin/signals");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create New Signal", level: 2 })).toHaveCount(0);

    const api = await page.request.post("/api/admin/signals", { data: VALID_API_BODY });
    expect(api.status()).toBe(403);
    expect(api.headers()["content-type"]).toContain("application/problem+json");
  });

  test("signed out: the page asks to sign in and the API answers 401", async ({ page }) => {
    await page.goto("/admin/signals");
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fadmin%2Fsignals$/);

    const api = await page.request.post("/api/admin/signals", { data: VALID_API_BODY });
    expect(api.status()).toBe(401);
    expect(api.headers()["content-type"]).toContain("application/problem+json");
  });
});
