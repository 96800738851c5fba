/**
 * A signal's ledger events as sentences subscribers understand, for the
 * signal page's timeline: "Stop moved 1.08000 → 1.08500 (breakeven)",
 * "50% closed at 1.09000 (TP1), +0.50 R", "Closed at 1.09500 (TP2), +1.50 R total".
 * The events are folded in order (`applyEvent`) so each sentence can name
 * what changed. Pure.
 *
 * R of a partial exit (its share of the whole position's result):
 *   fraction × d × tenthsOfPip(fill, exit) / |tenthsOfPip(entry, originalSl)|, to 0.01 R,
 * the per-exit term of `computeOutcome` (signal-lifecycle.ts), so the partial
 * sentences and the final "R total" agree.
 */
import { formatPrice } from "./signal-display";
import { applyEvent, samePrice, tenthsOfPip, type SignalEvent, type SignalState } from "./signal-lifecycle";

/** An event as the page has it: type, time (ISO 8601) and payload text (null while hidden). */
export interface StoryEvent {
  type: string;
  occurredAt: string;
  payload: string | null;
}

/** `value` in R with its sign and two decimals: +0.50, −1.00. */
export function formatR(value: number): string {
  return `${value < 0 ? "−" : "+"}${Math.abs(value).toFixed(2)}`;
}

/** A share of the position as a percentage: 0.5 → "50%", 0.333 → "33.3%". */
function percent(fraction: number): string {
  return `${Number((fraction * 100).toPrecision(12)).toFixed(1).replace(/\.0$/, "")}%`;
}

/** The R a partial exit adds to the whole position's result, to 0.01 R (see the module doc). */
function partialR(state: SignalState, exitPrice: number, fraction: number): number {
  if (state.fillPrice === null) return 0;
  const direction = state.side === "LONG" ? 1 : -1;
  const risk = Math.abs(tenthsOfPip(state.entryPrice, state.originalSl, state.pipSize));
  const hundredths = Number(((fraction * direction * tenthsOfPip(state.fillPrice, exitPrice, state.pipSize) * 100) / risk).toPrecision(12));
  return (Math.sign(hundredths) * Math.round(Math.abs(hundredths))) / 100;
}

function sentence(before: SignalState | null, event: SignalEvent, after: SignalState): string {
  const price = (value: number | null) => formatPrice(after.symbol, value);
  switch (event.type) {
    case "published":
      return `Published: ${after.side === "LONG" ? "buy" : "sell"} ${after.symbol} ${after.entryMethod === "market" ? "at market" : `${after.entryMethod} at`} ${price(after.entryPrice)}, stop ${price(after.sl)}, target ${price(after.tp1)}${after.tp2 !== null ? ` then ${price(after.tp2)}` : ""}`;
    case "triggered":
      return `Filled at ${price(event.payload.fillPrice)}`;
    case "modified": {
      const parts: string[] = [];
      if (before && event.payload.sl !== undefined) {
        const breakeven = after.fillPrice !== null && samePrice(event.payload.sl, after.fillPrice, after.pipSize);
        parts.push(`Stop moved ${price(before.sl)} → ${price(event.payload.sl)}${breakeven ? " (breakeven)" : ""}`);
      }
      if (before && event.payload.tp1 !== undefined) parts.push(`Target 1 moved ${price(before.tp1)} → ${price(event.payload.tp1)}`);
      if (before && event.payload.tp2 !== undefined) parts.push(`Target 2 moved ${price(before.tp2)} → ${price(event.payload.tp2)}`);
      return parts.join("; ");
    }
    case "partially_closed":
      return `${percent(event.payload.fraction)} closed at ${price(event.payload.exitPrice)} (${event.payload.reason}), ${formatR(before ? partialR(before, event.payload.exitPrice, event.payload.fraction) : 0)} R`;
    case "closed": {
      if (event.payload.exitPrice === null || !after.outcome) return `Closed (${event.payload.reason}), recorded when the ledger started`;
      return `Closed at ${price(event.payload.exitPrice)} (${event.payload.reason}), ${formatR(after.outcome.resultR)} R total`;
    }
    case "cancelled":
      return event.payload.note ? `Cancelled: ${event.payload.note}` : "Cancelled";
    case "expired":
      return "Expired without a fill";
  }
}

/**
 * One sentence per event, in order; null for an event whose payload (or an
 * earlier one's) is hidden, or that cannot be read.
 */
export function storySentences(events: readonly StoryEvent[]): Array<string | null> {
  let state: SignalState | null = null;
  let readable = true;
  return events.map((raw) => {
    if (!readable || raw.payload === null) {
      readable = false;
      return null;
    }
    try {
      const event = { type: raw.type, occurredAt: new Date(raw.occurredAt), payload: JSON.parse(raw.payload) } as SignalEvent;
      const before: SignalState | null = state;
      state = applyEvent(before, event);
      return sentence(before, event, state);
    } catch {
      readable = false;
      return null;
    }
  });
}

/** What the levels box shows beyond the row: the published and the current stop, and each exit (price, share of the position). */
export interface StoryLevels {
  originalSl: number;
  currentSl: number;
  exits: Array<{ exitPrice: number; fraction: number }>;
}

/** The fold's stops and exits, or null while any payload is hidden or cannot be read. */
export function storyLevels(events: readonly StoryEvent[]): StoryLevels | null {
  let state: SignalState | null = null;
  try {
    for (const raw of events) {
      if (raw.payload === null) return null;
      state = applyEvent(state, { type: raw.type, occurredAt: new Date(raw.occurredAt), payload: JSON.parse(raw.payload) } as SignalEvent);
    }
  } catch {
    return null;
  }
  if (!state) return null;
  return { originalSl: state.originalSl, currentSl: state.sl, exits: state.exits.map(({ exitPrice, fraction }) => ({ exitPrice, fraction })) };
}

/** "average of 2 exits: 1.09000 (50%), 1.09500 (50%)" for more than one exit, else null. */
export function exitsText(symbol: string, exits: StoryLevels["exits"]): string | null {
  if (exits.length < 2) return null;
  return `average of ${exits.length} exits: ${exits.map((exit) => `${formatPrice(symbol, exit.exitPrice)} (${percent(exit.fraction)})`).join(", ")}`;
}
