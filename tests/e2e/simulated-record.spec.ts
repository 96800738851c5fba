/**
 * Simulated and live kept apart in the browser, with and without JavaScript
 * (docs/decisions/0146): a visitor sees "No live trades yet" where a strategy
 * has only simulated history, the simulated figures only behind `?basis=`
 * links and always with their label, hypothetical-performance statement and
 * method, and the live record filled once an admin's signal closes. Each
 * project uses a strategy no other spec publishes to (they share one server).
 */
import { expect, test } from "./support/fixtures";
import { ACCOUNTS, signIn } from "./support/auth";
import { publishMarketSignal } from "./support/signals";

const GOLD = { symbol: "XAUUSD", side: "LONG", price: 2400, sl: 2390, tp1: 2415, tp2: 2425 } as const;

test("simulated figures are labelled as such, and the live record stays empty until a live close", async ({ page, javaScriptEnabled }) => {
  const slug = javaScriptEnabled ? "london-breakout" : "gold-intraday";
  await page.goto(`/strategies/${slug}?tab=performance`);
  const record = page.getByTestId("live-record");
  await expect(record.getByTestId("record-basis-live")).toHaveAttribute("aria-current", "true");
  await expect(record.getByTestId("no-live-trades")).toContainText("No live trades yet");
  await expect(record.getByTestId("live-tile-trades")).toHaveCount(0);
  await expect(page.getByTestId("simulated-note")).toHaveCount(0);

  await record.getByRole("link", { name: "See the simulated history" }).click();
  await expect(page).toHaveURL(/[?&]basis=simulated/);
  await expect(record.getByTestId("record-basis-simulated")).toHaveAttribute("aria-current", "true");
  const note = record.getByTestId("simulated-note");
  await expect(note).toContainText("Simulated results.");
  await expect(note).toContainText("Hypothetical or simulated performance results have certain limitations.");
  await expect(note).toContainText("How this history was generated");
  const simulated = await (await page.request.get(`/api/strategies/${slug}/performance?basis=simulated`)).json();
  expect(simulated.basis).toBe("simulated");
  await expect(record.getByTestId("live-tile-trades").locator("dd")).toHaveText(String(simulated.trades));

  await page.goto("/performance?basis=simulated");
  await expect(page.getByTestId("live-record").getByTestId("simulated-note")).toContainText("Hypothetical or simulated performance results");
  await page.getByTestId("record-basis-live").click();
  await expect(page).not.toHaveURL(/basis=/);
  await expect(page.getByTestId("simulated-note")).toHaveCount(0);

  await signIn(page, ACCOUNTS.admin);
  const id = await publishMarketSignal(page.request, slug, "Live record check", slug === "gold-intraday" ? { levels: GOLD } : {});
  const close = await page.request.post(`/api/admin/signals/${id}/close`, { data: { exitPrice: slug === "gold-intraday" ? 2415 : 1.09, reason: "TP1" } });
  expect(close.status()).toBe(200);
  await page.goto(`/strategies/${slug}?tab=performance`);
  await expect(record.getByTestId("no-live-trades")).toHaveCount(0);
  await expect(record.getByTestId("live-tile-trades").locator("dd")).toHaveText("1");
  await expect(page.getByTestId("simulated-note")).toHaveCount(0);
});
