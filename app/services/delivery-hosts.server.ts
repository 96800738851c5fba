/**
 * One worker's per-host gate for webhook attempts
 * (docs/decisions/0152-per-host-circuit-breaking.md): at most
 * `perHostConcurrency` attempts in flight to one host, and a circuit breaker
 * per host (app/domain/circuit-breaker.ts) that opens after repeated
 * timeouts. A job over the host's limit waits in the worker; one under an
 * open circuit goes back to the queue without an attempt; the endpoints of a
 * held-back host are left out of the worker's claims, so one slow host never
 * takes the slots other hosts need. The breakers live in `delivery_breakers`,
 * shared by every worker and shown on /admin/deliveries.
 */
import { breakerAfter, breakerVerdict, CLOSED, type BreakerSettings, type BreakerState } from "~/domain/circuit-breaker";
import { readBreaker, saveBreaker } from "~/models/delivery-breakers.server";

/** What the gate says about one attempt. */
export type GateVerdict =
  | { go: true; trial: boolean }
  /** The host has `perHostConcurrency` attempts in flight: the job waits for one of them to end. */
  | { go: false; wait: true }
  /** The host's circuit is open: the job goes back to the queue, due `until`. */
  | { go: false; wait: false; until: Date; reason: string };

export interface HostGate {
  /** Whether an attempt to endpoint `targetId` on `host` may start at `now`; a `go` counts it in flight until `done`. */
  enter(host: string, targetId: number, now: Date): GateVerdict;
  /** The attempt entered with `enter` ended at `now`, timed out or in time. */
  done(host: string, outcome: "timeout" | "in-time", trial: boolean, now: Date): void;
  /** Endpoints whose host is held back at `now` (to leave out of the next claim). */
  heldTargets(now: Date): number[];
}

/**
 * Creates a gate. With `persist`, each host's breaker is read from
 * `delivery_breakers` before an attempt and written when it changes, so every
 * worker (and a restarted one) shares it.
 * @param options.settings breaker threshold, window and cool-down; `perHostConcurrency` attempts in flight per host.
 * @param options.persist write breaker changes to the database (false on a replica).
 */
export function createHostGate(options: { settings: BreakerSettings; perHostConcurrency: number; persist: boolean }): HostGate {
  /** The breakers as this worker last read or wrote them (the stored row is the shared truth). */
  const breakers = new Map<string, BreakerState>();
  const inFlight = new Map<string, number>();
  const targets = new Map<string, Set<number>>();
  /** Hosts at their limit or with a breaker not closed: the only ones `heldTargets` looks at. */
  const attention = new Set<string>();

  function update(host: string, next: BreakerState, now: Date): void {
    if (breakers.get(host) === next) return;
    breakers.set(host, next);
    if (next.state !== "closed") attention.add(host);
    if (options.persist) saveBreaker(host, next, now);
  }

  function blocked(host: string, at: number): boolean {
    if ((inFlight.get(host) ?? 0) >= options.perHostConcurrency) return true;
    const breaker = breakers.get(host);
    return breaker !== undefined && breaker.state !== "closed" && !(breaker.state === "open" && at >= (breaker.retryAt ?? at));
  }

  return {
    enter(host, targetId, now) {
      let known = targets.get(host);
      if (!known) targets.set(host, (known = new Set()));
      known.add(targetId);
      const count = inFlight.get(host) ?? 0;
      if (count >= options.perHostConcurrency) return { go: false, wait: true };
      if (options.persist) {
        const stored = readBreaker(host);
        if (stored) breakers.set(host, stored);
        if (stored?.state !== "closed" && stored !== null) attention.add(host);
      }
      const verdict = breakerVerdict(breakers.get(host) ?? CLOSED, now.getTime());
      if (!verdict.go) {
        return { go: false, wait: false, until: new Date(verdict.until), reason: `Not sent: ${host} stopped answering in time; its circuit is open until ${new Date(verdict.until).toISOString()}` };
      }
      update(host, verdict.next, now);
      inFlight.set(host, count + 1);
      if (count + 1 >= options.perHostConcurrency) attention.add(host);
      return { go: true, trial: verdict.trial };
    },
    done(host, outcome, trial, now) {
      inFlight.set(host, Math.max(0, (inFlight.get(host) ?? 1) - 1));
      update(host, breakerAfter(breakers.get(host) ?? CLOSED, outcome, now.getTime(), options.settings, trial), now);
    },
    heldTargets(now) {
      const at = now.getTime();
      const held: number[] = [];
      for (const host of attention) {
        if (blocked(host, at)) held.push(...(targets.get(host) ?? []));
        else if ((breakers.get(host) ?? CLOSED).state === "closed") attention.delete(host);
      }
      return held;
    },
  };
}
