/**
 * Load shedding (docs/decisions/0139-load-shedding.md): when the server is
 * past what it can answer in time, a new request is refused at once with 503
 * and `Retry-After` instead of queuing behind the others until it times out.
 */

/** The bounds past which new requests are refused. */
export interface ShedBounds {
  /** Requests being handled at once (admitted, not yet answered). */
  maxInFlight: number;
  /** Event-loop lag, ms: how late the last timer tick ran. */
  maxLagMs: number;
}

/** Why a request was refused, the label of `http_requests_shed_total`. */
export type ShedReason = "in_flight" | "event_loop_lag";

/** Paths always served: the load balancer's probes and the metrics scrape must see an overloaded server as it is. */
export const ALWAYS_SERVED = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Should a new request be refused?
 * @param load.inFlight requests admitted and not yet answered (this one not counted).
 * @param load.lagMs the event loop's current lag, ms.
 * @returns null to admit it, else the reason to refuse it (in-flight checked first).
 */
export function shedDecision(path: string, load: { inFlight: number; lagMs: number }, bounds: ShedBounds): ShedReason | null {
  if (ALWAYS_SERVED.has(path)) return null;
  if (load.inFlight >= bounds.maxInFlight) return "in_flight";
  if (load.lagMs > bounds.maxLagMs) return "event_loop_lag";
  return null;
}
