/**
 * A seeded random walk of hourly OHLC bars for one instrument
 * (docs/decisions/0033-seed-price-path.md), used by the seed to build a price
 * history that the bar replay resolves signals against. Pure and
 * deterministic: the same spec, period and seed always give the same bars.
 *
 * Model: geometric Brownian motion without drift. Each hour's log return is
 * normal with standard deviation σ_h = σ_daily / √24 (square-root-of-time
 * scaling); the bar's high and low extend beyond its open and close by a
 * half-normal of 0.5 σ_h each. The FX market is shut at weekends (Saturday
 * and Sunday UTC have no bars); the first bar after a weekend opens with a gap
 * drawn with σ_h √6. Normal draws use the Box-Muller transform (Box and
 * Muller, 1958) on `mulberry32` uniforms (app/domain/prng.ts). Prices are
 * rounded to the instrument's usual decimals (`priceDecimals`), keeping
 * low ≤ open, close ≤ high.
 */
import { mulberry32, UINT32_RANGE } from "./prng";
import { priceDecimals } from "./signal-display";

/** One bar's length and the step between bar open times, ms. */
export const BAR_MS = 60 * 60 * 1000;

const DAY_MS = 24 * BAR_MS;

/** An hourly bar: `time` is its open time in epoch ms (UTC), prices in quote currency. */
export interface PriceBar {
  symbol: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** An instrument to simulate: its price at the start and its daily volatility (standard deviation of daily log returns, e.g. 0.005 = 0.5 %). */
export interface PricePathSpec {
  symbol: string;
  startPrice: number;
  dailyVolatility: number;
}

/** A 32-bit FNV-1a hash of `text`, to give each symbol its own stream from one seed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Standard normal draws (Box-Muller) from a uniform generator. */
function normalSource(next: () => number): () => number {
  return () => {
    const u1 = (next() + 1) / (UINT32_RANGE + 1);
    const u2 = next() / UINT32_RANGE;
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  };
}

/** Whether `time` (epoch ms) falls on a Saturday or Sunday, UTC. */
export function isWeekend(time: number): boolean {
  const day = new Date(time).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * Hourly bars for `spec` whose open times are the whole hours in [from, to),
 * weekends excepted.
 * @param spec the instrument, its start price (> 0) and daily volatility (≥ 0).
 * @param period `from` and `to` instants (`from` is rounded up to the hour).
 * @param seed any 32-bit integer; combined with the symbol, so instruments
 *   seeded alike still move independently.
 * @returns the bars in time order.
 * @throws Error for a start price not > 0 or a negative volatility.
 */
export function generatePricePath(spec: PricePathSpec, period: { from: Date; to: Date }, seed: number): PriceBar[] {
  if (!(spec.startPrice > 0)) throw new Error(`${spec.symbol}: the start price must be greater than 0`);
  if (!(spec.dailyVolatility >= 0)) throw new Error(`${spec.symbol}: the daily volatility must be 0 or more`);
  const normal = normalSource(mulberry32((seed ^ fnv1a(spec.symbol)) >>> 0));
  const hourly = spec.dailyVolatility / Math.sqrt(24);
  const decimals = priceDecimals(spec.symbol);
  const round = (value: number) => Number(value.toFixed(decimals));
  const bars: PriceBar[] = [];
  let last = spec.startPrice;
  let lastTime: number | null = null;
  for (let time = Math.ceil(period.from.getTime() / BAR_MS) * BAR_MS; time < period.to.getTime(); time += BAR_MS) {
    if (isWeekend(time)) continue;
    const afterWeekend = lastTime !== null && time - lastTime > DAY_MS;
    const open = afterWeekend ? last * Math.exp(hourly * Math.sqrt(6) * normal()) : last;
    const close = open * Math.exp(hourly * normal());
    const high = Math.max(open, close) * Math.exp(Math.abs(0.5 * hourly * normal()));
    const low = Math.min(open, close) * Math.exp(-Math.abs(0.5 * hourly * normal()));
    const bar = { symbol: spec.symbol, time, open: round(open), close: round(close), high: round(high), low: round(low) };
    bar.high = Math.max(bar.high, bar.open, bar.close);
    bar.low = Math.min(bar.low, bar.open, bar.close);
    bars.push(bar);
    last = close;
    lastTime = time;
  }
  return bars;
}
