/**
 * The subscriber's live performance in the portal, with and without
 * JavaScript: My Strategies → Performance and the dashboard show each followed
 * strategy's figures (the performance API's, for the same days) with an SVG
 * sparkline, over the period their own links choose (live trades only: the
 * simulated history and its labelling are simulated-record.spec.ts's).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { ACCOUNTS, signIn } from "./support/auth";

const DAY = 86_400_000;
/** Calendar days of each period link (as on /performance). */
const PERIOD_DAYS = { "1W": 7, "1M": 30, "3M": 91, "1Y": 365 } as const;

/** The API's figures of `slug` over `period`'s whole UTC days up to today (no bounds for ALL). */
async function apiFigures(page: Page, slug: string, period: keyof typeof PERIOD_DAYS | "ALL") {
  let query = "";
  if (period !== "ALL") {
    const today = Math.floor(Date.now() / DAY) * DAY;
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    query = `?from=${day(today - PERIOD_DAYS[period] * DAY)}&to=${day(today)}`;
  }
  const response = await page.request.get(`/api/strategies/${slug}/performance${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { trades: number; winRate: number | null };
}

async function expectFigures(page: Page, slug: string, period: keyof typeof PERIOD_DAYS | "ALL") {
  const api = await apiFigures(page, slug, period);
  const record = page.getByTestId(`followed-record-${slug}`);
  if (api.trades === 0) {
    await expect(record).toHaveCount(0);
    return;
  }
  await expect(record.getByTestId("live-tile-trades").locator("dd")).toHaveText(String(api.trades));
  await expect(record.getByTestId("live-tile-win-rate").locator("dd")).toHaveText(api.winRate === null ? "—" : `${api.winRate.toFixed(1)}%`);
  await expect(record.getByTestId(`followed-sparkline-${slug}`)).toBeVisible();
}

test("My Strategies → Performance shows the followed strategies' live figures over the chosen period", async ({ page }) => {
  await signIn(page, ACCOUNTS.trader);
  await page.goto("/portal/strategies?tab=performance");
  await expect(page.getByTestId("record-period-ALL")).toHaveAttribute("aria-current", "true");
  await expectFigures(page, "alpha-swing", "ALL");
  await expectFigures(page, "london-breakout", "ALL");

  await page.getByTestId("record-period-3M").click();
  await expect(page).toHaveURL(/[?&]period=3M/);
  await expect(page.getByTestId("record-period-3M")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("record-period-ALL")).not.toHaveAttribute("aria-current", "true");
  await expectFigures(page, "alpha-swing", "3M");
});

test("the portal dashboard shows the same figures with its own period links", async ({ page }) => {
  await signIn(page, ACCOUNTS.trader);
  await page.goto("/portal/dashboard");
  const card = page.getByRole("region", { name: "Live performance of your strategies" });
  await expect(card.getByTestId("record-period-ALL")).toHaveAttribute("aria-current", "true");
  await expectFigures(page, "alpha-swing", "ALL");

  await card.getByTestId("record-period-1Y").click();
  await expect(page).toHaveURL(/\/portal\/dashboard\?period=1Y/);
  await expect(card.getByTestId("record-period-1Y")).toHaveAttribute("aria-current", "true");
  await expectFigures(page, "alpha-swing", "1Y");
});
