/**
 * No result figure on a public page is hand-written (docs/decisions/0150):
 * every public page is fetched as the server renders it, every number printed
 * beside a result label (win rate, profit factor, drawdown, return, Sharpe,
 * Sortino, expectancy, net result, pips, closed signals, trades) is read, and
 * each must be a figure of its kind in the record the performance API gives
 * (all strategies and each one; all time and the pages' default period) on
 * the page's basis: the live record by default, and the simulated history on
 * the pages that show it with `?basis=simulated` (docs/decisions/0146).
 * Server-rendered HTML is what both a browser and a crawler see, so one
 * project runs it.
 */
import { expect, test } from "./support/fixtures";
import { ARTICLE, PUBLIC_ROUTES } from "./support/public-routes";
import { comesFromRecord, findResultFigures, type RecordFigures } from "./support/result-figures";

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `days` before today. */
function dayBefore(days: number): string {
  return new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS).toISOString().slice(0, 10);
}

test("every result figure on the public pages comes from the record", async ({ request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "server-rendered HTML is the same for both projects");
  const strategies = (await (await request.get("/api/strategies")).json()) as Array<{ slug: string }>;
  const scopes = ["all", ...strategies.map((s) => s.slug)];
  // All time, and the pages' default period (1Y: 365 days before today to today, as periodRange).
  const windows = ["", `?from=${dayBefore(365)}&to=${dayBefore(0)}`];
  const records: Record<"live" | "simulated", RecordFigures[]> = { live: [], simulated: [] };
  for (const basis of ["live", "simulated"] as const) {
    for (const scope of scopes) {
      for (const window of windows) {
        const url = `/api/strategies/${scope}/performance${window}${window ? "&" : "?"}basis=${basis}`;
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        records[basis].push((await response.json()) as RecordFigures);
      }
    }
  }

  const pages: Array<{ path: string; basis: "live" | "simulated" }> = [
    ...PUBLIC_ROUTES.filter((route) => route.path !== ARTICLE).map((route) => ({ path: route.path, basis: "live" as const })),
    ...strategies.map((s) => ({ path: `/strategies/${s.slug}?tab=performance`, basis: "live" as const })),
    { path: "/performance?basis=simulated", basis: "simulated" },
    ...strategies.map((s) => ({ path: `/strategies/${s.slug}?tab=performance&basis=simulated`, basis: "simulated" as const })),
  ];
  const strays: string[] = [];
  let checked = 0;
  for (const { path, basis } of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    for (const figure of findResultFigures(await response.text())) {
      checked += 1;
      if (!comesFromRecord(figure, records[basis])) strays.push(`${path}: "${figure.text}"`);
    }
  }
  expect(strays, "result figures that are not the record's").toEqual([]);
  // The walk reads the record's own figures (/performance, the strategy tabs; the seed's simulated history at least): it would see a stray one.
  expect(checked).toBeGreaterThan(20);
});
