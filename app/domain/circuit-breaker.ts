/**
 * A per-host circuit breaker for outgoing webhooks
 * (docs/decisions/0152-per-host-circuit-breaking.md), as pure functions of the
 * breaker's state and the time (no clock here). Closed: every attempt goes.
 * After `threshold` timeouts within `windowMs` it opens: no attempt goes to
 * the host until `coolDownMs` have passed; then it is half-open: one trial
 * attempt goes; an attempt that ends in time (an answer with any HTTP status,
 * or a quick error) closes it, a timeout opens it again.
 */

/** The breaker's settings: timeouts that open it, the window they are counted in and the cool-down, ms. */
export interface BreakerSettings {
  threshold: number;
  windowMs: number;
  coolDownMs: number;
}

/** Defaults: 5 timeouts within 60 s open the breaker for 30 s. */
export const DEFAULT_BREAKER: BreakerSettings = { threshold: 5, windowMs: 60_000, coolDownMs: 30_000 };

export type BreakerStateName = "closed" | "open" | "half-open";

/** One host's breaker. Times are epoch milliseconds. */
export interface BreakerState {
  state: BreakerStateName;
  /** Timeouts counted in the window starting at `windowStart`. */
  timeouts: number;
  windowStart: number | null;
  openedAt: number | null;
  /** When an open breaker lets its trial through (`openedAt + coolDownMs`); null when closed. */
  retryAt: number | null;
}

/** A closed breaker with nothing counted. */
export const CLOSED: BreakerState = { state: "closed", timeouts: 0, windowStart: null, openedAt: null, retryAt: null };

/** What the breaker says about an attempt at `now`. */
export type BreakerVerdict =
  | { go: true; trial: boolean; next: BreakerState }
  | { go: false; until: number };

/**
 * Whether an attempt to the host may start at `now`.
 * @returns `go` with the next state (an open breaker past its cool-down turns half-open and lets this one attempt through as the trial), or `until` when the next attempt may try.
 */
export function breakerVerdict(breaker: BreakerState, now: number): BreakerVerdict {
  if (breaker.state === "closed") return { go: true, trial: false, next: breaker };
  const retryAt = breaker.retryAt ?? now;
  if (breaker.state === "open" && now >= retryAt) return { go: true, trial: true, next: { ...breaker, state: "half-open" } };
  // Half-open: the trial is in flight; the others wait for its outcome.
  return { go: false, until: Math.max(retryAt, now) };
}

/**
 * The breaker after an attempt that started under it ended at `now`.
 * @param outcome "timeout" (no answer in time) or "in-time" (an answer with any status, or a quick error).
 * @param trial whether the attempt was the half-open trial.
 * @returns the next state (the same object when nothing changed).
 */
export function breakerAfter(breaker: BreakerState, outcome: "timeout" | "in-time", now: number, settings: BreakerSettings, trial: boolean): BreakerState {
  if (outcome === "in-time") return breaker.state === "closed" && breaker.timeouts === 0 ? breaker : breaker.state === "open" && !trial ? breaker : CLOSED;
  if (trial || breaker.state !== "closed") return { ...breaker, state: "open", openedAt: now, retryAt: now + settings.coolDownMs };
  const inWindow = breaker.windowStart !== null && now - breaker.windowStart < settings.windowMs;
  const timeouts = inWindow ? breaker.timeouts + 1 : 1;
  const windowStart = inWindow ? breaker.windowStart : now;
  if (timeouts >= settings.threshold) return { state: "open", timeouts, windowStart, openedAt: now, retryAt: now + settings.coolDownMs };
  return { state: "closed", timeouts, windowStart, openedAt: breaker.openedAt, retryAt: null };
}
