/**
 * Webhook endpoints, their delivery log, and the bodies FX Trader sends: the
 * signed webhook POST and the live stream's messages. Typed against the
 * domain's and models' types so the document cannot drift from the answers.
 */
import { DELIVERY_EVENT_TYPES, TEST_EVENT_TYPE, type DeliveryLogView } from "~/domain/delivery";
import type { WebhookView } from "~/models/webhooks.server";
import { DELIVERY_STATUSES } from "../../../db/schema";
import { isoDateTime } from "./common";
import { apiSignalSchema } from "./signals";
import { z } from "./zod";

const eventType = z.enum(DELIVERY_EVENT_TYPES as unknown as [string, ...string[]]).openapi({ example: "signal.published" });

/** One registered endpoint as listed; never its secret. */
export const webhookViewSchema: z.ZodType<WebhookView> = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    url: z.string().url().openapi({ example: "https://example.com/hooks/fx-trader" }),
    eventTypes: z.array(z.string()).openapi({ example: ["signal.published", "signal.closed"] }),
    createdAt: isoDateTime,
    disabledAt: isoDateTime.nullable().openapi({ description: "When repeated failures disabled the endpoint; null while it is live." }),
    previousSecretExpiresAt: isoDateTime.nullable().openapi({ description: "Until when the secret before the last rotation still signs; null when none does." }),
  })
  .strict()
  .openapi({ ref: "WebhookEndpoint" });

/** `GET /api/webhooks`. */
export const webhookListSchema = z.object({ items: z.array(webhookViewSchema) }).strict().openapi({ ref: "WebhookEndpointList" });

/** `POST /api/webhooks` body. */
export const webhookCreateRequestSchema = z
  .object({
    url: z.string().max(2048).openapi({ description: "https, on a public address.", example: "https://example.com/hooks/fx-trader" }),
    eventTypes: z.array(eventType).min(1),
  })
  .openapi({ ref: "WebhookCreate" });

/** `POST /api/webhooks` answer: the only time the signing secret is shown. */
export const webhookCreatedSchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    url: z.string().openapi({ example: "https://example.com/hooks/fx-trader" }),
    eventTypes: z.array(z.string()),
    secret: z.string().openapi({ description: "Standard Webhooks signing secret (`whsec_…`). Store it now: it is never shown again.", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
  })
  .strict()
  .openapi({ ref: "WebhookCreated" });

/** One delivery job of an endpoint with its attempts, newest attempt first. */
export const deliveryLogSchema: z.ZodType<DeliveryLogView> = z
  .object({
    id: z.number().int(),
    eventType: z.string().openapi({ example: "signal.closed" }),
    seq: z.number().int().nullable().openapi({ description: "The ledger event's seq; null for a test event." }),
    webhookId: z.string().openapi({ description: "The `webhook-id` header: the same on every retry and redelivery.", example: "msg_42" }),
    status: z.enum(DELIVERY_STATUSES).openapi({ example: "sent" }),
    attempts: z.number().int(),
    createdAt: isoDateTime,
    sentAt: isoDateTime.nullable(),
    nextAttemptAt: isoDateTime.nullable().openapi({ description: "When the next attempt is due; null unless queued or retrying." }),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    log: z.array(
      z
        .object({
          attempt: z.number().int(),
          at: isoDateTime,
          statusCode: z.number().int().nullable(),
          latencyMs: z.number().int().openapi({ description: "Time to the answer, in milliseconds." }),
          responseExcerpt: z.string().nullable().openapi({ description: "The first 500 characters of the answer." }),
          error: z.string().nullable(),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi({ ref: "DeliveryLogEntry" });

/** `GET /api/webhooks/{id}/deliveries`. */
export const deliveryLogListSchema = z.object({ items: z.array(deliveryLogSchema) }).strict().openapi({ ref: "DeliveryLog" });

/** The ledger event a webhook or stream message carries. */
const ledgerEventData = {
  eventId: z.string().openapi({ description: "Stable id of the ledger event; deduplicate on it.", example: "evt_42" }),
  seq: z.number().int().openapi({ description: "The event's position in the ledger.", example: 42 }),
  hash: z.string().openapi({ description: "The event's ledger hash (hex SHA-256)." }),
  signal: apiSignalSchema,
};

/** The JSON body of a signal webhook POST (signed per Standard Webhooks). */
export const signalWebhookBodySchema = z
  .object({
    type: eventType,
    timestamp: isoDateTime.openapi({ description: "When the event happened." }),
    data: z
      .object({
        ...ledgerEventData,
        checkpoint: z
          .object({
            treeSize: z.number().int().min(1).openapi({ description: "Rows in the tree right after the event (its seq)." }),
            rootHash: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: "RFC 9162 root of that tree, lowercase hex: keep it, and hold the site to it (docs/ledger.md)." }),
          })
          .strict(),
      })
      .strict(),
  })
  .strict()
  .openapi({ ref: "SignalWebhook" });

/** The JSON body of the test event sent from Account → Webhooks. */
export const testWebhookBodySchema = z
  .object({
    type: z.literal(TEST_EVENT_TYPE),
    timestamp: isoDateTime,
    data: z.object({ message: z.string(), sentAt: isoDateTime }).strict(),
  })
  .strict()
  .openapi({ ref: "TestWebhook" });

/** The `data:` line of a stream message. */
export const streamMessageSchema = z
  .object({ ...ledgerEventData, type: eventType, occurredAt: isoDateTime })
  .strict()
  .openapi({ ref: "StreamMessage" });
