import { describe, expect, it } from "vitest";
import { ALWAYS_SERVED, shedDecision } from "~/domain/load-shedding";

const bounds = { maxInFlight: 32, maxLagMs: 150 };

describe("shedDecision", () => {
  it("admits a request under both bounds", () => {
    expect(shedDecision("/api/signals", { inFlight: 31, lagMs: 150 }, bounds)).toBeNull();
  });

  it("refuses once the in-flight bound is reached", () => {
    expect(shedDecision("/api/signals", { inFlight: 32, lagMs: 0 }, bounds)).toBe("in_flight");
  });

  it("refuses when the event loop lags past its bound", () => {
    expect(shedDecision("/", { inFlight: 0, lagMs: 151 }, bounds)).toBe("event_loop_lag");
  });

  it("names in-flight first when both are past", () => {
    expect(shedDecision("/", { inFlight: 40, lagMs: 900 }, bounds)).toBe("in_flight");
  });

  it("always serves the probes and the metrics", () => {
    for (const path of ALWAYS_SERVED) expect(shedDecision(path, { inFlight: 1_000, lagMs: 10_000 }, bounds)).toBeNull();
    expect([...ALWAYS_SERVED].sort()).toEqual(["/healthz", "/metrics", "/readyz"]);
  });
});
