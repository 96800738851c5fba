/** The server-drawn sparkline's thinning: few enough points for small HTML, and no lost peak or trough. */
import { describe, expect, it } from "vitest";
import { sparklineIndices } from "~/domain/chart-axes";

describe("sparklineIndices", () => {
  it("keeps every point of a short series", () => {
    expect(sparklineIndices([3, 1, 2], 120)).toEqual([0, 1, 2]);
  });

  it("keeps at most maxPoints ascending indices, the first and the last included", () => {
    const values = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7) * 100 + i);
    const kept = sparklineIndices(values, 120);
    expect(kept.length).toBeLessThanOrEqual(120);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(999);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
  });

  it("keeps the deepest and the highest point", () => {
    const values = Array.from({ length: 500 }, (_, i) => (i === 313 ? -40 : i === 77 ? 90 : Math.cos(i) * 5));
    const kept = sparklineIndices(values, 60);
    expect(kept).toContain(313);
    expect(kept).toContain(77);
  });
});
