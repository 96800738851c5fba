/**
 * The pure signal lifecycle: every transition and refusal, back-dating bounds,
 * the projection from events, and the outcome maths (EURUSD, USDJPY, XAUUSD,
 * partial closes, a loss, break-even).
 */
import { describe, expect, it } from "vitest";
import {
  applyEvent,
  cancel,
  checkGeometry,
  close,
  computeOutcome,
  expire,
  isEnded,
  isOverdue,
  modify,
  partialClose,
  projectSignal,
  publish,
  samePrice,
  tenthsOfPip,
  trigger,
  TRANSITION_ERROR_STATUS,
  type PublishInput,
  type SignalEvent,
  type SignalState,
  type TransitionResult,
} from "~/domain/signal-lifecycle";
import { eurusdLongInput } from "../support/signal-lifecycle";

const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-11-23T08:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const NOW = at(10);

function ok(result: TransitionResult) {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code} on ${result.error.field}: ${result.error.message}`);
  return result;
}

function err(result: TransitionResult) {
  if (result.ok) throw new Error(`expected an error, got a ${result.event.type} event`);
  return result.error;
}

function input(extra: Partial<PublishInput> = {}): PublishInput {
  return eurusdLongInput(at(24), extra);
}

/** A published signal (at T0) and its state. */
function published(extra: Partial<PublishInput> = {}): SignalState {
  return ok(publish(input(extra), T0, NOW)).state;
}

function activeLimit(extra: Partial<PublishInput> = {}): SignalState {
  return ok(trigger(published({ entryMethod: "limit", ...extra }), { fillPrice: extra.entryPrice ?? 1.1 }, at(1), NOW)).state;
}

describe("publish", () => {
  it("starts a market entry ACTIVE, filled at the entry price at publish time", () => {
    const result = ok(publish(input(), T0, NOW));
    expect(result.event).toEqual({
      type: "published",
      occurredAt: T0,
      payload: {
        strategyId: 1,
        symbol: "EURUSD",
        side: "LONG",
        entryMethod: "market",
        entryPrice: 1.1,
        sl: 1.095,
        tp1: 1.11,
        tp2: null,
        expiresAt: "2026-11-24T08:00:00.000Z",
        pipSize: 0.0001,
        rationale: null,
        simulated: false,
      },
    });
    expect(result.state).toMatchObject({
      status: "ACTIVE",
      fillPrice: 1.1,
      triggeredAt: T0,
      publishedAt: T0,
      originalSl: 1.095,
      remaining: 1,
      exits: [],
      outcome: null,
      endedAt: null,
      expiresAt: at(24),
    });
  });

  it("seals simulated in the payload: false unless the publisher says true, and a payload without it reads as simulated", () => {
    const live = ok(publish(input(), T0, NOW));
    expect(live.event.payload).toMatchObject({ simulated: false });
    expect(live.state.simulated).toBe(false);
    const generated = ok(publish(input({ simulated: true }), T0, NOW));
    expect(generated.event.payload).toMatchObject({ simulated: true });
    expect(generated.state.simulated).toBe(true);
    // Written before the member existed: nothing sealed says it was live.
    const { simulated: _simulated, ...legacy } = live.event.payload as Record<string, unknown>;
    expect(projectSignal([{ ...live.event, payload: legacy } as SignalEvent]).simulated).toBe(true);
  });

  it("starts limit and stop entries PENDING with no fill", () => {
    for (const entryMethod of ["limit", "stop"] as const) {
      const state = published({ entryMethod });
      expect(state.status).toBe("PENDING");
      expect(state.fillPrice).toBeNull();
      expect(state.triggeredAt).toBeNull();
    }
  });

  it("defaults the time to now and refuses the future", () => {
    expect(ok(publish(input(), undefined, NOW)).event.occurredAt).toEqual(NOW);
    expect(err(publish(input({ expiresAt: at(40) }), at(11), NOW))).toEqual({
      code: "invalid-field",
      field: "at",
      message: "Time cannot be in the future",
    });
  });

  it("refuses bad prices, geometry, pip size and expiry, naming the field", () => {
    expect(err(publish(input({ entryPrice: 0 }), T0, NOW))).toMatchObject({ field: "entryPrice", code: "invalid-field" });
    expect(err(publish(input({ sl: Number.NaN }), T0, NOW))).toMatchObject({ field: "sl", message: "Stop loss must be a number" });
    expect(err(publish(input({ tp2: -1 }), T0, NOW))).toMatchObject({ field: "tp2", message: "Take profit 2 must be greater than 0" });
    expect(err(publish(input({ sl: 1.101 }), T0, NOW))).toMatchObject({
      field: "sl",
      message: "Stop loss must be below the entry price for a LONG signal",
    });
    expect(err(publish(input({ side: "SHORT" }), T0, NOW))).toMatchObject({
      field: "sl",
      message: "Stop loss must be above the entry price for a SHORT signal",
    });
    expect(err(publish(input({ tp2: 1.105 }), T0, NOW))).toMatchObject({
      field: "tp2",
      message: "Take profit 2 must be above take profit 1 for a LONG signal",
    });
    expect(err(publish(input({ pipSize: 0 }), T0, NOW))).toMatchObject({ field: "pipSize" });
    expect(err(publish(input({ expiresAt: T0 }), T0, NOW))).toMatchObject({ field: "expiresAt" });
  });
});

describe("checkGeometry", () => {
  it("applies the publishing rule to both sides", () => {
    expect(checkGeometry("LONG", 1.1, { sl: 1.09, tp1: 1.11, tp2: 1.12 })).toEqual([]);
    expect(checkGeometry("SHORT", 1.1, { sl: 1.11, tp1: 1.09, tp2: 1.08 })).toEqual([]);
    expect(checkGeometry("SHORT", 1.1, { sl: 1.09, tp1: 1.11, tp2: 1.12 }).map((i) => i.field)).toEqual(["sl", "tp1", "tp2"]);
  });

  it("accepts a stop at the reference only when break-even is allowed", () => {
    expect(checkGeometry("LONG", 1.1, { sl: 1.1, tp1: 1.11, tp2: null }).map((i) => i.field)).toEqual(["sl"]);
    expect(checkGeometry("LONG", 1.1, { sl: 1.1, tp1: 1.11, tp2: null }, { allowBreakeven: true, pipSize: 0.0001 })).toEqual([]);
    expect(
      checkGeometry("LONG", 1.1, { sl: 1.1001, tp1: 1.11, tp2: null }, { allowBreakeven: true, pipSize: 0.0001 }).map((i) => i.field),
    ).toEqual(["sl"]);
  });
});

describe("trigger", () => {
  it("fills a PENDING signal and makes it ACTIVE", () => {
    const result = ok(trigger(published({ entryMethod: "limit" }), { fillPrice: 1.0998 }, at(2), NOW));
    expect(result.event).toEqual({ type: "triggered", occurredAt: at(2), payload: { fillPrice: 1.0998 } });
    expect(result.state).toMatchObject({ status: "ACTIVE", fillPrice: 1.0998, triggeredAt: at(2), lastEventAt: at(2) });
  });

  it("refuses an ACTIVE signal with 409", () => {
    const error = err(trigger(published(), { fillPrice: 1.1 }, at(1), NOW));
    expect(error).toMatchObject({ code: "wrong-state", field: "status" });
    expect(error.message).toBe("This signal is ACTIVE, so it cannot be triggered. Only a PENDING signal can be triggered.");
    expect(TRANSITION_ERROR_STATUS[error.code]).toBe(409);
  });

  it("refuses a fill of 0 or on the wrong side of the stop with 400", () => {
    const pending = published({ entryMethod: "stop" });
    const zero = err(trigger(pending, { fillPrice: 0 }, at(1), NOW));
    expect(zero).toEqual({ code: "invalid-field", field: "fillPrice", message: "Fill price must be greater than 0" });
    expect(TRANSITION_ERROR_STATUS[zero.code]).toBe(400);
    expect(err(trigger(pending, { fillPrice: 1.095 }, at(1), NOW))).toMatchObject({
      field: "fillPrice",
      message: "Fill price must be above the stop loss for a LONG signal",
    });
  });

  it("refuses a trigger at or after expiry: the signal can only expire", () => {
    const pending = published({ entryMethod: "limit", expiresAt: at(5) });
    expect(err(trigger(pending, { fillPrice: 1.1 }, at(5), NOW))).toMatchObject({ code: "wrong-state", field: "at" });
    ok(trigger(pending, { fillPrice: 1.1 }, new Date(at(5).getTime() - 1), NOW));
  });
});

describe("back-dating", () => {
  const pending = published({ entryMethod: "limit" });

  it("accepts any time from the latest event up to now", () => {
    expect(ok(trigger(pending, { fillPrice: 1.1 }, T0, NOW)).event.occurredAt).toEqual(T0);
    expect(ok(trigger(pending, { fillPrice: 1.1 }, NOW, NOW)).event.occurredAt).toEqual(NOW);
    expect(ok(trigger(pending, { fillPrice: 1.1 }, undefined, NOW)).event.occurredAt).toEqual(NOW);
  });

  it("refuses a time before publish, before the latest event, in the future, or invalid", () => {
    expect(err(trigger(pending, { fillPrice: 1.1 }, new Date(T0.getTime() - 1), NOW))).toEqual({
      code: "invalid-field",
      field: "at",
      message: "Time cannot be before the signal was published (2026-11-23T08:00:00.000Z)",
    });
    const modified = ok(modify(pending, { sl: 1.096 }, at(3), NOW)).state;
    expect(err(trigger(modified, { fillPrice: 1.1 }, at(2), NOW))).toEqual({
      code: "invalid-field",
      field: "at",
      message: "Time cannot be before the signal's latest event (2026-11-23T11:00:00.000Z)",
    });
    expect(err(trigger(pending, { fillPrice: 1.1 }, new Date(NOW.getTime() + 1), NOW))).toMatchObject({ field: "at" });
    expect(err(trigger(pending, { fillPrice: 1.1 }, new Date(Number.NaN), NOW))).toMatchObject({ field: "at" });
  });
});

describe("modify", () => {
  it("moves levels of a PENDING signal against the entry, keeping the original stop", () => {
    const result = ok(modify(published({ entryMethod: "limit", tp2: 1.12 }), { sl: 1.096, tp2: 1.125 }, at(1), NOW));
    expect(result.event).toEqual({ type: "modified", occurredAt: at(1), payload: { sl: 1.096, tp2: 1.125 } });
    expect(result.state).toMatchObject({ sl: 1.096, tp1: 1.11, tp2: 1.125, originalSl: 1.095, status: "PENDING" });
  });

  it("checks an ACTIVE signal against its fill price and allows break-even", () => {
    const active = ok(trigger(published({ entryMethod: "stop" }), { fillPrice: 1.1004 }, at(1), NOW)).state;
    expect(err(modify(active, { tp1: 1.1003 }, at(2), NOW))).toEqual({
      code: "invalid-field",
      field: "tp1",
      message: "Take profit 1 must be above the fill price for a LONG signal",
    });
    expect(err(modify(active, { sl: 1.1005 }, at(2), NOW))).toMatchObject({
      field: "sl",
      message: "Stop loss must be below the fill price for a LONG signal",
    });
    const breakeven = ok(modify(active, { sl: 1.1004 }, at(2), NOW));
    expect(breakeven.state.sl).toBe(1.1004);
    expect(breakeven.state.originalSl).toBe(1.095);
  });

  it("checks only the rules a changed level takes part in", () => {
    const gapped = ok(trigger(published({ entryMethod: "stop" }), { fillPrice: 1.1105 }, at(1), NOW)).state;
    expect(ok(modify(gapped, { sl: 1.1105 }, at(2), NOW)).state.sl).toBe(1.1105);
    expect(err(modify(gapped, { tp1: 1.1104 }, at(2), NOW))).toMatchObject({ field: "tp1" });
    expect(ok(modify(gapped, { tp1: 1.12 }, at(2), NOW)).state.tp1).toBe(1.12);
    const withTp2 = published({ tp2: 1.12 });
    expect(err(modify(withTp2, { tp1: 1.125 }, at(1), NOW))).toEqual({
      code: "invalid-field",
      field: "tp2",
      message: "Take profit 2 must be above take profit 1 for a LONG signal",
    });
  });

  it("does not allow a PENDING stop at the entry", () => {
    expect(err(modify(published({ entryMethod: "limit" }), { sl: 1.1 }, at(1), NOW))).toMatchObject({ field: "sl" });
  });

  it("adds a second target to a signal that had none", () => {
    expect(ok(modify(published(), { tp2: 1.12 }, at(1), NOW)).state.tp2).toBe(1.12);
  });

  it("refuses no levels, unchanged levels and non-prices", () => {
    const active = published();
    expect(err(modify(active, {}, at(1), NOW))).toEqual({
      code: "invalid-field",
      field: "sl",
      message: "Give a new stop loss, take profit 1 or take profit 2",
    });
    expect(err(modify(active, { sl: 1.095, tp1: 1.11 }, at(1), NOW))).toMatchObject({
      message: "The new levels are the same as the current ones",
    });
    expect(err(modify(active, { tp1: 0 }, at(1), NOW))).toMatchObject({ field: "tp1", message: "Take profit 1 must be greater than 0" });
  });

  it("only records the levels that change", () => {
    expect(ok(modify(published(), { sl: 1.095, tp1: 1.112 }, at(1), NOW)).event.payload).toEqual({ tp1: 1.112 });
  });

  it("refuses ended signals and a PENDING one past expiry", () => {
    const closed = ok(close(published(), { exitPrice: 1.11, reason: "TP1" }, at(1), NOW)).state;
    expect(err(modify(closed, { sl: 1.096 }, at(2), NOW))).toMatchObject({ code: "wrong-state", field: "status" });
    const pending = published({ entryMethod: "limit", expiresAt: at(2) });
    expect(err(modify(pending, { sl: 1.096 }, at(3), NOW))).toMatchObject({ code: "wrong-state", field: "at" });
  });
});

describe("partialClose", () => {
  it("closes a share of an ACTIVE signal", () => {
    const result = ok(partialClose(published(), { exitPrice: 1.11, fraction: 0.5 }, at(1), NOW));
    expect(result.event).toEqual({
      type: "partially_closed",
      occurredAt: at(1),
      payload: { exitPrice: 1.11, fraction: 0.5, reason: "MANUAL" },
    });
    expect(result.state).toMatchObject({ status: "ACTIVE", remaining: 0.5, tp1Taken: false, exits: [{ exitPrice: 1.11, fraction: 0.5, at: at(1) }] });
  });

  it("marks the first target as taken when the reason is TP1", () => {
    expect(ok(partialClose(published(), { exitPrice: 1.11, fraction: 0.5, reason: "TP1" }, at(1), NOW)).state.tp1Taken).toBe(true);
  });

  it("tracks what remains without float noise", () => {
    let state = ok(partialClose(published(), { exitPrice: 1.105, fraction: 0.7 }, at(1), NOW)).state;
    expect(state.remaining).toBe(0.3);
    state = ok(partialClose(state, { exitPrice: 1.106, fraction: 0.1 }, at(2), NOW)).state;
    expect(state.remaining).toBe(0.2);
  });

  it("refuses a fraction of 0, at or above what is open, and an exit price of 0", () => {
    const half = ok(partialClose(published(), { exitPrice: 1.11, fraction: 0.5 }, at(1), NOW)).state;
    expect(err(partialClose(half, { exitPrice: 1.11, fraction: 0 }, at(2), NOW))).toEqual({
      code: "invalid-field",
      field: "fraction",
      message: "Fraction must be greater than 0",
    });
    expect(err(partialClose(half, { exitPrice: 1.11, fraction: 0.5 }, at(2), NOW))).toEqual({
      code: "invalid-field",
      field: "fraction",
      message: "Fraction must be less than the open part of the position (0.5); close the signal to exit all of it",
    });
    expect(err(partialClose(half, { exitPrice: 1.11, fraction: 0.6 }, at(2), NOW))).toMatchObject({ field: "fraction" });
    expect(err(partialClose(half, { exitPrice: 0, fraction: 0.1 }, at(2), NOW))).toMatchObject({ field: "exitPrice" });
    expect(err(partialClose(half, { exitPrice: 1.11, fraction: 0.1, reason: "SL" as never }, at(2), NOW))).toMatchObject({
      field: "reason",
    });
  });

  it("refuses a PENDING signal with 409", () => {
    expect(err(partialClose(published({ entryMethod: "limit" }), { exitPrice: 1.11, fraction: 0.5 }, at(1), NOW))).toMatchObject({
      code: "wrong-state",
      field: "status",
    });
  });
});

describe("close", () => {
  it("closes an ACTIVE signal and stores its outcome", () => {
    const result = ok(close(published(), { exitPrice: 1.11, reason: "TP1" }, at(3), NOW));
    expect(result.event).toEqual({ type: "closed", occurredAt: at(3), payload: { exitPrice: 1.11, reason: "TP1" } });
    expect(result.state).toMatchObject({ status: "CLOSED", remaining: 0, endedAt: at(3) });
    expect(result.state.outcome).toEqual({ exitPrice: 1.11, closeReason: "TP1", resultPips: 100, resultR: 2, closedAt: at(3) });
  });

  it("refuses a CLOSED, PENDING, CANCELLED or EXPIRED signal with 409", () => {
    const closed = ok(close(published(), { exitPrice: 1.11, reason: "TP1" }, at(1), NOW)).state;
    expect(err(close(closed, { exitPrice: 1.11, reason: "MANUAL" }, at(2), NOW))).toEqual({
      code: "wrong-state",
      field: "status",
      message: "This signal is CLOSED, so it cannot be closed. Only an ACTIVE signal can be closed.",
    });
    const pending = published({ entryMethod: "limit", expiresAt: at(2) });
    expect(err(close(pending, { exitPrice: 1.1, reason: "MANUAL" }, at(1), NOW)).code).toBe("wrong-state");
    const cancelled = ok(cancel(pending, {}, at(1), NOW)).state;
    expect(err(close(cancelled, { exitPrice: 1.1, reason: "MANUAL" }, at(1), NOW)).code).toBe("wrong-state");
    const expired = ok(expire(pending, NOW)).state;
    expect(err(close(expired, { exitPrice: 1.1, reason: "MANUAL" }, at(3), NOW)).code).toBe("wrong-state");
  });

  it("refuses an exit price of 0, an unknown reason, and EXPIRY before expiry", () => {
    const active = published({ expiresAt: at(5) });
    expect(err(close(active, { exitPrice: 0, reason: "MANUAL" }, at(1), NOW))).toEqual({
      code: "invalid-field",
      field: "exitPrice",
      message: "Exit price must be greater than 0",
    });
    expect(err(close(active, { exitPrice: 1.1, reason: "PROFIT" as never }, at(1), NOW))).toMatchObject({
      field: "reason",
      message: "Reason must be one of TP1, TP2, SL, BREAKEVEN, MANUAL, EXPIRY",
    });
    expect(err(close(active, { exitPrice: 1.1, reason: "EXPIRY" }, at(4), NOW))).toMatchObject({ field: "reason" });
    expect(ok(close(active, { exitPrice: 1.1012, reason: "EXPIRY" }, at(5), NOW)).state.outcome?.closeReason).toBe("EXPIRY");
  });
});

describe("cancel", () => {
  it("cancels a PENDING signal with an optional trimmed note", () => {
    const pending = published({ entryMethod: "stop" });
    const withNote = ok(cancel(pending, { note: "  News spike  " }, at(1), NOW));
    expect(withNote.event).toEqual({ type: "cancelled", occurredAt: at(1), payload: { note: "News spike" } });
    expect(withNote.state).toMatchObject({ status: "CANCELLED", endedAt: at(1), outcome: null });
    expect(ok(cancel(pending, { note: "   " }, at(1), NOW)).event.payload).toEqual({});
    expect(ok(cancel(pending, {}, at(1), NOW)).event.payload).toEqual({});
  });

  it("refuses an ACTIVE signal: it must be closed", () => {
    expect(err(cancel(published(), {}, at(1), NOW))).toEqual({
      code: "wrong-state",
      field: "status",
      message: "This signal is ACTIVE, so it cannot be cancelled. It is in the market: close it instead.",
    });
  });

  it("refuses an ended signal, a note over 500 characters, and a time past expiry", () => {
    const pending = published({ entryMethod: "limit", expiresAt: at(2) });
    const cancelled = ok(cancel(pending, {}, at(1), NOW)).state;
    expect(err(cancel(cancelled, {}, at(1), NOW))).toMatchObject({ code: "wrong-state", field: "status" });
    expect(err(cancel(pending, { note: "x".repeat(501) }, at(1), NOW))).toMatchObject({ field: "note" });
    ok(cancel(pending, { note: "x".repeat(500) }, at(1), NOW));
    expect(err(cancel(pending, {}, at(2), NOW))).toMatchObject({ code: "wrong-state", field: "at" });
  });
});

describe("expire", () => {
  it("expires a PENDING signal, dated at its expiry", () => {
    const pending = published({ entryMethod: "limit", expiresAt: at(4) });
    const result = ok(expire(pending, NOW));
    expect(result.event).toEqual({ type: "expired", occurredAt: at(4), payload: {} });
    expect(result.state).toMatchObject({ status: "EXPIRED", endedAt: at(4), fillPrice: null });
    expect(ok(expire(pending, at(4))).event.occurredAt).toEqual(at(4));
  });

  it("refuses before expiry, and for an ACTIVE signal (which closes with EXPIRY instead)", () => {
    const pending = published({ entryMethod: "limit", expiresAt: at(12) });
    expect(err(expire(pending, NOW))).toEqual({
      code: "wrong-state",
      field: "expiresAt",
      message: "The signal does not expire until 2026-11-23T20:00:00.000Z",
    });
    expect(err(expire(published({ expiresAt: at(4) }), NOW))).toMatchObject({ code: "wrong-state", field: "status" });
  });
});

describe("isOverdue and isEnded", () => {
  it("flags open signals past their expiry, never ended ones", () => {
    const active = published({ expiresAt: at(4) });
    expect(isOverdue(active, at(3))).toBe(false);
    expect(isOverdue(active, at(4))).toBe(true);
    const closed = ok(close(active, { exitPrice: 1.1, reason: "EXPIRY" }, at(4), NOW)).state;
    expect(isOverdue(closed, NOW)).toBe(false);
    expect(isOverdue(published({ entryMethod: "limit", expiresAt: at(4) }), NOW)).toBe(true);
  });

  it("knows the ended statuses", () => {
    expect(["PENDING", "ACTIVE", "CLOSED", "CANCELLED", "EXPIRED"].map((s) => isEnded(s as SignalState["status"]))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe("projection", () => {
  it("rebuilds the state each decision returned from the events alone", () => {
    const events: SignalEvent[] = [];
    let result = ok(publish(input({ entryMethod: "limit", tp2: 1.12 }), T0, NOW));
    events.push(result.event);
    result = ok(modify(result.state, { sl: 1.096 }, at(1), NOW));
    events.push(result.event);
    result = ok(trigger(result.state, { fillPrice: 1.1 }, at(2), NOW));
    events.push(result.event);
    result = ok(partialClose(result.state, { exitPrice: 1.11, fraction: 0.5, reason: "TP1" }, at(3), NOW));
    events.push(result.event);
    result = ok(modify(result.state, { sl: 1.1 }, at(3), NOW));
    events.push(result.event);
    result = ok(close(result.state, { exitPrice: 1.12, reason: "TP2" }, at(4), NOW));
    events.push(result.event);
    expect(projectSignal(events)).toEqual(result.state);
    expect(result.state.outcome).toEqual({ exitPrice: 1.115, closeReason: "TP2", resultPips: 150, resultR: 3, closedAt: at(4) });
    expect(result.state.originalSl).toBe(1.095);
    expect(result.state.exits).toHaveLength(2);
  });

  it("refuses histories that do not start with one published event", () => {
    const state = published();
    const first = ok(publish(input(), T0, NOW)).event;
    expect(() => projectSignal([])).toThrow("at least its published event");
    expect(() => applyEvent(null, { type: "triggered", occurredAt: T0, payload: { fillPrice: 1.1 } })).toThrow("published signal first");
    expect(() => applyEvent(state, first)).toThrow("only once");
  });
});

describe("outcome maths", () => {
  it("EURUSD: a full win, a loss and break-even", () => {
    const win = ok(close(activeLimit(), { exitPrice: 1.1075, reason: "MANUAL" }, at(2), NOW)).state.outcome;
    expect(win).toMatchObject({ resultPips: 75, resultR: 1.5 });
    const loss = ok(close(activeLimit(), { exitPrice: 1.095, reason: "SL" }, at(2), NOW)).state.outcome;
    expect(loss).toMatchObject({ resultPips: -50, resultR: -1, exitPrice: 1.095, closeReason: "SL" });
    const breakeven = ok(close(activeLimit(), { exitPrice: 1.1, reason: "BREAKEVEN" }, at(2), NOW)).state.outcome;
    expect(breakeven).toMatchObject({ resultPips: 0, resultR: 0 });
  });

  it("measures results to 0.1 pip from the fill, without float noise", () => {
    // 1.1 − 1.0999 in binary is 0.00010000000000021103; still exactly one pip.
    const outcome = ok(close(activeLimit(), { exitPrice: 1.10013, reason: "MANUAL" }, at(2), NOW)).state.outcome;
    expect(outcome).toMatchObject({ resultPips: 1.3, resultR: 0.03 });
    expect(tenthsOfPip(1.0999, 1.1, 0.0001)).toBe(10);
    expect(tenthsOfPip(1.1, 1.0999, 0.0001)).toBe(-10);
    expect(samePrice(0.1 + 0.2, 0.3, 0.0001)).toBe(true);
  });

  it("SHORT: the result counts the other way", () => {
    const short = activeLimit({ side: "SHORT", entryPrice: 1.1, sl: 1.104, tp1: 1.092 });
    const outcome = ok(close(short, { exitPrice: 1.092, reason: "TP1" }, at(2), NOW)).state.outcome;
    expect(outcome).toMatchObject({ resultPips: 80, resultR: 2 });
    const loss = ok(close(short, { exitPrice: 1.1046, reason: "SL" }, at(2), NOW)).state.outcome;
    expect(loss).toMatchObject({ resultPips: -46, resultR: -1.15 });
  });

  it("USDJPY: pips of 0.01", () => {
    const jpy = activeLimit({ symbol: "USDJPY", entryPrice: 150.25, sl: 149.75, tp1: 151.25, pipSize: 0.01 });
    const outcome = ok(close(jpy, { exitPrice: 151.013, reason: "MANUAL" }, at(2), NOW)).state.outcome;
    expect(outcome).toMatchObject({ resultPips: 76.3, resultR: 1.53 });
  });

  it("XAUUSD: pips of 0.01 (one cent), as position-size.ts", () => {
    const gold = activeLimit({ symbol: "XAUUSD", side: "SHORT", entryPrice: 2650.5, sl: 2660.5, tp1: 2630.5, pipSize: 0.01 });
    const outcome = ok(close(gold, { exitPrice: 2635.25, reason: "MANUAL" }, at(2), NOW)).state.outcome;
    expect(outcome).toMatchObject({ resultPips: 1525, resultR: 1.53, exitPrice: 2635.25 });
  });

  it("weights partial closes by fraction, VWAP exit included", () => {
    let state = activeLimit({ tp2: 1.12 });
    state = ok(partialClose(state, { exitPrice: 1.11, fraction: 0.25 }, at(2), NOW)).state;
    state = ok(partialClose(state, { exitPrice: 1.105, fraction: 0.25 }, at(3), NOW)).state;
    state = ok(close(state, { exitPrice: 1.098, reason: "MANUAL" }, at(4), NOW)).state;
    // 0.25 × 100 + 0.25 × 50 + 0.5 × (−20) = 27.5 pips; 27.5 / 50 = 0.55 R.
    expect(state.outcome).toEqual({ exitPrice: 1.10275, closeReason: "MANUAL", resultPips: 27.5, resultR: 0.55, closedAt: at(4) });
    expect(state.exits.map((e) => e.fraction)).toEqual([0.25, 0.25, 0.5]);
  });

  it("rounds weighted thirds to 0.1 pip and 0.01 R, half away from zero", () => {
    let state = activeLimit();
    state = ok(partialClose(state, { exitPrice: 1.1001, fraction: 1 / 3 }, at(2), NOW)).state;
    state = ok(close(state, { exitPrice: 1.1, reason: "MANUAL" }, at(3), NOW)).state;
    expect(state.outcome).toMatchObject({ resultPips: 0.3, resultR: 0.01 });
    const outcome = computeOutcome(
      { side: "LONG", entryPrice: 1.1, originalSl: 1.098, fillPrice: 1.1, pipSize: 0.0001 },
      [{ exitPrice: 1.09995, fraction: 1, at: at(2) }],
      "MANUAL",
    );
    expect(outcome).toMatchObject({ resultPips: -0.5, resultR: -0.03 });
  });

  it("takes R against the published entry and first stop, even after the stop moved", () => {
    let state = published({ entryMethod: "stop" });
    state = ok(modify(state, { sl: 1.098 }, at(1), NOW)).state;
    state = ok(trigger(state, { fillPrice: 1.1005 }, at(2), NOW)).state;
    state = ok(close(state, { exitPrice: 1.1105, reason: "TP1" }, at(3), NOW)).state;
    // 100 pips from the fill over the 50-pip planned risk (1.1 to the first stop 1.095).
    expect(state.outcome).toMatchObject({ resultPips: 100, resultR: 2 });
  });

  it("throws when asked for the outcome of an unfilled signal", () => {
    expect(() => computeOutcome(published({ entryMethod: "limit" }), [], "MANUAL")).toThrow();
  });
});
