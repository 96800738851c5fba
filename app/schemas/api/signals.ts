/**
 * The signal in its API shape (both documented shapes at once, built only by
 * `toApiSignal` in app/domain/signals.ts), ledger events and the MT5 queue.
 * Each schema is typed against the domain's type, so the two cannot drift.
 */
import { CLOSE_REASONS, LIFECYCLE_STATUSES, SIGNAL_EVENT_TYPES } from "~/domain/signal-lifecycle";
import type { ApiLedgerEvent, ApiSignal } from "~/domain/signals";
import type { Mt5QueuePage } from "~/models/mt5.server";
import { isoDateTime } from "./common";
import { z } from "./zod";

const SIDES = ["LONG", "SHORT"] as const;
const ENTRY_METHODS = ["market", "limit", "stop"] as const;

const price = (description: string, example: number) =>
  z.number().nullable().openapi({ description: `${description} In the quote currency; null when \`locked\`.`, example });

/** A signal as every /api route returns it (nested `entryJson`/`sl`/`tpJson` and flat aliases). */
export const apiSignalSchema: z.ZodType<ApiSignal> = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    strategyId: z.number().int().openapi({ example: 1 }),
    symbol: z.string().openapi({ example: "EURUSD" }),
    status: z.enum(LIFECYCLE_STATUSES).openapi({ example: "ACTIVE" }),
    side: z.enum(SIDES).openapi({ description: "Nested shape: LONG buys, SHORT sells.", example: "LONG" }),
    direction: z.enum(SIDES).openapi({ description: "Flat alias of `side`.", example: "LONG" }),
    entryJson: z
      .object({ price: price("Entry price.", 1.0865), method: z.enum(ENTRY_METHODS).openapi({ example: "limit" }) })
      .strict(),
    sl: price("Stop loss.", 1.082),
    tpJson: z.object({ tp1: price("First target.", 1.09325), tp2: price("Second target.", 1.09775) }).strict(),
    entryPrice: price("Flat alias of `entryJson.price`.", 1.0865),
    stopLoss: price("Flat alias of `sl`.", 1.082),
    takeProfit1: price("Flat alias of `tpJson.tp1`.", 1.09325),
    takeProfit2: price("Flat alias of `tpJson.tp2`.", 1.09775),
    rationale: z.string().nullable().openapi({ description: "Why the desk took the trade; null when `locked`." }),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    closedAt: isoDateTime.nullable().openapi({ description: "When the signal ended (closed, cancelled or expired)." }),
    fillPrice: z.number().nullable().openapi({ description: "Fill price once triggered; null while PENDING or locked." }),
    exitPrice: z.number().nullable().openapi({ description: "Volume-weighted exit price over partial and final exits." }),
    closeReason: z.enum(CLOSE_REASONS).nullable(),
    resultPips: z.number().nullable().openapi({ description: "Result in pips, to 0.1." }),
    resultR: z.number().nullable().openapi({ description: "Result in multiples of the original risk, to 0.01." }),
    events: z.string().openapi({ description: "URL of the signal's ledger events.", example: "/api/signals/1/events" }),
    locked: z.boolean().openapi({
      description: "True when price levels and rationale are withheld: an open signal of a strategy the caller is not entitled to.",
    }),
  })
  .strict()
  .openapi({ ref: "Signal" });

/** A page of signals, newest first. */
export const apiSignalListSchema = z.array(apiSignalSchema).openapi({ ref: "SignalList" });

/** One ledger event (docs/ledger.md); `payload` and `salt` null while hidden from the caller. */
export const apiLedgerEventSchema: z.ZodType<ApiLedgerEvent> = z
  .object({
    seq: z.number().int().min(1).openapi({ example: 1 }),
    signalId: z.number().int().min(1).openapi({ example: 1 }),
    type: z.enum(SIGNAL_EVENT_TYPES).openapi({ example: "published" }),
    payload: z.string().nullable().openapi({ description: "The canonical JSON (RFC 8785) text that was hashed; null while hidden." }),
    salt: z.string().nullable().openapi({ description: "Hex salt of the payload commitment; null while hidden." }),
    payloadHash: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: "SHA-256 of salt and payload, hex." }),
    occurredAt: isoDateTime,
    recordedAt: isoDateTime,
    prevHash: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: "`hash` of the previous event (64 zeros for seq 1)." }),
    hash: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: "SHA-256 chaining this event to the previous one, hex." }),
  })
  .strict()
  .openapi({ ref: "LedgerEvent" });

