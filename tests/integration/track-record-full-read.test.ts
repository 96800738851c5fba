/**
 * The track record's full read goes through the signals in batches of ids
 * (docs/decisions/0089-full-read-in-batches.md): closed signals on both sides
 * of every batch edge, and past the last whole batch, all count, once each,
 * in close order; signals that are not closed with an outcome do not. Each
 * row's history is in the ledger, which is what the record reads.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { tradeResult } from "~/domain/track-record";
import { listTradeResults } from "~/models/read-models/track-record.server";
import { HOUR, insertSignals, insertStrategy, recordLedgerHistory, trackRecordSignal } from "../support/fixtures";

const NOW = Date.parse("2026-06-01T00:00:00.000Z");

/** Ids on both sides of the batch edges (50,000 ids a batch), and after the last whole batch. */
const CLOSED_IDS = [1, 49_999, 50_000, 50_001, 100_000, 100_001, 150_003];

let strategyId: number;
let otherStrategyId: number;

beforeAll(() => {
  strategyId = insertStrategy({ slug: "batch-edges", name: "Batch Edges" }).id;
  otherStrategyId = insertStrategy({ slug: "other", name: "Other" }).id;
  const closed = insertSignals(
    CLOSED_IDS.map((id, index) =>
      // Later ids close earlier, so close order is not id order; every third exits at a loss.
      trackRecordSignal(index % 2 === 0 ? strategyId : otherStrategyId, 1_000 + index * 60, {
        id,
        fillPrice: 1.085,
        originalSl: 1.08,
        exitPrice: index % 3 === 0 ? 1.0825 : 1.09,
        closeReason: index % 3 === 0 ? "MANUAL" : "TP1",
      }, NOW),
    ),
  );
  // Not counted: still open, and closed before the ledger recorded exits (no exit price).
  const uncounted = insertSignals([
    trackRecordSignal(strategyId, 500, { id: 75_000, status: "ACTIVE" }, NOW),
    trackRecordSignal(strategyId, 400, { id: 125_000, fillPrice: 1.085, originalSl: 1.08 }, NOW),
  ]);
  recordLedgerHistory([...closed, ...uncounted]);
});

describe("the full read of the track record", () => {
  it("counts every closed signal with an outcome across the batch edges, once, in close order", () => {
    const results = listTradeResults("all");
    expect(results.map((result) => result.id)).toEqual([...CLOSED_IDS].reverse());
    expect(results.map((result) => result.closedAt)).toEqual([...results.map((result) => result.closedAt)].sort());
  });

  it("gives each result as the domain computes it from the stored signal", () => {
    const results = listTradeResults({ strategyId });
    expect(results.map((result) => result.id)).toEqual([150_003, 100_000, 50_000, 1]);
    const latest = results.at(-1)!;
    expect(latest).toEqual(
      tradeResult({
        id: 1,
        strategyId,
        symbol: "EURUSD",
        side: "LONG",
        entryPrice: 1.085,
        originalSl: 1.08,
        fillPrice: 1.085,
        pipSize: 0.0001,
        openedAt: new Date(NOW - 1_000 * 60_000),
        closedAt: new Date(NOW - 1_000 * 60_000 + HOUR),
        closeReason: "MANUAL",
        exits: [{ exitPrice: 1.0825, fraction: 1 }],
        simulated: false,
      }),
    );
    expect(latest.outcome).toBe("loss");
  });
});
