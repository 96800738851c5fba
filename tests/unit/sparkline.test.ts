/** The server-drawn sparkline: its thinning (few enough points for small HTML, no lost peak or trough) and its paths. */
import { describe, expect, it } from "vitest";
import { pointPct, SPARKLINE, sparklineGeometry, sparklineIndices } from "~/domain/chart-axes";

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

/** A daily series of `values` (the dates do not place the points; their order does). */
function series(values: number[]): Array<{ time: string; value: number }> {
  return values.map((value, i) => ({ time: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), value }));
}

/** The `[x, y]` pairs of a path's `M…L…` points, up to its closing segments. */
function vertices(path: string): Array<[number, number]> {
  return path
    .replace(/Z$/, "")
    .slice(1)
    .split("L")
    .map((pair) => pair.split(" ").map(Number) as [number, number]);
}

describe("sparklineGeometry", () => {
  it("puts each value in the centre of its slot, hi at the top and lo at the bottom", () => {
    const { line } = sparklineGeometry(series([100, 50, 0, 25]), "equity", { lo: 0, hi: 100 });
    expect(vertices(line)).toEqual([
      [(pointPct(0, 4) / 100) * SPARKLINE.width, 0],
      [(pointPct(1, 4) / 100) * SPARKLINE.width, 100],
      [(pointPct(2, 4) / 100) * SPARKLINE.width, 200],
      [(pointPct(3, 4) / 100) * SPARKLINE.width, 150],
    ]);
  });

  it("closes equity's area at the bottom and drawdown's at the zero line", () => {
    const equity = sparklineGeometry(series([10, 20]), "equity", { lo: 0, hi: 20 });
    expect(equity.area).toBe(`${equity.line}L450 200L150 200Z`);
    const drawdown = sparklineGeometry(series([0, -5]), "drawdown", { lo: -10, hi: 0 });
    expect(drawdown.area).toBe(`${drawdown.line}L450 0L150 0Z`);
  });

  it("draws at most SPARKLINE.maxPoints points however long the series, spanning the whole width", () => {
    const values = Array.from({ length: 5 * 365 }, (_, i) => 10_000 + Math.sin(i / 9) * 800 + i);
    const points = vertices(sparklineGeometry(series(values), "equity", { lo: 9_000, hi: 12_000 }).line);
    expect(points.length).toBeLessThanOrEqual(SPARKLINE.maxPoints);
    expect(points[0]![0]).toBe(0.2);
    expect(points.at(-1)![0]).toBe(599.8);
  });
});
