/**
 * Lists of signals by status (the admin desk's open and ended lists, read
 * status by status from signals_status_created_idx and merged): the same rows,
 * in the same order, as filtering every signal newest first, on both sides of
 * a keyset page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cancelSignal, listSignals, publishSignal } from "~/models/signals.server";
import type { Signal } from "../../db/schema";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";

const START = Date.parse("2026-03-02T08:00:00.000Z");
let all: Signal[] = [];

beforeAll(() => {
  const adminId = createUser({ role: "admin" }).id;
  const strategyId = insertStrategy({ slug: "status-lists", name: "Status lists" }).id;
  // Statuses interleaved in time: market signals are ACTIVE, limit ones PENDING, every third limit one cancelled.
  for (let index = 0; index < 12; index += 1) {
    const at = new Date(START + (index % 4 === 3 ? 0 : index) * 60_000);
    const signal = publishSignal(validSignalInput(strategyId, new Date(at.getTime() + DAY), { entryMethod: index % 2 === 0 ? "market" : "limit" }), adminId, at);
    if (index % 6 === 1) cancelSignal(signal.id, {}, new Date(at.getTime() + 1_000));
  }
  all = listSignals({ limit: 100 }).filter((signal) => signal.strategyId === strategyId);
});

/** The expected list: every signal with one of `statuses`, newest first (by creation time, then id). */
function expected(statuses: readonly Signal["status"][]): number[] {
  return all.filter((signal) => statuses.includes(signal.status)).map((signal) => signal.id);
}

const ids = (rows: Signal[]) => rows.map((row) => row.id);

describe("listSignals by status", () => {
  it("has each status among the fixtures, some sharing a creation time", () => {
    expect(new Set(all.map((signal) => signal.status))).toEqual(new Set(["ACTIVE", "PENDING", "CANCELLED"]));
    expect(new Set(all.map((signal) => signal.createdAt.getTime())).size).toBeLessThan(all.length);
  });

  it.each([[["PENDING", "ACTIVE"]], [["CANCELLED", "ACTIVE"]], [["PENDING"]], [["ACTIVE", "PENDING", "CANCELLED", "ACTIVE"]]] as const)(
    "%j: the newest first across statuses, cut at the limit",
    (statuses) => {
      expect(ids(listSignals({ statuses, limit: 100 }))).toEqual(expected(statuses));
      expect(ids(listSignals({ statuses, limit: 3 }))).toEqual(expected(statuses).slice(0, 3));
    },
  );

  it("pages before and after a row like the filtered list", () => {
    const statuses = ["PENDING", "ACTIVE"] as const;
    const list = expected(statuses);
    const pivot = all.find((signal) => signal.id === list[4])!;
    const page = (direction: "before" | "after") => ({ direction, time: pivot.createdAt, id: pivot.id });
    expect(ids(listSignals({ statuses, limit: 3, page: page("before") }))).toEqual(list.slice(5, 8));
    expect(ids(listSignals({ statuses, limit: 3, page: page("after") }))).toEqual(list.slice(1, 4));
  });

  it("an empty status list matches nothing", () => {
    expect(listSignals({ statuses: [], limit: 10 })).toEqual([]);
  });
});
