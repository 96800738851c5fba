/**
 * A signal as a plain-text trade ticket, for "Copy to Clipboard" on
 * /portal/strategies (pasted into a trading platform, a note or a chat).
 */
import type { ApiSignal } from "./signals";
import { formatDateTime, formatPrice } from "./signal-display";

/** The fields a ticket reads; loader JSON of `ApiSignal` fits. */
export type TicketSignal = Pick<ApiSignal, "symbol" | "side" | "entryJson" | "sl" | "tpJson" | "expiresAt" | "locked">;

/**
 * The ticket, one fact per line, prices with the instrument's decimals and the
 * expiry in UTC, e.g.
 * ```
 * EURUSD LONG
 * Entry: 1.08500 (limit)
 * Stop loss: 1.08000
 * TP1: 1.09000
 * TP2: —
 * Expires: Nov 23, 2026, 14:00 UTC
 * Strategy: Alpha Swing
 * ```
 * A locked signal (price levels withheld) shows '—' for every price.
 */
export function signalTicket(signal: TicketSignal, strategyName: string): string {
  const price = (value: number | null | undefined) => formatPrice(signal.symbol, signal.locked ? null : value);
  return [
    `${signal.symbol} ${signal.side}`,
    `Entry: ${price(signal.entryJson.price)} (${signal.entryJson.method})`,
    `Stop loss: ${price(signal.sl)}`,
    `TP1: ${price(signal.tpJson.tp1)}`,
    `TP2: ${price(signal.tpJson.tp2)}`,
    `Expires: ${formatDateTime(signal.expiresAt)}`,
    `Strategy: ${strategyName}`,
  ].join("\n");
}