/** `GET /api/ledger`: a page of events oldest first and the `after` of the next page. */
export const ledgerPageSchema = z
  .object({
    events: z.array(apiLedgerEventSchema),
    nextCursor: z.number().int().nullable().openapi({ description: "Pass as `after` for the next page; null at the head." }),
  })
  .strict()
  .openapi({ ref: "LedgerPage" });

/** `GET /api/ledger/head`: the last event's seq and hash (seq 0, 64 zeros and null for an empty ledger). */
export const ledgerHeadSchema = z
  .object({
    seq: z.number().int().min(0).openapi({ example: 42 }),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    recordedAt: isoDateTime.nullable(),
  })
  .strict()
  .openapi({ ref: "LedgerHead" });

/** `GET /api/signals/{id}/events`: one signal's events in seq order. */
export const signalEventsSchema = z
  .object({
    signalId: z.number().int().min(1),
    verified: z.boolean().openapi({
      description:
        "True only when every event of the signal re-hashes from its stored fields and payload, links to the stored hash before it, and the signal's stored row equals the fold of its events (docs/ledger.md).",
    }),
    events: z.array(apiLedgerEventSchema),
  })
  .strict()
  .openapi({ ref: "SignalEvents" });

/** `GET /api/mt5/queue`: the caller's queued signals oldest first, and the cursor to poll with. */
export const mt5QueuePageSchema: z.ZodType<Mt5QueuePage> = z
  .object({
    items: z.array(
      z
        .object({
          id: z.number().int().min(1).openapi({ description: "Queue entry id; acknowledge it with `POST /api/mt5/ack`." }),
          queuedAt: isoDateTime,
          version: z
            .number()
            .int()
            .min(1)
            .openapi({ description: "1 when queued, +1 for every later event of the signal (modified, closed…): apply the entry again when it grows.", example: 1 }),
          changedAt: isoDateTime,
          auto: z.boolean().openapi({ description: "True when queued by the strategy's auto-send, false by Send to MT5.", example: false }),
          remaining: z
            .number()
            .min(0)
            .max(1)
            .nullable()
            .openapi({ description: "Fraction of the position still open after partial closes (1 = all of it); null when `signal.locked`.", example: 1 }),
          signal: apiSignalSchema,
        })
        .strict(),
    ),
    nextCursor: z.number().int().min(0).openapi({ description: "Poll again with `?after=nextCursor`." }),
  })
  .strict()
  .openapi({ ref: "Mt5QueuePage" });

/** `POST /api/mt5/ack` body: the queue entry ids the Expert Advisor applied. */
export const mt5AckRequestSchema = z
  .object({
    ids: z
      .array(z.number({ invalid_type_error: "Must be queue entry ids (integers)" }).int("Must be queue entry ids (integers)").positive("Must be queue entry ids (integers)"), {
        required_error: "Required: the queue entry ids you applied",
        invalid_type_error: "Must be an array of queue entry ids",
      })
      .min(1, "Give at least one queue entry id")
      .max(100, "At most 100 ids at a time")
      .openapi({ description: "Ids of your queue entries (`items[].id`) that you applied.", example: [12, 13] }),
  })
  .openapi({ ref: "Mt5AckRequest" });

/** `POST /api/mt5/ack` answer. */
export const mt5AckResultSchema = z
  .object({
    acknowledged: z.array(z.number().int()).openapi({ description: "Your entries now acknowledged: not offered again until their signal changes.", example: [12, 13] }),
    unknown: z.array(z.number().int()).openapi({ description: "Ids that are not entries of your queue; nothing was done with them.", example: [] }),
  })
  .strict()
  .openapi({ ref: "Mt5AckResult" });
