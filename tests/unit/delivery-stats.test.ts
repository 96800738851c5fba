/** The delivery dashboard's figures (app/domain/delivery-stats.ts): nearest-rank percentiles and one channel's row. */
import { describe, expect, it } from "vitest";
import { formatLatency, nearestRankPercentile, summarizeChannel, type DeliveryJobFigure } from "~/domain/delivery-stats";

describe("nearestRankPercentile", () => {
  it("takes the value of rank ceil(p/100 × N), as in the Wikipedia example", () => {
    // Wikipedia "Percentile", nearest-rank method: 15, 20, 35, 40, 50 → p30 = 20, p40 = 20, p50 = 35, p100 = 50.
    const values = [50, 15, 40, 20, 35];
    expect(nearestRankPercentile(values, 30)).toBe(20);
    expect(nearestRankPercentile(values, 40)).toBe(20);
    expect(nearestRankPercentile(values, 50)).toBe(35);
    expect(nearestRankPercentile(values, 100)).toBe(50);
    expect(nearestRankPercentile(values, 0)).toBe(15);
  });

  it("answers p99 of 1..100 as 99 and p99 of 1..10 as 10", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(nearestRankPercentile(hundred, 99)).toBe(99);
    expect(nearestRankPercentile(hundred.slice(0, 10), 99)).toBe(10);
  });

  it("is null for no values and refuses a percentile outside 0..100", () => {
    expect(nearestRankPercentile([], 50)).toBeNull();
    expect(() => nearestRankPercentile([1], 101)).toThrow(RangeError);
    expect(() => nearestRankPercentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe("summarizeChannel", () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 12) + ms);
  it("counts sent, queued (never attempted), retrying (failed before) and dead, and measures sent ledger jobs only", () => {
    const jobs: DeliveryJobFigure[] = [
      { status: "sent", attempts: 1, publishedAt: at(0), sentAt: at(100) },
      { status: "sent", attempts: 1, publishedAt: at(0), sentAt: at(300) },
      { status: "sent", attempts: 1, publishedAt: at(0), sentAt: at(2_000) },
      { status: "sent", attempts: 1, publishedAt: null, sentAt: at(50_000) },
      { status: "queued", attempts: 0, publishedAt: at(0), sentAt: null },
      { status: "sending", attempts: 1, publishedAt: at(0), sentAt: null },
      { status: "sending", attempts: 2, publishedAt: at(0), sentAt: null },
      { status: "retrying", attempts: 1, publishedAt: at(0), sentAt: null },
      { status: "dead", attempts: 8, publishedAt: at(0), sentAt: null },
    ];
    expect(summarizeChannel("webhook", jobs)).toEqual({ channel: "webhook", sent: 4, queued: 2, retrying: 2, dead: 1, p50Ms: 300, p99Ms: 2_000 });
  });

  it("has null latencies when nothing was sent", () => {
    expect(summarizeChannel("email", [{ status: "dead", attempts: 8, publishedAt: at(0), sentAt: null }])).toMatchObject({ sent: 0, dead: 1, p50Ms: null, p99Ms: null });
  });
});

describe("formatLatency", () => {
  it("reads ms, seconds and minutes", () => {
    expect(formatLatency(null)).toBe("–");
    expect(formatLatency(850)).toBe("850 ms");
    expect(formatLatency(1_240)).toBe("1.2 s");
    expect(formatLatency(210_000)).toBe("3.5 min");
  });
});
