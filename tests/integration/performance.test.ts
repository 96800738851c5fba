import { describe, expect, it } from "vitest";
import { loader, meta } from "~/routes/performance";
import { getRequest, routeArgs } from "../support/http";

/** The tab and period the loader parsed (its live track record is tested in track-record-api.test.ts). */
async function load(search: string) {
  const response = await loader(routeArgs(getRequest(`http://localhost/performance${search}`)));
  expect(response.status).toBe(200);
  const { tab, period, ledgerHead } = (await response.json()) as { tab: string; period: string; ledgerHead: unknown };
  // The footer's ledger head: this file's database has no ledger events.
  expect(ledgerHead).toBeNull();
  return { tab, period };
}

describe("/performance loader", () => {
  it("defaults to the overview tab and the one-year period", async () => {
    expect(await load("")).toEqual({ tab: "overview", period: "1Y" });
  });

  it.each([
    ["?tab=overview&period=1W", { tab: "overview", period: "1W" }],
    ["?tab=methodology", { tab: "methodology", period: "1Y" }],
    ["?tab=verification&period=1M", { tab: "verification", period: "1M" }],
    ["?tab=disclaimers&period=3M", { tab: "disclaimers", period: "3M" }],
    ["?period=1M", { tab: "overview", period: "1M" }],
    ["?tab=METHODOLOGY&period=3m", { tab: "methodology", period: "3M" }],
  ])("reads %s", async (search, expected) => {
    expect(await load(search)).toEqual(expected);
  });

  it.each([
    ["?tab=settings", { tab: "overview", period: "1Y" }],
    ["?tab=&period=", { tab: "overview", period: "1Y" }],
    ["?period=5Y", { tab: "overview", period: "1Y" }],
    ["?tab=verification&period=1D", { tab: "verification", period: "1Y" }],
    ["?tab=<script>&period=1W", { tab: "overview", period: "1W" }],
    ["?tab=methodology&tab=disclaimers", { tab: "methodology", period: "1Y" }],
  ])("falls back to defaults for invalid values: %s", async (search, expected) => {
    expect(await load(search)).toEqual(expected);
  });
});

describe("/performance meta", () => {
  it("sets the title, description and Open Graph tags", () => {
    const tags = meta({} as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ title: "Performance | FX Trader" });
    expect(tags.some((tag) => "name" in tag && tag.name === "description")).toBe(true);
    expect(tags).toContainEqual({ property: "og:title", content: "Performance | FX Trader" });
    expect(tags.some((tag) => "property" in tag && tag.property === "og:description")).toBe(true);
  });
});
