/**
 * The signal lifecycle as pure transitions (docs/decisions/0022-signal-lifecycle-rules.md).
 *
 * A signal is a projection of its events: `published`, then any of
 * `triggered`, `modified`, `partially_closed`, and at most one ending event
 * (`closed`, `cancelled` or `expired`). Each decision function (`publish`,
 * `trigger`, `modify`, `partialClose`, `close`, `cancel`, `expire`) takes the
 * current state, its input, the event time `at` (undefined → `now`) and `now`,
 * validates, and returns the event to append together with the state after it
 * (`applyEvent`), or a field-named error. No I/O, no clock: the model appends
 * the event to the ledger and writes the projected row in one transaction.
 *
 * Units: prices are in the instrument's quote currency; `pipSize` is price
 * units per pip (0.0001 EURUSD, 0.01 USDJPY, 0.01 XAUUSD as in
 * `position-size.ts`); fractions are shares of the ORIGINAL position (1 = all
 * of it); times are UTC instants. Payload times are ISO 8601 strings so that
 * payloads are plain JSON for the ledger.
 *
 * Price arithmetic avoids binary float noise the way `position-size.ts` does:
 * distances are converted to integer tenths of a pip (after rounding to 12
 * significant digits), and prices are only compared for equality as tenths.
 */

