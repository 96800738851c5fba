import { describe, expect, it } from "vitest";
import { breakerAfter, breakerVerdict, CLOSED } from "~/domain/circuit-breaker";

const SETTINGS = { threshold: 3, windowMs: 1_000, coolDownMs: 500 };

describe("the per-host circuit breaker", () => {
  it("opens on the threshold's timeout within the window, not when the timeouts are spread wider", () => {
    let b = breakerAfter(CLOSED, "timeout", 0, SETTINGS, false);
    b = breakerAfter(b, "timeout", 400, SETTINGS, false);
    expect(b.state).toBe("closed");
    expect(breakerAfter(b, "timeout", 999, SETTINGS, false)).toMatchObject({ state: "open", openedAt: 999, retryAt: 1_499 });
    expect(breakerAfter(b, "timeout", 1_000, SETTINGS, false)).toMatchObject({ state: "closed", timeouts: 1, windowStart: 1_000 });
  });

  it("an answer in time clears the count", () => {
    const b = breakerAfter(breakerAfter(CLOSED, "timeout", 0, SETTINGS, false), "in-time", 10, SETTINGS, false);
    expect(b).toEqual(CLOSED);
  });

  it("refuses attempts while open, lets one trial through after the cool-down, and holds the rest while it runs", () => {
    const open = { state: "open" as const, timeouts: 3, windowStart: 0, openedAt: 100, retryAt: 600 };
    expect(breakerVerdict(open, 599)).toEqual({ go: false, until: 600 });
    const trial = breakerVerdict(open, 600);
    expect(trial).toMatchObject({ go: true, trial: true, next: { state: "half-open" } });
    if (!trial.go) throw new Error("unreachable");
    expect(breakerVerdict(trial.next, 601)).toEqual({ go: false, until: 601 });
    expect(breakerAfter(trial.next, "in-time", 650, SETTINGS, true)).toEqual(CLOSED);
    expect(breakerAfter(trial.next, "timeout", 900, SETTINGS, true)).toMatchObject({ state: "open", openedAt: 900, retryAt: 1_400 });
  });

  it("keeps an open breaker open when an attempt started before it opened ends in time", () => {
    const open = { state: "open" as const, timeouts: 3, windowStart: 0, openedAt: 100, retryAt: 600 };
    expect(breakerAfter(open, "in-time", 200, SETTINGS, false)).toBe(open);
  });
});
