/**
 * The signals model and its ledger against this file's temporary SQLite
 * database: append-only triggers, publish and transitions appending to one
 * valid hash chain, projected rows, and the backfill of pre-ledger signals.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signalEvents, signals } from "../../db/schema";
import { verifyChain } from "~/domain/ledger";
import { backfillLedger } from "~/models/ledger-backfill.server";
import { getLedgerHead, iterateLedger } from "~/models/ledger.server";
import { cancelSignal, closeSignal, expireSignal, modifySignal, partiallyCloseSignal, publishSignal, triggerSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import type { SignalInput } from "~/schemas/signal";
import { createUser, DAY, HOUR, insertSignal, insertStrategy, trackRecordSignal, validSignalInput } from "../support/fixtures";

let adminId: number;
let strategyId: number;

function input(overrides: Partial<SignalInput> = {}): SignalInput {
  return validSignalInput(strategyId, new Date(Date.now() + DAY), overrides);
}

function eventsOf(signalId: number) {
  return getDb().select().from(signalEvents).where(eq(signalEvents.signalId, signalId)).orderBy(asc(signalEvents.seq)).all();
}

beforeAll(() => {
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
});

describe("publishing", () => {
  it("appends seq 1, 2, 3 with a valid chain, and a market entry is ACTIVE, a limit PENDING", () => {
    const market = publishSignal(input(), adminId);
    const limit = publishSignal(input({ entryMethod: "limit" }), adminId);
    const stop = publishSignal(input({ entryMethod: "stop", symbol: "USDJPY", entryPrice: 150.5, sl: 150, tp1: 151, tp2: 152 }), adminId);
    expect([market.status, limit.status, stop.status]).toEqual(["ACTIVE", "PENDING", "PENDING"]);
    expect(market).toMatchObject({ fillPrice: 1.085, originalSl: 1.08, remaining: 1 });
    expect(limit.fillPrice).toBeNull();

    const rows = [...iterateLedger()];
    expect(rows.map((r) => [r.seq, r.signalId, r.type])).toEqual([
      [1, market.id, "published"],
      [2, limit.id, "published"],
      [3, stop.id, "published"],
    ]);
    expect(verifyChain(rows)).toEqual({ ok: true, head: { seq: 3, hash: rows[2]!.hash } });
    expect(rows[0]!.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.salt).not.toBe(rows[1]!.salt);
    expect(JSON.parse(rows[2]!.payload!)).toMatchObject({ symbol: "USDJPY", pipSize: 0.01, sl: 150, entryMethod: "stop" });
    expect(getLedgerHead()).toMatchObject({ seq: 3, hash: rows[2]!.hash });
  });
});

describe("the signal_events triggers", () => {
  it("refuse UPDATE and DELETE", () => {
    const sqlite = getDb().$client;
    expect(() => sqlite.prepare("UPDATE signal_events SET type = 'closed' WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare("DELETE FROM signal_events WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare("DELETE FROM signal_events").run()).toThrow(/append-only/);
    expect(sqlite.prepare("SELECT type FROM signal_events WHERE seq = 1").get()).toEqual({ type: "published" });
  });
});

describe("transitions", () => {
  it("trigger, modify, partial close and close write the events and the projected row with its outcome", () => {
    const t0 = Date.now();
    const signal = publishSignal(input({ entryMethod: "limit" }), adminId, new Date(t0 - 3 * HOUR));
    const triggered = triggerSignal(signal.id, { fillPrice: 1.0852, at: new Date(t0 - 2 * HOUR) });
    expect(triggered).toMatchObject({ ok: true, signal: { status: "ACTIVE", fillPrice: 1.0852 } });
    const moved = modifySignal(signal.id, { sl: 1.0852 });
    expect(moved).toMatchObject({ ok: true, signal: { sl: 1.0852, originalSl: 1.08 } });
    const partial = partiallyCloseSignal(signal.id, { exitPrice: 1.09, fraction: 0.5 });
    expect(partial).toMatchObject({ ok: true, signal: { status: "ACTIVE", remaining: 0.5 } });
    const closed = closeSignal(signal.id, { exitPrice: 1.095, reason: "TP2" });
    // (1.09 − 1.0852) = 48 pips and (1.095 − 1.0852) = 98 pips, half each: 73 pips; risk 50 pips → 1.46 R.
    expect(closed).toMatchObject({
      ok: true,
      signal: { status: "CLOSED", exitPrice: 1.0925, closeReason: "TP2", resultPips: 73, resultR: 1.46, remaining: 0 },
    });
    expect(closed.ok && closed.signal.closedAt).toBeInstanceOf(Date);
    expect(eventsOf(signal.id).map((e) => e.type)).toEqual(["published", "triggered", "modified", "partially_closed", "closed"]);
    expect(verifyChain(iterateLedger()).ok).toBe(true);
  });

  it("refuses with 404 for an unknown id, 409 for a wrong state and 400 naming the field, appending nothing", () => {
    const pending = publishSignal(input({ entryMethod: "limit" }), adminId);
    const active = publishSignal(input(), adminId);
    const before = getLedgerHead()!.seq;
    expect(triggerSignal(999_999, { fillPrice: 1.09 })).toMatchObject({ ok: false, status: 404, field: "id" });
    expect(triggerSignal(active.id, { fillPrice: 1.09 })).toMatchObject({ ok: false, status: 409, field: "status" });
    expect(cancelSignal(active.id, {})).toMatchObject({ ok: false, status: 409, field: "status" });
    expect(closeSignal(pending.id, { exitPrice: 1.09, reason: "MANUAL" })).toMatchObject({ ok: false, status: 409 });
    expect(closeSignal(active.id, { exitPrice: 0, reason: "MANUAL" })).toMatchObject({ ok: false, status: 400, field: "exitPrice" });
    expect(partiallyCloseSignal(active.id, { exitPrice: 1.09, fraction: 1 })).toMatchObject({ ok: false, status: 400, field: "fraction" });
    expect(modifySignal(active.id, { tp1: 1.07 })).toMatchObject({ ok: false, status: 400, field: "tp1" });
    expect(triggerSignal(pending.id, { fillPrice: 1.09, at: new Date(Date.now() + HOUR) })).toMatchObject({ ok: false, status: 400, field: "at" });
    expect(expireSignal(pending.id)).toMatchObject({ ok: false, status: 409, field: "expiresAt" });
    expect(getLedgerHead()!.seq).toBe(before);
  });

  it("cancels a PENDING signal and expires one whose entry window passed", () => {
    const t0 = Date.now();
    const toCancel = publishSignal(input({ entryMethod: "limit" }), adminId);
    expect(cancelSignal(toCancel.id, { note: "News ahead" })).toMatchObject({ ok: true, signal: { status: "CANCELLED" } });
    expect(JSON.parse(eventsOf(toCancel.id).at(-1)!.payload)).toEqual({ note: "News ahead" });

    const expiresAt = new Date(t0 + HOUR);
    const toExpire = publishSignal(input({ entryMethod: "stop", expiresAt }), adminId, new Date(t0));
    const expired = expireSignal(toExpire.id, new Date(t0 + 2 * HOUR));
    expect(expired).toMatchObject({ ok: true, signal: { status: "EXPIRED", closedAt: expiresAt } });
    expect(eventsOf(toExpire.id).at(-1)).toMatchObject({ type: "expired", occurredAt: expiresAt });
    expect(cancelSignal(toExpire.id, {}, new Date(t0 + 2 * HOUR))).toMatchObject({ ok: false, status: 409 });
  });
});

describe("backfillLedger", () => {
  it("gives pre-ledger signals their events in time order, projects open rows, and is idempotent", () => {
    const now = Date.now();
    const closed = insertSignal(trackRecordSignal(strategyId, 300, {}, now));
    const cancelled = insertSignal(trackRecordSignal(strategyId, 200, { status: "CANCELLED", entryMethod: "limit" }, now));
    const open = insertSignal(trackRecordSignal(strategyId, 100, { status: "ACTIVE", entryMethod: "limit" }, now));
    const headBefore = getLedgerHead()!.seq;

    const result = backfillLedger(getDb(), new Date(now));
    expect(result).toEqual({ signals: 3, events: 5 });
    const added = [...iterateLedger()].filter((row) => row.seq > headBefore);
    // By time: published −300 min, closed −240, published −200, cancelled −140, published −100.
    expect(added.map((r) => [r.signalId, r.type])).toEqual([
      [closed.id, "published"],
      [closed.id, "closed"],
      [cancelled.id, "published"],
      [cancelled.id, "cancelled"],
      [open.id, "published"],
    ]);
    expect(JSON.parse(added[0]!.payload!)).toMatchObject({ entryPrice: 1.085, sl: 1.08, tp1: 1.0925, tp2: 1.1, pipSize: 0.0001 });
    expect(JSON.parse(added[1]!.payload!)).toEqual({ exitPrice: null, reason: null });
    expect(added[0]!.occurredAt).toEqual(closed.createdAt);
    expect(added[1]!.occurredAt).toEqual(closed.closedAt);
    expect(added.every((r) => r.recordedAt.getTime() === now)).toBe(true);
    expect(verifyChain(iterateLedger()).ok).toBe(true);

    const rows = getDb().select().from(signals).all();
    const byId = new Map(rows.map((r) => [r.id, r]));
    // A pre-ledger "ACTIVE" limit entry was live, not filled: it is PENDING now.
    expect(byId.get(open.id)).toMatchObject({ status: "PENDING", originalSl: 1.08, fillPrice: null });
    expect(byId.get(closed.id)).toMatchObject({ status: "CLOSED", originalSl: 1.08, remaining: 0, exitPrice: null });
    expect(byId.get(cancelled.id)).toMatchObject({ status: "CANCELLED" });

    // The backfilled open signal takes transitions; the ended ones refuse them.
    expect(triggerSignal(open.id, { fillPrice: 1.085 })).toMatchObject({ ok: true, signal: { status: "ACTIVE" } });
    expect(closeSignal(closed.id, { exitPrice: 1.09, reason: "MANUAL" })).toMatchObject({ ok: false, status: 409, field: "status" });

    const head = getLedgerHead()!.seq;
    expect(backfillLedger(getDb(), new Date())).toEqual({ signals: 0, events: 0 });
    expect(getLedgerHead()!.seq).toBe(head);
  });
});
