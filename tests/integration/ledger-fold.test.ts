/**
 * The record is the ledger (docs/decisions/0128): with one closed signal's row
 * edited in the signals table (its ledger untouched), the performance API and
 * CSV still give the ledger's result, `GET /api/signals/{id}/events` says
 * `verified: false` (true for an untouched signal), and `/signals/{id}` shows
 * the ledger's outcome, names the differing fields and marks no event verified.
 * The first record read in this file happens after the edit, so nothing cached
 * before it can hide a read of the row.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { projectionDrifts } from "~/models/ledger.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { loader as eventsLoader } from "~/routes/api.signals.$id.events";
import { loader as performanceLoader } from "~/routes/api.strategies.$slug.performance";
import { loader as csvLoader } from "~/routes/api.strategies.$slug.trades[.]csv";
import { loader as signalPageLoader } from "~/routes/signals.$id";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
let edited: number;
let untouched: number;

beforeAll(() => {
  const adminId = createUser({ role: "admin" }).id;
  const strategyId = insertStrategy({ slug: "gold-intraday", name: "Gold Intraday" }).id;
  const at = new Date("2026-03-02T08:00:00.000Z");
  const closeAt = new Date(at.getTime() + DAY);
  // EURUSD LONG from 1.08500 with its stop at 1.08000: a close at 1.08200 loses 30 pips, −0.6 R.
  edited = publishSignal(validSignalInput(strategyId, new Date(at.getTime() + 7 * DAY)), adminId, at).id;
  const loss = closeSignal(edited, { exitPrice: 1.082, reason: "MANUAL", at: closeAt }, closeAt);
  if (!loss.ok) throw new Error(loss.message);
  untouched = publishSignal(validSignalInput(strategyId, new Date(at.getTime() + 9 * DAY)), adminId, new Date(at.getTime() + 2 * DAY)).id;
  // The row now claims a win at the first target; the ledger still says a manual close at a loss.
  getDb().$client.prepare("UPDATE signals SET exit_price = 1.09, close_reason = 'TP1', result_pips = 50, result_r = 1 WHERE id = ?").run(edited);
});

describe("figures fold from the ledger, not from the signals row", () => {
  it("the performance API and the CSV give the ledger's loss", async () => {
    const response = await callRoute(performanceLoader, getRequest(`${BASE}/api/strategies/gold-intraday/performance`), { slug: "gold-intraday" });
    const body = (await response.json()) as { trades: number; wins: number; losses: number };
    expect(body).toMatchObject({ trades: 1, wins: 0, losses: 1 });
    const csv = await (await callRoute(csvLoader, getRequest(`${BASE}/api/strategies/gold-intraday/trades.csv`), { slug: "gold-intraday" })).text();
    expect(csv).toContain(",MANUAL,");
    expect(csv).not.toContain(",TP1,");
  });

  it("the events API says verified only for the untouched signal", async () => {
    const verdict = async (id: number) => {
      const response = await callRoute(eventsLoader, getRequest(`${BASE}/api/signals/${id}/events`), { id: String(id) });
      return ((await response.json()) as { verified: boolean }).verified;
    };
    expect(await verdict(edited)).toBe(false);
    expect(await verdict(untouched)).toBe(true);
  });

  it("the signal page shows the ledger's outcome, names the edited fields and marks no event verified", async () => {
    const response = await callRoute(signalPageLoader, getRequest(`${BASE}/signals/${edited}`), { id: String(edited) });
    const data = (await response.json()) as {
      signal: { exitPrice: number; closeReason: string; resultR: number };
      drift: Array<{ field: string; stored: unknown; folded: unknown }>;
      events: Array<{ verified: boolean }>;
    };
    expect(data.signal).toMatchObject({ exitPrice: 1.082, closeReason: "MANUAL", resultR: -0.6 });
    expect(data.drift).toEqual(
      expect.arrayContaining([
        { field: "exitPrice", stored: 1.09, folded: 1.082 },
        { field: "closeReason", stored: "TP1", folded: "MANUAL" },
        { field: "resultR", stored: 1, folded: -0.6 },
      ]),
    );
    expect(data.events.length).toBeGreaterThan(0);
    expect(data.events.every((event) => !event.verified)).toBe(true);
  });

  it("the projection check names the edited signal only", () => {
    expect(projectionDrifts().map((found) => found.signalId)).toEqual([edited]);
  });
});
