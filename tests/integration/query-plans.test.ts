/**
 * Lookups that run on every page view use an index, never a scan of a table
 * that grows: the statements the model functions prepare are captured and
 * run through SQLite's EXPLAIN QUERY PLAN on this file's database.
 */
import { describe, expect, it } from "vitest";
import { getPostBySlug } from "~/models/blog.server";
import { expireDueSignals } from "~/models/price-replay.server";
import { countActiveSignals, listSignals } from "~/models/signals.server";
import { getStrategyBySlug } from "~/models/strategies.server";
import { getDb } from "~/platform/db.server";

/** The EXPLAIN QUERY PLAN lines of every statement `run` prepares (each `?` bound to a placeholder text). */
function plansOf(run: () => unknown): string[] {
  const client = getDb().$client;
  const prepare = client.prepare;
  const sources: string[] = [];
  client.prepare = function (this: typeof client, source: string) {
    sources.push(source);
    return prepare.call(this, source);
  } as typeof client.prepare;
  try {
    run();
  } finally {
    client.prepare = prepare;
  }
  expect(sources.length).toBeGreaterThan(0);
  return sources.flatMap((source) => {
    const params = (source.match(/\?/g) ?? []).map(() => "x");
    const rows = client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  });
}

describe("query plans of per-request lookups", () => {
  it.each([
    ["countActiveSignals (the landing page and both dashboards)", "signals", () => countActiveSignals()],
    ["getStrategyBySlug (case-insensitive)", "strategies", () => getStrategyBySlug("Alpha-Swing")],
    ["getPostBySlug (case-insensitive)", "blog_posts", () => getPostBySlug("Some-Post")],
  ] as const)("%s searches an index of %s", (_name, table, run) => {
    const plans = plansOf(run);
    expect(plans.filter((detail) => detail.startsWith(`SCAN ${table}`))).toEqual([]);
    expect(plans.some((detail) => detail.startsWith(`SEARCH ${table} USING`))).toBe(true);
  });
});

describe("query plans of the lists by status", () => {
  it.each([
    ["the desk's open list", () => listSignals({ statuses: ["PENDING", "ACTIVE"], limit: 50 })],
    ["the desk's ended list", () => listSignals({ statuses: ["CLOSED", "CANCELLED", "EXPIRED"], limit: 10 })],
    ["a page of a list by status", () => listSignals({ statuses: ["CLOSED"], limit: 10, page: { direction: "before", time: new Date(0), id: 1 } })],
  ] as const)("%s reads each status from the newest end of signals_status_created_idx, without a sort", (_name, run) => {
    const plans = plansOf(run);
    expect(plans.filter((detail) => detail.startsWith("SCAN signals") || detail.includes("TEMP B-TREE"))).toEqual([]);
    expect(plans.every((detail) => detail.startsWith("SEARCH signals USING INDEX signals_status_created_idx (status=?"))).toBe(true);
  });

  it("the expiry sweep reads only the open signals, by the status index", () => {
    const plans = plansOf(() => expireDueSignals(new Date(0)));
    expect(plans.filter((detail) => detail.startsWith("SCAN signals"))).toEqual([]);
    expect(plans).toContain("SEARCH signals USING INDEX signals_status_created_idx (status=?)");
  });
});
