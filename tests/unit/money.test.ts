import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdCents, formatUsdPrecise } from "~/domain/money";

/** Intl's en-US US dollar format: what the pages wrote before the formatters stopped using Intl. */
function intl(minimumFractionDigits: number, maximumFractionDigits: number): (value: number) => string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits, maximumFractionDigits });
  return (value) => format.format(value);
}

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Amounts that stress rounding: ties at every decimal place, carries, signs, tiny and huge magnitudes, random doubles. */
function amounts(): number[] {
  const next = random(69);
  const fixed = [
    0, -0, 0.5, 1.5, 2.5, -2.5, 0.49, 0.125, 0.135, 1.005, 1.015, 2.675, 8.345, 0.00005, 0.00015, -0.001, -0.4, 9.995, 99.995, 999.5,
    999999.995, 1234567.891, 99999999999.995, 100000000000.5, 55555555555.55555, 118654.4, -1250, 6.66667, 10, 0.1 + 0.2, 1e-7, 1.5e-7, -3e-9, 123456789012345680000, 9.99e20, 1e21, -1e22,
    Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, NaN, Infinity, -Infinity,
  ];
  const generated = Array.from({ length: 4000 }, (_, index) => {
    const magnitude = 10 ** Math.floor(next() * 16 - 6);
    const value = next() * magnitude;
    const halves = Math.round(value * 2000) / 2000;
    const picked = index % 3 === 0 ? halves : value;
    return index % 2 === 0 ? -picked : picked;
  });
  return [...fixed, ...generated];
}

describe("money formatters write exactly what Intl's en-US US dollar format writes", () => {
  const values = amounts();
  it.each([
    ["formatUsd", formatUsd, intl(0, 0)],
    ["formatUsdCents (of the amount as cents)", formatUsdCents, ((dollars) => (cents: number) => dollars(cents / 100))(intl(2, 2))],
    ["formatUsdPrecise", formatUsdPrecise, intl(2, 4)],
  ] as const)("%s", (_name, format, expected) => {
    const mismatches = values.filter((value) => format(value) !== expected(value)).map((value) => `${value}: ${format(value)} != ${expected(value)}`);
    expect(mismatches).toEqual([]);
  });

  it("keeps the documented examples", () => {
    expect(formatUsd(118654.4)).toBe("$118,654");
    expect(formatUsd(-1250)).toBe("-$1,250");
    expect(formatUsdCents(19700)).toBe("$197.00");
    expect(formatUsdPrecise(6.66667)).toBe("$6.6667");
    expect(formatUsdPrecise(10)).toBe("$10.00");
  });
});
