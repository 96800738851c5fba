/** My Strategies' pure pieces: tab parsing and URLs, Live Signals rows, the 'Strategies Updated' toast. */
import { describe, expect, it } from "vitest";
import type { Signal } from "../../db/schema";
import { parseTab, strategiesSavedToast, tabUrl, toPortalSignal } from "~/domain/my-strategies";

const base: Signal = {
  id: 7,
  strategyId: 1,
  symbol: "EURUSD",
  side: "LONG",
  entryMethod: "limit",
  entryPrice: 1.085,
  sl: 1.08,
  tp1: 1.09,
  tp2: 1.095,
  status: "ACTIVE",
  rationale: null,
  createdById: null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  expiresAt: new Date("2026-11-21T10:00:00Z"),
  closedAt: null,
} as Signal;

describe("tabs", () => {
  it("parses ?tab= case-insensitively, defaulting to overview", () => {
    expect(parseTab("SIGNALS")).toBe("signals");
    expect(parseTab("settings")).toBe("settings");
    expect(parseTab("nonsense")).toBe("overview");
    expect(parseTab(null)).toBe("overview");
    expect(tabUrl("performance")).toBe("/portal/strategies?tab=performance");
  });
});

describe("toPortalSignal", () => {
  it("offers a ticket and actions on an entitled ACTIVE signal", () => {
    const row = toPortalSignal(base, new Set([1]), "Alpha Swing");
    expect(row).toMatchObject({ locked: false, actionable: true, strategyName: "Alpha Swing" });
    expect(row.ticket).toContain("EURUSD LONG");
    expect(row.ticket).toContain("Strategy: Alpha Swing");
  });

  it("locks an ACTIVE signal outside the plan, with no ticket", () => {
    expect(toPortalSignal(base, new Set([2]), "Alpha Swing")).toMatchObject({ locked: true, actionable: false, ticket: null, entryPrice: null });
  });

  it("shows a closed signal in full without actions", () => {
    const closed = toPortalSignal({ ...base, status: "CLOSED", closedAt: new Date("2026-11-20T12:00:00Z") }, new Set(), "Alpha Swing");
    expect(closed).toMatchObject({ locked: false, actionable: false, ticket: null, entryPrice: 1.085 });
  });
});

describe("strategiesSavedToast", () => {
  it("counts the strategies followed", () => {
    expect(strategiesSavedToast(1)).toEqual({ title: "Strategies Updated", description: "You now follow 1 strategy." });
    expect(strategiesSavedToast(3)).toEqual({ title: "Strategies Updated", description: "You now follow 3 strategies." });
  });
});
