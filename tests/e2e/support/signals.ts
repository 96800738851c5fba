/** Publishing signals through the admin API from a browser test (the page must be signed in as an admin). */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/** A market signal's levels: EURUSD LONG unless the caller gives others. */
export interface MarketSignal {
  symbol: string;
  side: "LONG" | "SHORT";
  price: number;
  sl: number;
  tp1: number;
  tp2: number;
}

const EURUSD_LONG: MarketSignal = { symbol: "EURUSD", side: "LONG", price: 1.085, sl: 1.08, tp1: 1.09, tp2: 1.095 };

/**
 * Publishes a market signal of Alpha Swing with `rationale`, expiring in `expiresInMs`.
 * @returns the new signal's id; fails the test unless the API answers 201.
 */
export async function publishAlphaSwingSignal(
  request: APIRequestContext,
  rationale: string,
  options: { levels?: MarketSignal; expiresInMs?: number } = {},
): Promise<number> {
  return publishMarketSignal(request, "alpha-swing", rationale, options);
}

/**
 * Publishes a market signal of the strategy `slug` with `rationale`, expiring in `expiresInMs` (EURUSD LONG unless `levels` say otherwise).
 * @returns the new signal's id; fails the test unless the API answers 201.
 */
export async function publishMarketSignal(
  request: APIRequestContext,
  slug: string,
  rationale: string,
  options: { levels?: MarketSignal; expiresInMs?: number } = {},
): Promise<number> {
  const strategy = (await (await request.get(`/api/strategies/${slug}`)).json()) as { id: number };
  const { symbol, side, price, sl, tp1, tp2 } = options.levels ?? EURUSD_LONG;
  const published = await request.post("/api/admin/signals", {
    data: {
      strategyId: strategy.id,
      symbol,
      side,
      entryJson: { price, method: "market" },
      sl,
      tpJson: { tp1, tp2 },
      rationale,
      expiresAt: new Date(Date.now() + (options.expiresInMs ?? 86_400_000)).toISOString(),
    },
  });
  expect(published.status()).toBe(201);
  return ((await published.json()) as { id: number }).id;
}
