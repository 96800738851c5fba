/**
 * The admin endpoints' documented JSON bodies. Requests are validated by
 * app/schemas/signal.ts and app/schemas/signal-transitions.ts (shared with the
 * admin desk's forms, which also accept decimal strings); these describe the
 * JSON a client sends.
 */
import { MAX_BARS_PER_REQUEST } from "~/domain/bar-replay";
import { CLOSE_REASONS, MAX_NOTE_LENGTH } from "~/domain/signal-lifecycle";
import { MAX_EXPIRY_DAYS, MAX_PRICE, MAX_RATIONALE_LENGTH } from "../signal";
import { apiSignalSchema } from "./signals";
import { z } from "./zod";

const levelPrice = (description: string, example: number) =>
  z.number().gt(0).max(MAX_PRICE).openapi({ description: `${description} In the quote currency.`, example });

const at = z.string().optional().openapi({
  description: "When it happened (default now): ISO 8601 with Z or an offset, or YYYY-MM-DDTHH:mm[:ss] read as UTC.",
  example: "2026-11-23T10:15:00Z",
});

/** `POST /api/admin/signals` body (spec section 7); the flat aliases of the signal shape are accepted too. */
export const publishSignalRequestSchema = z
  .object({
    strategyId: z.number().int().min(1).openapi({ example: 1 }),
    symbol: z.string().openapi({ example: "EURUSD" }),
    side: z.enum(["LONG", "SHORT"]).openapi({ description: "Or `direction`.", example: "LONG" }),
    entryJson: z
      .object({ price: levelPrice("Entry price (or flat `entryPrice`).", 1.0865), method: z.enum(["market", "limit", "stop"]).optional() })
      .openapi({ description: "A market entry is ACTIVE at once; limit and stop entries are PENDING until triggered." }),
    sl: levelPrice("Stop loss (or flat `stopLoss`).", 1.082),
    tpJson: z
      .object({ tp1: levelPrice("First target (or flat `takeProfit1`).", 1.09325), tp2: levelPrice("Second target (or flat `takeProfit2`).", 1.09775).optional() }),
    rationale: z.string().max(MAX_RATIONALE_LENGTH).optional(),
    expiresAt: z.string().openapi({ description: `Expiry, in the future and at most ${MAX_EXPIRY_DAYS} days ahead (ISO 8601).`, example: "2026-11-27T09:00:00Z" }),
  })
  .openapi({ ref: "PublishSignalRequest" });

/** `POST /api/admin/signals/{id}/trigger`: PENDING → ACTIVE. */
export const triggerRequestSchema = z.object({ fillPrice: levelPrice("Fill price.", 1.0865), at }).openapi({ ref: "TriggerRequest" });

/** `POST /api/admin/signals/{id}/modify`: new levels (at least one). */
export const modifyRequestSchema = z
  .object({ sl: levelPrice("New stop loss.", 1.0865).optional(), tp1: levelPrice("New first target.", 1.094).optional(), tp2: levelPrice("New second target.", 1.099).optional(), at })
  .openapi({ ref: "ModifyRequest" });

/** `POST /api/admin/signals/{id}/partial-close`: part of an ACTIVE position closed. */
export const partialCloseRequestSchema = z
  .object({
    exitPrice: levelPrice("Exit price.", 1.09325),
    fraction: z.number().gt(0).lt(1).openapi({ description: "Share of the original position, 0 < x < 1.", example: 0.5 }),
    at,
  })
  .openapi({ ref: "PartialCloseRequest" });

/** `POST /api/admin/signals/{id}/close`: ACTIVE → CLOSED. */
export const closeRequestSchema = z
  .object({ exitPrice: levelPrice("Exit price.", 1.09775), reason: z.enum(CLOSE_REASONS).openapi({ example: "TP2" }), at })
  .openapi({ ref: "CloseRequest" });

/** `POST /api/admin/signals/{id}/cancel`: PENDING → CANCELLED. */
export const cancelRequestSchema = z
  .object({ note: z.string().max(MAX_NOTE_LENGTH).optional(), at })
  .openapi({ ref: "CancelRequest" });

/** One OHLC bar of `POST /api/admin/prices`; prices in the quote currency. */
const priceBarSchema = z
  .object({
    symbol: z.string().openapi({ example: "EURUSD" }),
    time: z.union([z.string(), z.number().int()]).openapi({ description: "The bar's open time: ISO 8601 UTC or epoch milliseconds; never in the future.", example: "2026-11-23T10:00:00Z" }),
    open: z.number().gt(0).openapi({ example: 1.0861 }),
    high: z.number().gt(0).openapi({ example: 1.0872 }),
    low: z.number().gt(0).openapi({ example: 1.0855 }),
    close: z.number().gt(0).openapi({ example: 1.0868 }),
  })
  .openapi({ ref: "PriceBar" });

/** `POST /api/admin/prices`: bars replayed against the open signals (docs/decisions/0023, 0032). */
export const pricesRequestSchema = z
  .object({ bars: z.array(priceBarSchema).max(MAX_BARS_PER_REQUEST).openapi({ description: "Any order; exact duplicates ignored." }) })
  .openapi({ ref: "PricesRequest" });

/** The answer of `POST /api/admin/prices`: counts and the signals the bars changed. */
export const pricesResultSchema = z
  .object({
    received: z.number().int().min(0).openapi({ description: "Bars in the request." }),
    applied: z.number().int().min(0).openapi({ description: "Bars replayed after duplicates were dropped." }),
    duplicates: z.number().int().min(0).openapi({ description: "Exact duplicate bars ignored." }),
    events: z.number().int().min(0).openapi({ description: "Ledger events appended." }),
    signals: z.array(apiSignalSchema).openapi({ description: "The signals the bars changed, in the API's shape (none with `dryRun=1`)." }),
    dryRun: z.boolean().optional().openapi({ description: "True when nothing was written (`?dryRun=1`)." }),
    preview: z
      .array(
        z
          .object({
            signalId: z.number().int(),
            symbol: z.string(),
            events: z.array(
              z
                .object({
                  type: z.string().openapi({ description: "triggered, modified, partially_closed, closed or expired." }),
                  occurredAt: z.string().openapi({ description: "The bar's time, ISO 8601 UTC." }),
                  price: z.number().nullable().openapi({ description: "Fill or exit price, quote currency; null for expired and modified." }),
                  reason: z.string().nullable(),
                })
                .strict(),
            ),
            status: z.string().openapi({ description: "The signal's status after the bars." }),
            resultPips: z.number().nullable(),
            resultR: z.number().nullable().openapi({ description: "Result in R once closed (0.01 R), else null." }),
          })
          .strict(),
      )
      .optional()
      .openapi({ description: "With `?dryRun=1`: what the bars would do to each open signal, nothing written." }),
  })
  .strict()
  .openapi({ ref: "PricesResult" });
