/**
 * The projection check (docs/decisions/0148): at start (the scheduler's
 * `atStart` job from server/jobs.ts) the whole file, after each write batch
 * the signals it touched; drift is logged as an error naming the signal and
 * its fields, kept in `projection_drift`, and shown on the /admin pages.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { checkProjection, checkTouchedSignals, listProjectionDrift } from "~/models/projection-check.server";
import { applyPriceBars } from "~/models/price-replay.server";
import { closeSignal, modifySignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { loader as deliveriesLoader } from "~/routes/admin.deliveries";
import { loader as signalsLoader } from "~/routes/admin.signals";
import { createScheduler } from "~/services/scheduler.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { scheduledJobs } from "../../server/jobs";
import { createUser, DAY, insertStrategy, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";
import { capturingLogger } from "../support/capturing-logger";

const sql = (statement: string, ...args: unknown[]) => getDb().$client.prepare(statement).run(...args);
let adminId: number;
let strategyId: number;
let closed: number;
let open: number;

beforeAll(() => {
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const now = new Date();
  closed = publishSignal(validSignalInput(strategyId, new Date(now.getTime() + 7 * DAY)), adminId, now).id;
  const loss = closeSignal(closed, { exitPrice: 1.082, reason: "MANUAL" }, now);
  if (!loss.ok) throw new Error(loss.message);
  open = publishSignal(validSignalInput(strategyId, new Date(now.getTime() + 7 * DAY)), adminId, now).id;
});

describe("the projection check", () => {
  it("finds nothing while every row is the fold of its events (the write paths checked their own signals)", () => {
    expect(listProjectionDrift()).toEqual([]);
    expect(checkProjection(new Date(), getDb(), capturingLogger("info").logger)).toEqual({ drifting: 0 });
  });

  it("runs at start as the server's scheduled job, logs the edited signal as an error and keeps it", async () => {
    sql("UPDATE signals SET exit_price = 1.09, close_reason = 'TP1' WHERE id = ?", closed);
    const { lines, logger } = capturingLogger("info");
    const jobs = scheduledJobs(serverRuntime.jobs, { deliveryRetentionDays: 30 }).filter((job) => job.name === "projection-check");
    expect(jobs).toHaveLength(1);
    // The job logs through the process logger; the check's own lines are captured by calling it with ours below.
    const scheduler = createScheduler(jobs, { logger });
    scheduler.start();
    await scheduler.stop();
    expect(scheduler.lastRuns()).toMatchObject([{ job: "projection-check", outcome: "ok", result: { drifting: 1 } }]);
    const kept = listProjectionDrift();
    expect(kept.map((finding) => finding.signalId)).toEqual([closed]);
    expect(kept[0]!.drift).toEqual(
      expect.arrayContaining([
        { field: "exitPrice", stored: 1.09, folded: 1.082 },
        { field: "closeReason", stored: "TP1", folded: "MANUAL" },
      ]),
    );
    checkProjection(new Date(), getDb(), logger);
    await sleep(10);
    const error = lines.find((line) => line.signalId === closed);
    expect(error).toMatchObject({ level: "error" });
    expect(String(error!.msg)).toMatch(new RegExp(`signal ${closed} .*exitPrice, closeReason`));
  });

  it("a write batch checks the signals it touched: an edited column the write does not rewrite is found after it", () => {
    sql("UPDATE signals SET entry_price = 1.0851 WHERE id = ?", open);
    const change = modifySignal(open, { sl: 1.0805 });
    expect(change.ok).toBe(true);
    expect(listProjectionDrift().map((finding) => finding.signalId)).toEqual([closed, open]);
    expect(listProjectionDrift()[1]!.drift).toEqual([{ field: "entryPrice", stored: 1.0851, folded: 1.085 }]);
  });

  it("a clean touched signal is cleared; the price replay checks its batch", () => {
    sql("UPDATE signals SET entry_price = 1.085 WHERE id = ?", open);
    const result = applyPriceBars([{ symbol: "EURUSD", time: new Date(Date.now() - 60_000).toISOString(), open: 1.0852, high: 1.0853, low: 1.0851, close: 1.0852 }]);
    expect(result.ok).toBe(true);
    expect(checkTouchedSignals([open], new Date(), getDb(), capturingLogger("info").logger)).toEqual([]);
    expect(listProjectionDrift().map((finding) => finding.signalId)).toEqual([closed]);
  });

  it("every /admin page names the drifting signal and its fields to admins", async () => {
    const cookie = await signedInCookie(adminId);
    for (const [loader, url] of [
      [signalsLoader, "http://localhost/admin/signals"],
      [deliveriesLoader, "http://localhost/admin/deliveries"],
    ] as const) {
      const response = await callRoute(loader, getRequest(url, { headers: { Cookie: cookie } }));
      const data = (await response.json()) as { drift: Array<{ signalId: number; fields: string[] }> };
      expect(data.drift, url).toEqual([expect.objectContaining({ signalId: closed, fields: expect.arrayContaining(["exitPrice", "closeReason"]) })]);
    }
  });

  it("once the row is corrected, the next full check clears the banner", () => {
    sql("UPDATE signals SET exit_price = 1.082, close_reason = 'MANUAL' WHERE id = ?", closed);
    expect(checkProjection(new Date(), getDb(), capturingLogger("info").logger)).toEqual({ drifting: 0 });
    expect(listProjectionDrift()).toEqual([]);
  });
});
