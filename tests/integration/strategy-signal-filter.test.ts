/**
 * The Signals tab of /strategies/:slug: the `?status=` filter groups (All,
 * Open, Closed, Cancelled or expired) and PENDING signals locked for visitors
 * like ACTIVE ones.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/strategies.$slug";
import { cancelSignal, closeSignal, publishSignal } from "~/models/signals.server";
import { parseStatusFilter } from "~/domain/signal-status";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const ids: Record<string, number> = {};

async function statusesFor(query: string): Promise<Array<{ id: number; status: string; locked: boolean; entryJson: { price: number | null } }>> {
  const response = await callRoute(loader, getRequest(`http://localhost/strategies/alpha-swing?tab=signals${query}`), { slug: "alpha-swing" });
  expect(response.status).toBe(200);
  return (await response.json()).signals;
}

beforeAll(() => {
  const adminId = createUser({ role: "admin" }).id;
  const strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const publish = (entryMethod: "market" | "limit") =>
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), { entryMethod }), adminId).id;
  ids.pending = publish("limit");
  ids.active = publish("market");
  ids.closed = publish("market");
  closeSignal(ids.closed, { exitPrice: 1.09, reason: "TP1" });
  ids.cancelled = publish("limit");
  cancelSignal(ids.cancelled, {});
});

describe("the strategy Signals tab's status filter", () => {
  it("lists every status by default and each group on its own", async () => {
    expect((await statusesFor("")).map((s) => s.id).sort()).toEqual(Object.values(ids).sort());
    expect((await statusesFor("&status=open")).map((s) => s.id).sort()).toEqual([ids.pending, ids.active].sort());
    expect((await statusesFor("&status=closed")).map((s) => s.id)).toEqual([ids.closed]);
    expect((await statusesFor("&status=CANCELLED")).map((s) => s.id)).toEqual([ids.cancelled]);
    expect((await statusesFor("&status=nonsense")).length).toBe(4);
  });

  it("locks PENDING signals for visitors like ACTIVE ones; ended ones show their levels", async () => {
    const signals = await statusesFor("");
    const byId = new Map(signals.map((s) => [s.id, s]));
    expect(byId.get(ids.pending)).toMatchObject({ status: "PENDING", locked: true, entryJson: { price: null } });
    expect(byId.get(ids.active)).toMatchObject({ status: "ACTIVE", locked: true, entryJson: { price: null } });
    expect(byId.get(ids.closed)).toMatchObject({ status: "CLOSED", locked: false, entryJson: { price: 1.085 } });
  });

  it("parseStatusFilter maps a query value to its group, case-insensitively, default all", () => {
    expect(parseStatusFilter("Open").statuses).toEqual(["PENDING", "ACTIVE"]);
    expect(parseStatusFilter(null).id).toBe("all");
  });
});