export const LIFECYCLE_STATUSES = ["PENDING", "ACTIVE", "CLOSED", "CANCELLED", "EXPIRED"] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export const CLOSE_REASONS = ["TP1", "TP2", "SL", "BREAKEVEN", "MANUAL", "EXPIRY"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** Why part of a position was closed: at the first target by the price replay, or by the desk. */
export const PARTIAL_CLOSE_REASONS = ["TP1", "MANUAL"] as const;
export type PartialCloseReason = (typeof PARTIAL_CLOSE_REASONS)[number];

export type SignalSide = "LONG" | "SHORT";
export type EntryMethod = "market" | "limit" | "stop";

export const SIGNAL_EVENT_TYPES = [
  "published",
  "triggered",
  "modified",
  "partially_closed",
  "closed",
  "cancelled",
  "expired",
] as const;
export type SignalEventType = (typeof SIGNAL_EVENT_TYPES)[number];

/** Longest cancellation note accepted, in characters. */
export const MAX_NOTE_LENGTH = 500;

/** Payload of `published`: the signal as the desk issued it. `expiresAt` is ISO 8601 UTC. */
export interface PublishedPayload {
  strategyId: number;
  symbol: string;
  side: SignalSide;
  entryMethod: EntryMethod;
  entryPrice: number;
  sl: number;
  tp1: number;
  tp2: number | null;
  expiresAt: string;
  /** Price units per pip for `symbol`, recorded so outcomes can be recomputed from the ledger alone. */
  pipSize: number;
  rationale: string | null;
}
export interface TriggeredPayload {
  fillPrice: number;
}
/** Only the levels that change are present. */
export interface ModifiedPayload {
  sl?: number;
  tp1?: number;
  tp2?: number;
}
export interface PartiallyClosedPayload {
  exitPrice: number;
  /** Share of the original position closed, 0 < fraction < remaining. */
  fraction: number;
  reason: PartialCloseReason;
}
export interface ClosedPayload {
  /** Null only in a close recorded when the ledger started (docs/decisions/0027). */
  exitPrice: number | null;
  reason: CloseReason;
}
export interface CancelledPayload {
  note?: string;
}
export type ExpiredPayload = Record<string, never>;

/** One lifecycle event; `occurredAt` is when it happened in the market (UTC), which may be back-dated. */
export type SignalEvent =
  | { type: "published"; occurredAt: Date; payload: PublishedPayload }
  | { type: "triggered"; occurredAt: Date; payload: TriggeredPayload }
  | { type: "modified"; occurredAt: Date; payload: ModifiedPayload }
  | { type: "partially_closed"; occurredAt: Date; payload: PartiallyClosedPayload }
  | { type: "closed"; occurredAt: Date; payload: ClosedPayload }
  | { type: "cancelled"; occurredAt: Date; payload: CancelledPayload }
  | { type: "expired"; occurredAt: Date; payload: ExpiredPayload };

/** One exit: a partial close or the final close. */
export interface SignalExit {
  exitPrice: number;
  /** Share of the original position. */
  fraction: number;
  at: Date;
}

/** What a CLOSED signal earned (stored on the signal row). */
export interface SignalOutcome {
  /** Volume-weighted exit price over the partial and final exits, quote currency. */
  exitPrice: number;
  closeReason: CloseReason;
  /** Pips won (+) or lost (−) on the whole position, to 0.1 pip. */
  resultPips: number;
  /** Result in multiples of the original risk (entry to first stop), to 0.01 R. */
  resultR: number;
  closedAt: Date;
}

/** The projected signal: what the signal row stores. */
export interface SignalState {
  status: LifecycleStatus;
  strategyId: number;
  symbol: string;
  side: SignalSide;
  entryMethod: EntryMethod;
  entryPrice: number;
  pipSize: number;
  rationale: string | null;
  /** Current levels (after any `modified`). */
  sl: number;
  tp1: number;
  tp2: number | null;
  /** The stop loss at publish; the risk unit of `resultR`. */
  originalSl: number;
  /** Price the position was filled at; null while PENDING (and for signals cancelled or expired unfilled). */
  fillPrice: number | null;
  /** Share of the original position still open (1 until a partial close). */
  remaining: number;
  /** Whether the first target was taken as a partial close (then the second target is the one left). */
  tp1Taken: boolean;
  exits: SignalExit[];
  publishedAt: Date;
  triggeredAt: Date | null;
  expiresAt: Date;
  /** Time of the latest event; a new event may not be dated before it. */
  lastEventAt: Date;
  /** When the signal ended (closed, cancelled or expired), else null. */
  endedAt: Date | null;
  outcome: SignalOutcome | null;
}

/** wrong-state: the transition is not allowed from the signal's status (HTTP 409); invalid-field: bad input (HTTP 400). */
export type TransitionErrorCode = "wrong-state" | "invalid-field";

/** HTTP status for each error code. */
export const TRANSITION_ERROR_STATUS: Record<TransitionErrorCode, 400 | 409> = {
  "wrong-state": 409,
  "invalid-field": 400,
};

/** A refused transition; `field` names the input at fault (`status` for a wrong state). */
export interface TransitionError {
  code: TransitionErrorCode;
  field: string;
  message: string;
}

export type TransitionResult =
  | { ok: true; event: SignalEvent; state: SignalState }
  | { ok: false; error: TransitionError };

// ---------------------------------------------------------------------------
// Arithmetic

/** `value` rounded to 12 significant digits, which removes binary noise such as 28.999999999999996. */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** Rounds half away from zero (so −2.5 → −3, like 2.5 → 3). */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * A price distance in whole tenths of a pip: round((to − from) / pipSize × 10).
 * @param from, to prices in quote currency; pipSize price units per pip.
 * @returns an integer, positive when `to` is above `from`.
 */
export function tenthsOfPip(from: number, to: number, pipSize: number): number {
  return roundHalfAway(clean(((to - from) / pipSize) * 10));
}

/** Whether two prices are the same to the tenth of a pip. */
export function samePrice(a: number, b: number, pipSize: number): boolean {
  return tenthsOfPip(a, b, pipSize) === 0;
}

/** Removes float noise from sums and differences of fractions (1 − 0.7 = 0.30000000000000004 → 0.3). */
function cleanFraction(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/**
 * The outcome of a position closed through `exits` (partial exits then the final one).
 *
 * Formulas (the usual trade-journal definitions, e.g. Van Tharp's R multiples,
 * "Trade Your Way to Financial Freedom", ch. 12):
 *   d           = +1 for LONG, −1 for SHORT
 *   tenths_i    = d × tenthsOfPip(fillPrice, exit_i)                  [0.1 pip, integer]
 *   result      = Σ fraction_i × tenths_i                             [0.1 pip, fractions sum to 1]
 *   resultPips  = round(result) / 10                                  [pips, to 0.1]
 *   risk        = |tenthsOfPip(entryPrice, originalSl)|               [0.1 pip]
 *   resultR     = round(result / risk × 100) / 100                    [R, to 0.01]
 *   exitPrice   = Σ fraction_i × exit_i / Σ fraction_i, to 12 significant digits (VWAP)
 * Rounding is half away from zero. The risk unit is the PUBLISHED entry to the
 * first stop: that is the distance subscribers sized their positions on.
 * @throws Error when `exits` is empty or the state has no fill (a bug in the caller).
 */
export function computeOutcome(
  state: Pick<SignalState, "side" | "entryPrice" | "originalSl" | "fillPrice" | "pipSize">,
  exits: SignalExit[],
  reason: CloseReason,
): SignalOutcome {
  if (exits.length === 0 || state.fillPrice === null) throw new Error("An outcome needs a fill and at least one exit");
  const fill = state.fillPrice;
  const direction = state.side === "LONG" ? 1 : -1;
  let weighted = 0;
  let weightedPrice = 0;
  let totalFraction = 0;
  for (const exit of exits) {
    weighted += exit.fraction * direction * tenthsOfPip(fill, exit.exitPrice, state.pipSize);
    weightedPrice += exit.fraction * exit.exitPrice;
    totalFraction += exit.fraction;
  }
  const result = clean(weighted / totalFraction);
  const risk = Math.abs(tenthsOfPip(state.entryPrice, state.originalSl, state.pipSize));
  return {
    exitPrice: clean(weightedPrice / totalFraction),
    closeReason: reason,
    resultPips: roundHalfAway(result) / 10,
    resultR: roundHalfAway(clean((result / risk) * 100)) / 100,
    closedAt: exits[exits.length - 1].at,
  };
}

// ---------------------------------------------------------------------------
// Projection

/** Whether the signal has ended (CLOSED, CANCELLED or EXPIRED): then its whole history is public. */
export function isEnded(status: LifecycleStatus): boolean {
  return status === "CLOSED" || status === "CANCELLED" || status === "EXPIRED";
}

/**
 * Whether an open signal is past its expiry and waits for the step that ends
 * it: a PENDING one for `expire`, an ACTIVE one for a close with reason EXPIRY
 * (the price replay does it at the first bar at or after `expiresAt`, or the desk does).
 */
export function isOverdue(state: SignalState, now: Date): boolean {
  return !isEnded(state.status) && state.expiresAt.getTime() <= now.getTime();
}

function initialState(event: { occurredAt: Date; payload: PublishedPayload }): SignalState {
  const p = event.payload;
  const market = p.entryMethod === "market";
  return {
    status: market ? "ACTIVE" : "PENDING",
    strategyId: p.strategyId,
    symbol: p.symbol,
    side: p.side,
    entryMethod: p.entryMethod,
    entryPrice: p.entryPrice,
    pipSize: p.pipSize,
    rationale: p.rationale,
    sl: p.sl,
    tp1: p.tp1,
    tp2: p.tp2,
    originalSl: p.sl,
    fillPrice: market ? p.entryPrice : null,
    remaining: 1,
    tp1Taken: false,
    exits: [],
    publishedAt: event.occurredAt,
    triggeredAt: market ? event.occurredAt : null,
    expiresAt: new Date(p.expiresAt),
    lastEventAt: event.occurredAt,
    endedAt: null,
    outcome: null,
  };
}

/**
 * Folds one event into the state. Events are trusted (they were validated by
 * the decision functions before they were stored); this only applies them.
 * @param state null before `published`.
 * @throws Error for an event that cannot follow (no `published` first, or a second `published`).
 */
export function applyEvent(state: SignalState | null, event: SignalEvent): SignalState {
  if (event.type === "published") {
    if (state) throw new Error("A signal is published only once");
    return initialState(event);
  }
  if (!state) throw new Error(`A ${event.type} event needs a published signal first`);
  const base = { ...state, lastEventAt: event.occurredAt };
  switch (event.type) {
    case "triggered":
      return { ...base, status: "ACTIVE", fillPrice: event.payload.fillPrice, triggeredAt: event.occurredAt };
    case "modified":
      return {
        ...base,
        sl: event.payload.sl ?? state.sl,
        tp1: event.payload.tp1 ?? state.tp1,
        tp2: event.payload.tp2 ?? state.tp2,
      };
    case "partially_closed": {
      const exit = { exitPrice: event.payload.exitPrice, fraction: event.payload.fraction, at: event.occurredAt };
      return {
        ...base,
        remaining: cleanFraction(state.remaining - event.payload.fraction),
        tp1Taken: state.tp1Taken || event.payload.reason === "TP1",
        exits: [...state.exits, exit],
      };
    }
    case "closed": {
      const exitPrice = event.payload.exitPrice;
      // A close recorded when the ledger started carries no exit price (docs/decisions/0027): it ends the signal without an outcome.
      if (exitPrice === null) return { ...base, status: "CLOSED", remaining: 0, endedAt: event.occurredAt, outcome: null };
      const exits = [...state.exits, { exitPrice, fraction: state.remaining, at: event.occurredAt }];
      return {
        ...base,
        status: "CLOSED",
        remaining: 0,
        exits,
        endedAt: event.occurredAt,
        outcome: computeOutcome(state, exits, event.payload.reason),
      };
    }
    case "cancelled":
      return { ...base, status: "CANCELLED", endedAt: event.occurredAt };
    case "expired":
      return { ...base, status: "EXPIRED", endedAt: event.occurredAt };
  }
}

/**
 * The state after all of a signal's events, in the order they were recorded.
 * @throws Error when `events` is empty or does not start with `published`.
 */
export function projectSignal(events: readonly SignalEvent[]): SignalState {
  let state: SignalState | null = null;
  for (const event of events) state = applyEvent(state, event);
  if (!state) throw new Error("A signal needs at least its published event");
  return state;
}

/**
 * The signal row's columns that mirror the projected state (status, levels,
 * fill, remaining fraction, outcome), as the signals table stores them.
 */
export function projectedColumns(state: SignalState) {
  return {
    status: state.status,
    sl: state.sl,
    tp1: state.tp1,
    tp2: state.tp2,
    originalSl: state.originalSl,
    fillPrice: state.fillPrice,
    triggeredAt: state.triggeredAt,
    remaining: state.remaining,
    exitPrice: state.outcome?.exitPrice ?? null,
    closeReason: state.outcome?.closeReason ?? null,
    resultPips: state.outcome?.resultPips ?? null,
    resultR: state.outcome?.resultR ?? null,
    closedAt: state.endedAt,
  };
}

// ---------------------------------------------------------------------------
// Validation helpers

function fail(code: TransitionErrorCode, field: string, message: string): { ok: false; error: TransitionError } {
  return { ok: false, error: { code, field, message } };
}

function wrongState(action: string, state: SignalState, hint = ""): { ok: false; error: TransitionError } {
  return fail("wrong-state", "status", `This signal is ${state.status}, so it cannot be ${action}.${hint}`);
}

function done(state: SignalState, event: SignalEvent): TransitionResult {
  return { ok: true, event, state: applyEvent(state, event) };
}

/** Why `value` is not a usable price (finite, greater than 0), or null when it is. */
function priceProblem(value: unknown, label: string): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return `${label} must be a number`;
  if (value <= 0) return `${label} must be greater than 0`;
  return null;
}

const LABELS = {
  entryPrice: "Entry price",
  fillPrice: "Fill price",
  exitPrice: "Exit price",
  sl: "Stop loss",
  tp1: "Take profit 1",
  tp2: "Take profit 2",
} as const;

/** A geometry violation: the field at fault and the message, as the publishing form words it. */
export interface GeometryIssue {
  field: "sl" | "tp1" | "tp2";
  message: string;
}

/**
 * The level geometry of a signal (the publishing rule): LONG needs
 * SL < reference < TP1 < TP2, SHORT needs SL > reference > TP1 > TP2. The
 * reference is the entry price, or the fill price once the signal is ACTIVE.
 * With `allowBreakeven`, a stop exactly at the reference (to 0.1 pip) is
 * accepted too (an ACTIVE signal's stop moved to break-even).
 * @param levels prices in quote currency; tp2 null when there is none.
 * @returns one issue per offending field (empty when the geometry holds).
 */
export function checkGeometry(
  side: SignalSide,
  reference: number,
  levels: { sl: number; tp1: number; tp2: number | null },
  options: { referenceLabel?: string; pipSize?: number; allowBreakeven?: boolean } = {},
): GeometryIssue[] {
  const long = side === "LONG";
  const above = long ? "above" : "below";
  const below = long ? "below" : "above";
  const beyond = (a: number, b: number) => (long ? a > b : a < b);
  const referenceLabel = options.referenceLabel ?? "the entry price";
  const issues: GeometryIssue[] = [];
  const breakeven = options.allowBreakeven && options.pipSize !== undefined && samePrice(levels.sl, reference, options.pipSize);
  if (!beyond(reference, levels.sl) && !breakeven) {
    issues.push({ field: "sl", message: `${LABELS.sl} must be ${below} ${referenceLabel} for a ${side} signal` });
  }
  if (!beyond(levels.tp1, reference)) {
    issues.push({ field: "tp1", message: `${LABELS.tp1} must be ${above} ${referenceLabel} for a ${side} signal` });
  }
  if (levels.tp2 !== null && !beyond(levels.tp2, levels.tp1)) {
    issues.push({ field: "tp2", message: `${LABELS.tp2} must be ${above} take profit 1 for a ${side} signal` });
  }
  return issues;
}

/**
 * Checks an event time: `at` (undefined → `now`) may be back-dated but never
 * into the future, before publish, or before the signal's latest event.
 */
function eventTime(state: SignalState | null, at: Date | undefined, now: Date): { ok: true; at: Date } | { ok: false; error: TransitionError } {
  const time = at ?? now;
  if (Number.isNaN(time.getTime())) return fail("invalid-field", "at", "Time must be a valid date and time");
  if (time.getTime() > now.getTime()) return fail("invalid-field", "at", "Time cannot be in the future");
  if (state && time.getTime() < state.publishedAt.getTime()) {
    return fail("invalid-field", "at", `Time cannot be before the signal was published (${state.publishedAt.toISOString()})`);
  }
  if (state && time.getTime() < state.lastEventAt.getTime()) {
    return fail("invalid-field", "at", `Time cannot be before the signal's latest event (${state.lastEventAt.toISOString()})`);
  }
  return { ok: true, at: time };
}

/** A PENDING signal's entry window ends at `expiresAt`: from then on it can only expire. */
function pendingExpired(state: SignalState, at: Date): { ok: false; error: TransitionError } | null {
  if (state.status !== "PENDING" || at.getTime() < state.expiresAt.getTime()) return null;
  return fail(
    "wrong-state",
    "at",
    `The signal's entry window ended at ${state.expiresAt.toISOString()}; it can only expire`,
  );
}

// ---------------------------------------------------------------------------
// Transitions

/** What the desk publishes; `expiresAt` must be after the publish time. */
export interface PublishInput {
  strategyId: number;
  symbol: string;
  side: SignalSide;
  entryMethod: EntryMethod;
  entryPrice: number;
  sl: number;
  tp1: number;
  tp2?: number | null;
  expiresAt: Date;
  pipSize: number;
  rationale?: string | null;
}

/**
 * Publish: the first event. A market entry starts ACTIVE (filled at the entry
 * price, at publish time); a limit or stop entry starts PENDING.
 * Errors (invalid-field): a price not finite or ≤ 0, the geometry (see
 * `checkGeometry`), `pipSize` ≤ 0, `expiresAt` not after the publish time,
 * `at` in the future.
 */
export function publish(input: PublishInput, at: Date | undefined, now: Date): TransitionResult {
  const time = eventTime(null, at, now);
  if (!time.ok) return time;
  for (const field of ["entryPrice", "sl", "tp1"] as const) {
    const problem = priceProblem(input[field], LABELS[field]);
    if (problem) return fail("invalid-field", field, problem);
  }
  const tp2 = input.tp2 ?? null;
  if (tp2 !== null) {
    const problem = priceProblem(tp2, LABELS.tp2);
    if (problem) return fail("invalid-field", "tp2", problem);
  }
  if (!(input.pipSize > 0) || !Number.isFinite(input.pipSize)) {
    return fail("invalid-field", "pipSize", "Pip size must be greater than 0");
  }
  const [issue] = checkGeometry(input.side, input.entryPrice, { sl: input.sl, tp1: input.tp1, tp2 });
  if (issue) return fail("invalid-field", issue.field, issue.message);
  if (Number.isNaN(input.expiresAt.getTime()) || input.expiresAt.getTime() <= time.at.getTime()) {
    return fail("invalid-field", "expiresAt", "Expiry must be after the publish time");
  }
  const event: SignalEvent = {
    type: "published",
    occurredAt: time.at,
    payload: {
      strategyId: input.strategyId,
      symbol: input.symbol,
      side: input.side,
      entryMethod: input.entryMethod,
      entryPrice: input.entryPrice,
      sl: input.sl,
      tp1: input.tp1,
      tp2,
      expiresAt: input.expiresAt.toISOString(),
      pipSize: input.pipSize,
      rationale: input.rationale ?? null,
    },
  };
  return { ok: true, event, state: applyEvent(null, event) };
}

/**
 * Trigger: PENDING → ACTIVE, filled at `fillPrice` (which may differ from the
 * entry after a gap, but must stay on the profit side of the stop loss).
 * Errors: wrong-state (not PENDING, or `at` at/after expiry); invalid-field
 * (`fillPrice` not > 0 or not beyond the stop loss, `at`).
 */
export function trigger(state: SignalState, input: { fillPrice: number }, at: Date | undefined, now: Date): TransitionResult {
  if (state.status !== "PENDING") return wrongState("triggered", state, " Only a PENDING signal can be triggered.");
  const time = eventTime(state, at, now);
  if (!time.ok) return time;
  const expired = pendingExpired(state, time.at);
  if (expired) return expired;
  const problem = priceProblem(input.fillPrice, LABELS.fillPrice);
  if (problem) return fail("invalid-field", "fillPrice", problem);
  const long = state.side === "LONG";
  if (long ? input.fillPrice <= state.sl : input.fillPrice >= state.sl) {
    return fail("invalid-field", "fillPrice", `${LABELS.fillPrice} must be ${long ? "above" : "below"} the stop loss for a ${state.side} signal`);
  }
  return done(state, { type: "triggered", occurredAt: time.at, payload: { fillPrice: input.fillPrice } });
}

/**
 * Modify: new stop loss and/or targets for a PENDING or ACTIVE signal. The
 * merged levels must keep the publishing geometry against the entry price
 * (PENDING) or the fill price (ACTIVE, where a stop at break-even is allowed);
 * only the rules a changed level takes part in are checked, so a fill that
 * gapped past TP1 does not stop the desk from moving the stop.
 * The original stop stays in `originalSl`; history keeps every earlier level.
 * Errors: wrong-state (ended, or PENDING past expiry); invalid-field (no
 * level given, nothing changes, a price not > 0, geometry, `at`).
 */
export function modify(
  state: SignalState,
  input: { sl?: number; tp1?: number; tp2?: number },
  at: Date | undefined,
  now: Date,
): TransitionResult {
  if (state.status !== "PENDING" && state.status !== "ACTIVE") {
    return wrongState("modified", state, " Only a PENDING or ACTIVE signal can be modified.");
  }
  const time = eventTime(state, at, now);
  if (!time.ok) return time;
  const expired = pendingExpired(state, time.at);
  if (expired) return expired;
  const payload: ModifiedPayload = {};
  for (const field of ["sl", "tp1", "tp2"] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const problem = priceProblem(value, LABELS[field]);
    if (problem) return fail("invalid-field", field, problem);
    const current = state[field];
    if (current === null || !samePrice(current, value, state.pipSize)) payload[field] = value;
  }
  if (input.sl === undefined && input.tp1 === undefined && input.tp2 === undefined) {
    return fail("invalid-field", "sl", "Give a new stop loss, take profit 1 or take profit 2");
  }
  if (Object.keys(payload).length === 0) return fail("invalid-field", "sl", "The new levels are the same as the current ones");
  const active = state.status === "ACTIVE";
  const reference = active ? (state.fillPrice ?? state.entryPrice) : state.entryPrice;
  const levels = { sl: payload.sl ?? state.sl, tp1: payload.tp1 ?? state.tp1, tp2: payload.tp2 ?? state.tp2 };
  const issue = checkGeometry(state.side, reference, levels, {
    referenceLabel: active ? "the fill price" : "the entry price",
    pipSize: state.pipSize,
    allowBreakeven: active,
  }).find((found) => (found.field === "tp2" ? "tp1" in payload || "tp2" in payload : found.field in payload));
  if (issue) return fail("invalid-field", issue.field, issue.message);
  return done(state, { type: "modified", occurredAt: time.at, payload });
}

/**
 * The checks every exit shares: the signal is ACTIVE, `at` is a valid event
 * time, and `exitPrice` is a price. `action` names the exit in the wrong-state message.
 */
function exitTime(
  state: SignalState,
  action: "partially closed" | "closed",
  exitPrice: unknown,
  at: Date | undefined,
  now: Date,
): { ok: true; at: Date } | { ok: false; error: TransitionError } {
  if (state.status !== "ACTIVE") return wrongState(action, state, ` Only an ACTIVE signal can be ${action}.`);
  const time = eventTime(state, at, now);
  if (!time.ok) return time;
  const problem = priceProblem(exitPrice, LABELS.exitPrice);
  return problem ? fail("invalid-field", "exitPrice", problem) : time;
}

/**
 * Partial close: closes `fraction` of the original position of an ACTIVE
 * signal at `exitPrice` (for example half at TP1). Closing all that is open is
 * a `close`, so the fraction must be below what remains.
 * Errors: wrong-state (not ACTIVE); invalid-field (`exitPrice` not > 0,
 * `fraction` not in (0, remaining), `at`).
 */
export function partialClose(
  state: SignalState,
  input: { exitPrice: number; fraction: number; reason?: PartialCloseReason },
  at: Date | undefined,
  now: Date,
): TransitionResult {
  const time = exitTime(state, "partially closed", input.exitPrice, at, now);
  if (!time.ok) return time;
  const { fraction } = input;
  if (typeof fraction !== "number" || !Number.isFinite(fraction) || cleanFraction(fraction) <= 0) {
    return fail("invalid-field", "fraction", "Fraction must be greater than 0");
  }
  if (cleanFraction(fraction) >= state.remaining) {
    return fail("invalid-field", "fraction", `Fraction must be less than the open part of the position (${state.remaining}); close the signal to exit all of it`);
  }
  const reason = input.reason ?? "MANUAL";
  if (!PARTIAL_CLOSE_REASONS.includes(reason)) return fail("invalid-field", "reason", "Reason must be TP1 or MANUAL");
  return done(state, {
    type: "partially_closed",
    occurredAt: time.at,
    payload: { exitPrice: input.exitPrice, fraction: cleanFraction(fraction), reason },
  });
}

/**
 * Close: ACTIVE → CLOSED, the open remainder exits at `exitPrice`; the
 * outcome is computed (`computeOutcome`). Reason EXPIRY needs `at` at or after `expiresAt`.
 * Errors: wrong-state (not ACTIVE); invalid-field (`exitPrice` not > 0,
 * unknown `reason`, EXPIRY before expiry, `at`).
 */
export function close(
  state: SignalState,
  input: { exitPrice: number; reason: CloseReason },
  at: Date | undefined,
  now: Date,
): TransitionResult {
  const time = exitTime(state, "closed", input.exitPrice, at, now);
  if (!time.ok) return time;
  if (!CLOSE_REASONS.includes(input.reason)) {
    return fail("invalid-field", "reason", `Reason must be one of ${CLOSE_REASONS.join(", ")}`);
  }
  if (input.reason === "EXPIRY" && time.at.getTime() < state.expiresAt.getTime()) {
    return fail("invalid-field", "reason", `Reason EXPIRY needs a time at or after the expiry (${state.expiresAt.toISOString()})`);
  }
  return done(state, { type: "closed", occurredAt: time.at, payload: { exitPrice: input.exitPrice, reason: input.reason } });
}

/**
 * Cancel: PENDING → CANCELLED, with an optional note (trimmed, at most
 * MAX_NOTE_LENGTH characters). An ACTIVE signal is in the market: it must be closed instead.
 * Errors: wrong-state (not PENDING, or past expiry); invalid-field (`note`, `at`).
 */
export function cancel(state: SignalState, input: { note?: string | null }, at: Date | undefined, now: Date): TransitionResult {
  if (state.status === "ACTIVE") {
    return wrongState("cancelled", state, " It is in the market: close it instead.");
  }
  if (state.status !== "PENDING") return wrongState("cancelled", state, " Only a PENDING signal can be cancelled.");
  const time = eventTime(state, at, now);
  if (!time.ok) return time;
  const expired = pendingExpired(state, time.at);
  if (expired) return expired;
  const note = input.note?.trim() ?? "";
  if (note.length > MAX_NOTE_LENGTH) return fail("invalid-field", "note", `Note must be at most ${MAX_NOTE_LENGTH} characters`);
  return done(state, { type: "cancelled", occurredAt: time.at, payload: note === "" ? {} : { note } });
}

/**
 * Expire: PENDING → EXPIRED once `expiresAt` has passed untriggered. The
 * event is dated at `expiresAt` itself, whenever it is recorded.
 * Errors: wrong-state (not PENDING, or `now` before `expiresAt`).
 */
export function expire(state: SignalState, now: Date): TransitionResult {
  if (state.status !== "PENDING") return wrongState("expired", state, " Only a PENDING signal expires; an ACTIVE one is closed with reason EXPIRY.");
  if (now.getTime() < state.expiresAt.getTime()) {
    return fail("wrong-state", "expiresAt", `The signal does not expire until ${state.expiresAt.toISOString()}`);
  }
  return done(state, { type: "expired", occurredAt: state.expiresAt, payload: {} });
}
