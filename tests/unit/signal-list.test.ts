/**
 * The signal list renders each signal once, in one table whose rows become
 * cards on narrow screens: column headings for every value, a label above
 * each price for the card layout, the side tint, the unlock call to action
 * on a locked signal and "Size this trade" on an unlocked one.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SignalList, type SignalListItem } from "~/components/signal-list";

const NOW = "2026-11-20T12:00:00.000Z";

const open: SignalListItem = {
  id: 7,
  strategyId: 1,
  symbol: "EURUSD",
  side: "LONG",
  status: "ACTIVE",
  entryJson: { price: 1.085, method: "limit" },
  sl: 1.08,
  tpJson: { tp1: 1.09, tp2: 1.095 },
  rationale: "Higher low on H4.",
  createdAt: "2026-11-20T11:30:00.000Z",
  expiresAt: "2026-11-21T14:05:00.000Z",
  locked: false,
};

const locked: SignalListItem = {
  ...open,
  id: 8,
  strategyId: 2,
  symbol: "USDJPY",
  side: "SHORT",
  entryJson: { price: null, method: "market" },
  sl: null,
  tpJson: { tp1: null, tp2: null },
  rationale: null,
  locked: true,
};

function render(signals: SignalListItem[]): string {
  const element = createElement(SignalList, {
    signals,
    now: NOW,
    tint: true,
    emptyText: "No signals",
    label: "Recent signals",
    strategyNames: { 1: "Alpha Swing", 2: "London Breakout" },
    unlock: { viewer: "visitor" },
  });
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToStaticMarkup(createElement(RouterProvider, { router }) as ReactElement);
  } finally {
    console.error = original;
  }
}

function count(html: string, text: string): number {
  return html.split(text).length - 1;
}

describe("SignalList", () => {
  it("renders each signal once, in one table with a heading for every column", () => {
    const html = render([open, locked]);
    expect(count(html, "<table")).toBe(1);
    expect(count(html, 'data-testid="signal-row"')).toBe(2);
    expect(count(html, 'href="/signals/7"')).toBe(1);
    expect(count(html, 'href="/signals/8"')).toBe(1);
    for (const heading of ["Symbol / Side", "Status", "Entry", "SL", "TP1", "TP2", "Created / Expires"]) {
      expect(html).toContain(`scope="col" class="px-2.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">${heading}</th>`);
    }
  });

  it("labels each price for the card layout, hidden from assistive technology that reads the column headings", () => {
    const html = render([open]);
    for (const [label, value] of [["Entry", "1.08500"], ["SL", "1.08000"], ["TP1", "1.09000"], ["TP2", "1.09500"]]) {
      expect(html).toContain(`<td role="cell" class="signal-price"><span aria-hidden="true" class="signal-label">${label}</span>${value}`);
    }
    expect(html).toContain("Limit");
    expect(html).toContain("30 min ago");
    expect(html).toContain("Exp. <time");
    expect(html).toContain("Nov 21, 14:05 UTC");
    expect(html).toContain("Alpha Swing");
    expect(html).toContain("<span class=\"font-semibold\">Rationale: </span>Higher low on H4.");
  });

  it("tints rows by side and offers the unlock call to action instead of the levels of a locked signal", () => {
    const html = render([open, locked]);
    expect(html).toMatch(/data-side="LONG" data-testid="signal-row" class="bg-green-50/);
    expect(html).toMatch(/data-side="SHORT" data-testid="signal-row" class="bg-red-50/);
    expect(html).toContain('<table role="table" class="signal-list');
    expect(count(html, 'data-testid="size-this-trade"')).toBe(1);
    expect(html).toContain('href="/tools?symbol=EURUSD');
    expect(count(html, "Start a free trial")).toBe(1);
    expect(html).toContain("Market entry");
  });

  it("shows the empty text when there are no signals", () => {
    const html = render([]);
    expect(html).toContain("No signals");
    expect(html).not.toContain("<table");
  });
});
