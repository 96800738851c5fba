/** The plain-text trade ticket behind "Copy to Clipboard". */
import { describe, expect, it } from "vitest";
import { signalTicket, type TicketSignal } from "~/domain/signal-ticket";

function signal(extra: Partial<TicketSignal> = {}): TicketSignal {
  return {
    symbol: "EURUSD",
    side: "LONG",
    entryJson: { price: 1.085, method: "limit" },
    sl: 1.08,
    tpJson: { tp1: 1.09, tp2: 1.095 },
    expiresAt: "2026-11-23T14:00:00.000Z",
    locked: false,
    ...extra,
  };
}

describe("signalTicket", () => {
  it("lists symbol, side, entry and method, SL, TPs, UTC expiry and strategy", () => {
    expect(signalTicket(signal(), "Alpha Swing")).toBe(
      [
        "EURUSD LONG",
        "Entry: 1.08500 (limit)",
        "Stop loss: 1.08000",
        "TP1: 1.09000",
        "TP2: 1.09500",
        "Expires: Nov 23, 2026, 14:00 UTC",
        "Strategy: Alpha Swing",
      ].join("\n"),
    );
  });

  it("shows '—' for a missing TP2", () => {
    expect(signalTicket(signal({ tpJson: { tp1: 1.09, tp2: null } }), "Alpha Swing").split("\n")[4]).toBe("TP2: —");
  });

  it("uses the instrument's decimals (gold 2, JPY 3)", () => {
    const gold = signalTicket(
      signal({ symbol: "XAUUSD", side: "SHORT", entryJson: { price: 2650.5, method: "market" }, sl: 2660, tpJson: { tp1: 2630, tp2: null } }),
      "Gold Intraday",
    );
    expect(gold).toContain("XAUUSD SHORT");
    expect(gold).toContain("Entry: 2650.50 (market)");
    expect(gold).toContain("Stop loss: 2660.00");
    const yen = signalTicket(signal({ symbol: "USDJPY", entryJson: { price: 151.2, method: "stop" }, sl: 150.7, tpJson: { tp1: 152, tp2: 152.5 } }), "X");
    expect(yen).toContain("Entry: 151.200 (stop)");
    expect(yen).toContain("TP2: 152.500");
  });

  it("withholds every price of a locked signal", () => {
    const text = signalTicket(signal({ locked: true }), "Alpha Swing");
    expect(text).toContain("Entry: — (limit)");
    expect(text).toContain("Stop loss: —");
    expect(text).not.toMatch(/1\.0/);
  });
});
