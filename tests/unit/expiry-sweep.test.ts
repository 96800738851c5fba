/**
 * The server's expiry sweep timer and the per-path body limit of the price feed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PRICES_BODY_BYTES } from "~/schemas/prices";
import { bodyLimitFor } from "../../server/app";
import { startExpirySweep } from "../../server/expiry-sweep";

afterEach(() => {
  vi.useRealTimers();
});

describe("startExpirySweep", () => {
  it("sweeps at start-up and then every interval until stopped, logging only sweeps that ended signals", () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const lines: string[] = [];
    let clock = 1_000;
    const sweep = startExpirySweep(
      (now) => {
        times.push(now.getTime());
        return times.length === 2 ? [{}, {}] : [];
      },
      { intervalMs: 30_000, log: (line) => lines.push(line), clock: () => new Date(clock) },
    );
    expect(times).toEqual([1_000]);
    clock = 31_000;
    vi.advanceTimersByTime(30_000);
    clock = 61_000;
    vi.advanceTimersByTime(30_000);
    expect(times).toEqual([1_000, 31_000, 61_000]);
    expect(lines).toEqual(["Expiry sweep: ended 2 signals past their expiry"]);
    sweep.stop();
    vi.advanceTimersByTime(90_000);
    expect(times).toHaveLength(3);
  });

  it("keeps running after a sweep fails", () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const sweep = startExpirySweep(
      () => {
        calls += 1;
        if (calls === 1) throw new Error("database is locked");
        return [];
      },
      { intervalMs: 1_000, log: () => {} },
    );
    vi.advanceTimersByTime(1_000);
    expect(calls).toBe(2);
    expect(error).toHaveBeenCalledOnce();
    sweep.stop();
    error.mockRestore();
  });
});

describe("bodyLimitFor", () => {
  it("gives the price feed its own limit and every other path the default", () => {
    expect(bodyLimitFor("/api/admin/prices", 65_536)).toBe(MAX_PRICES_BODY_BYTES);
    expect(bodyLimitFor("/api/admin/prices?x=1", 65_536)).toBe(MAX_PRICES_BODY_BYTES);
    expect(bodyLimitFor("/api/admin/signals", 65_536)).toBe(65_536);
  });
});
