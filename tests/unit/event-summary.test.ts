import { describe, expect, it } from "vitest";
import { eventSummary, type SignalBefore } from "~/domain/event-summary";

/** EURUSD LONG filled at 1.08500, stop 1.08000 (50 pips = 1 R), TP1 1.09000, TP2 1.09500. */
const before: SignalBefore = {
  symbol: "EURUSD",
  side: "LONG",
  sl: 1.08,
  tp1: 1.09,
  tp2: 1.095,
  fillPrice: 1.085,
  entryPrice: 1.085,
  originalSl: 1.08,
  expiresAt: new Date("2026-11-30T12:00:00.000Z"),
};

describe("eventSummary", () => {
  it("shows each modified level old → new, and only which levels changed to a locked recipient", () => {
    const event = { type: "modified" as const, payload: { sl: 1.0825, tp2: 1.1 } };
    expect(eventSummary(event, before, false)).toEqual(["Stop loss: 1.08000 → 1.08250", "Take profit 2: 1.09500 → 1.10000"]);
    expect(eventSummary(event, before, true)).toEqual(["Levels changed: stop loss, take profit 2"]);
  });

  it("gives a partial close's share, price, level and R (and no price when locked); SHORT mirrors the sign", () => {
    const event = { type: "partially_closed" as const, payload: { exitPrice: 1.09, fraction: 0.5, reason: "TP1" as const } };
    expect(eventSummary(event, before, false)).toEqual(["Closed 50% at 1.09000 (take profit 1): +1.00 R on that part"]);
    expect(eventSummary(event, before, true)).toEqual(["Closed 50%: +1.00 R on that part"]);
    const short = { ...before, side: "SHORT" as const, originalSl: 1.09, sl: 1.09, tp1: 1.08 };
    expect(eventSummary({ type: "partially_closed", payload: { exitPrice: 1.0875, fraction: 0.25, reason: "MANUAL" } }, short, false)).toEqual([
      "Closed 25% at 1.08750 (closed by the desk): −0.50 R on that part",
    ]);
  });

  it("gives a close's reason, exit and result in pips and R", () => {
    const event = { type: "closed" as const, payload: { exitPrice: 1.08, reason: "SL" as const }, outcome: { exitPrice: 1.08, resultPips: -50, resultR: -1 } };
    expect(eventSummary(event, before, true)).toEqual(["Closed: stop loss hit", "Exit: 1.08000", "Result: −50.0 pips (−1.00 R)"]);
  });

  it("says why a signal was cancelled or expired", () => {
    expect(eventSummary({ type: "cancelled", payload: { note: " Setup invalidated " } }, before, false)).toEqual(["Cancelled by the desk: Setup invalidated"]);
    expect(eventSummary({ type: "cancelled", payload: {} }, before, false)).toEqual(["Cancelled by the desk; no reason was given."]);
    expect(eventSummary({ type: "expired" }, before, false)).toEqual(["Expired: the entry price was not reached before Nov 30, 2026, 12:00 UTC."]);
  });
});
