/**
 * The live track record in the browser, with and without JavaScript: the
 * strategy's Performance tab shows lightweight-charts (JS) or the server's SVG
 * (no JS) and the same figures as the performance API; the trades CSV link;
 * the period links of /performance's "Live track record".
 */
import { expect, test } from "./support/fixtures";
import { ACCOUNTS, signIn } from "./support/auth";
import { publishAlphaSwingSignal } from "./support/signals";

/** Publishes and closes one Alpha Swing signal through the admin API (signed in as the admin), so the record has a trade. */
async function closeOneSignal(page: import("@playwright/test").Page): Promise<void> {
  await signIn(page, ACCOUNTS.admin);
  const id = await publishAlphaSwingSignal(page.request, "Track record check", { expiresInMs: 6 * 60 * 60 * 1000 });
  const closed = await page.request.post(`/api/admin/signals/${id}/close`, { data: { exitPrice: 1.09, reason: "TP1" } });
  expect(closed.status()).toBe(200);
}

test("the Performance tab shows the live record: charts with JavaScript, the SVG without, the API's figures", async ({ page, javaScriptEnabled }) => {
  await closeOneSignal(page);
  const api = await (await page.request.get("/api/strategies/alpha-swing/performance")).json();
  await page.goto("/strategies/alpha-swing?tab=performance");

  const live = page.getByTestId("live-record");
  await expect(live.getByRole("heading", { name: "Live track record" })).toBeVisible();
  await expect(live.getByTestId("live-tile-trades").locator("dd")).toHaveText(String(api.trades));
  await expect(live.getByTestId("live-tile-win-rate").locator("dd")).toHaveText(`${api.winRate.toFixed(1)}%`);
  await expect(live.getByTestId("live-tile-profit-factor").locator("dd")).toHaveText(api.profitFactor === null ? "—" : api.profitFactor.toFixed(2));

  const equity = live.getByTestId("live-equity-chart");
  if (javaScriptEnabled) {
    // The interactive chart loads only once its frame nears the viewport (ADR 0174).
    await equity.scrollIntoViewIfNeeded();
    await expect(equity).toHaveAttribute("data-chart", "interactive");
    await expect(equity.getByTestId("live-performance-chart-equity").locator("canvas").first()).toBeVisible();
  } else {
    await expect(equity).toHaveAttribute("data-chart", "svg");
    await expect(equity.getByTestId("live-equity-sparkline")).toBeVisible();
  }
  await expect(live.getByText("CFTC Rule 4.41")).toBeVisible();
  await expect(live.getByTestId("latest-trades").getByRole("link").first()).toHaveAttribute("href", /^\/signals\/\d+$/);

  const csvHref = await live.getByRole("link", { name: "Download trades (CSV)" }).getAttribute("href");
  expect(csvHref).toBe("/api/strategies/alpha-swing/trades.csv");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\r\n")).toHaveLength(api.trades + 2);
});

/** "16 Nov 2026" for the UTC day `daysAgo` days before now (the page's date format). */
function dayLabel(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][day.getUTCMonth()];
  return `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}

test("the period links of /performance filter the live record", async ({ page }) => {
  await page.goto("/performance");
  await expect(page.getByTestId("live-period-1Y")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("live-period")).toContainText(dayLabel(365));
  await page.getByTestId("live-period-1W").click();
  await expect(page).toHaveURL(/period=1W/);
  await expect(page.getByTestId("live-period-1W")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("live-period")).toContainText(dayLabel(7));
});

test("a chart's JavaScript loads only once its frame nears the viewport, not while the page sits idle", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the interactive chart needs JavaScript");
  await page.setViewportSize({ width: 390, height: 700 });
  const chartChunks: string[] = [];
  page.on("request", (request) => {
    if (/\/build\/.*performance-chart/.test(request.url())) chartChunks.push(request.url());
  });
  await page.goto("/performance?basis=simulated", { waitUntil: "load" });
  const equity = page.getByTestId("live-equity-chart");
  await expect(equity).toHaveAttribute("data-chart", "svg");
  // Well past the old idle turn (up to 3 s after load): still nothing fetched.
  await page.waitForTimeout(3_500);
  expect(chartChunks).toEqual([]);
  await equity.scrollIntoViewIfNeeded();
  await expect(equity).toHaveAttribute("data-chart", "interactive");
  expect(chartChunks.length).toBeGreaterThan(0);
});
