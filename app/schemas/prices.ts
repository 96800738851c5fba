/**
 * The body of `POST /api/admin/prices` (docs/decisions/0032-expiry-sweep-and-price-feed.md):
 * `{"bars": [{symbol, time, open, high, low, close}, ...]}`, at most
 * `MAX_BARS_PER_REQUEST` (10,000) bars. This schema checks the envelope only;
 * each bar is validated by the domain (`normaliseBars` in
 * app/domain/bar-replay.ts: `time` ISO 8601 UTC or epoch ms, not in the
 * future; prices > 0 with low ≤ open, close ≤ high), whose errors
 * `barErrorField` renames to the body's paths (`bars[3].time`).
 */
import { z } from "zod";
import { MAX_BARS_PER_REQUEST } from "~/domain/bar-replay";

/**
 * Largest body the prices endpoint reads, in bytes: 10,000 bars of about
 * 110 bytes each, with room for pretty-printed JSON (the server-wide limit of
 * 64 KB would hold about 500).
 */
export const MAX_PRICES_BODY_BYTES = 4 * 1024 * 1024;

export const pricesBodySchema = z.object(
  {
    bars: z
      .array(z.unknown(), { required_error: "Bars are required: an array of {symbol, time, open, high, low, close}", invalid_type_error: "Bars must be an array" })
      .max(MAX_BARS_PER_REQUEST, `At most ${MAX_BARS_PER_REQUEST.toLocaleString("en-US")} bars per request`),
  },
  { required_error: "The body must be an object {bars: [...]}", invalid_type_error: "The body must be an object {bars: [...]}" },
);

export type PricesBody = z.infer<typeof pricesBodySchema>;

/**
 * A bar error's field as the request body names it: the domain's "3.time"
 * becomes "bars[3].time", "3" becomes "bars[3]", and "body" (the list as a whole) "bars".
 */
export function barErrorField(field: string): string {
  if (field === "body") return "bars";
  const [index, ...rest] = field.split(".");
  return `bars[${index}]${rest.map((part) => `.${part}`).join("")}`;
}
