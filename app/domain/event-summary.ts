/**
 * What happened, in words, for one signal event: the lines every channel's
 * message (email, Telegram, push, the live toast) adds under its headline
 * (docs/decisions/0161-messages-say-what-happened.md). Pure.
 *
 * - modified: each changed level, old → new ("Stop loss: 1.08000 → 1.08500");
 * - partially closed: share closed, exit price, the level it was taken at
 *   and that part's result in R ("Closed 50% at 1.09000 (take profit 1): +1.00 R on that part");
 * - closed: reason, exit price and the result in pips and R;
 * - cancelled: the desk's note, or that none was given;
 * - expired: the entry was not reached before the expiry time.
 * A recipient who may not see levels (`locked`) gets no prices: which levels
 * changed, the share closed and the results only.
 *
 * R of a part: (exit − fill) / (fill − original stop) for LONG, mirrored for
 * SHORT (the risk unit of `SignalOutcome.resultR`, app/domain/signal-lifecycle.ts), to 0.01.
 */
import { EVENT_SUMMARY_TEXTS as T } from "~/content/delivery";
import { formatDateTime, formatPrice } from "./signal-display";
import type { CloseReason, PartialCloseReason, SignalSide } from "./signal-lifecycle";

/** The signal as it stood just before the event (levels in quote currency). */
export interface SignalBefore {
  symbol: string;
  side: SignalSide;
  sl: number;
  tp1: number;
  tp2: number | null;
  /** The fill price, or the entry price while unfilled. */
  fillPrice: number | null;
  entryPrice: number;
  originalSl: number;
  expiresAt: Date;
}

/** The event: its type (without the `signal.` prefix), its ledger payload, and the outcome after a close. */
export type SummaryEvent =
  | { type: "published" | "triggered" }
  | { type: "modified"; payload: { sl?: number; tp1?: number; tp2?: number } }
  | { type: "partially_closed"; payload: { exitPrice: number; fraction: number; reason: PartialCloseReason } }
  | { type: "closed"; payload: { exitPrice: number | null; reason: CloseReason }; outcome: { exitPrice: number; resultPips: number; resultR: number } | null }
  | { type: "cancelled"; payload: { note?: string } }
  | { type: "expired" };

/** '+1.50 R' / '−0.80 R' (signed, 2 decimals). */
export function signedR(r: number): string {
  return `${r >= 0 ? "+" : "−"}${Math.abs(r).toFixed(2)} R`;
}

/** '+75.0 pips' / '−20.0 pips' (signed, 1 decimal). */
export function signedPips(pips: number): string {
  return `${pips >= 0 ? "+" : "−"}${Math.abs(pips).toFixed(1)} pips`;
}

/** The result in R of exiting at `exit`, relative to the fill and the original stop; 0 when there is no risk distance. */
function partR(before: SignalBefore, exit: number): number {
  const entry = before.fillPrice ?? before.entryPrice;
  const risk = Math.abs(entry - before.originalSl);
  if (risk === 0) return 0;
  const move = before.side === "LONG" ? exit - entry : entry - exit;
  return Math.round((move / risk) * 100) / 100;
}

/**
 * The lines that say what `event` did to the signal that stood as `before`.
 * @param locked true when the recipient may not see this signal's levels.
 * @returns zero or more lines (published and triggered need none: their levels are the message).
 */
export function eventSummary(event: SummaryEvent, before: SignalBefore, locked: boolean): string[] {
  const price = (value: number) => formatPrice(before.symbol, value);
  switch (event.type) {
    case "published":
    case "triggered":
      return [];
    case "modified": {
      const changes = (["sl", "tp1", "tp2"] as const).flatMap((key) => {
        const next = event.payload[key];
        if (next === undefined) return [];
        const old = before[key];
        return [{ label: T.levels[key], line: `${T.levels[key]}: ${old === null ? T.none : price(old)} → ${price(next)}` }];
      });
      if (locked) return [`${T.changed}: ${changes.map((c) => c.label.toLowerCase()).join(", ")}`];
      return changes.map((c) => c.line);
    }
    case "partially_closed": {
      const { exitPrice, fraction, reason } = event.payload;
      const share = `${Math.round(fraction * 1000) / 10}%`;
      const at = locked ? "" : ` at ${price(exitPrice)} (${T.partialReasons[reason]})`;
      return [`${T.partialClosed} ${share}${at}: ${signedR(partR(before, exitPrice))} ${T.onThatPart}`];
    }
    case "closed": {
      const reason = T.closeReasons[event.payload.reason];
      if (!event.outcome) return [`${T.closedBy}: ${reason}`];
      return [
        `${T.closedBy}: ${reason}`,
        `${T.exit}: ${price(event.outcome.exitPrice)}`,
        `${T.result}: ${signedPips(event.outcome.resultPips)} (${signedR(event.outcome.resultR)})`,
      ];
    }
    case "cancelled":
      return [event.payload.note?.trim() ? `${T.cancelledWhy}: ${event.payload.note.trim()}` : T.cancelledNoNote];
    case "expired":
      return [`${T.expired} ${formatDateTime(before.expiresAt)}.`];
  }
}
