/**
 * OpenAPI paths of webhook endpoints, their delivery log and the live signal
 * stream, and the outgoing webhooks (the document's `webhooks` section).
 */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { DELIVERY_EVENT_TYPES, TEST_EVENT_TYPE } from "~/domain/delivery";
import { limitParam } from "~/schemas/api/common";
import {
  deliveryLogListSchema,
  signalWebhookBodySchema,
  streamMessageSchema,
  testWebhookBodySchema,
  webhookCreatedSchema,
  webhookCreateRequestSchema,
  webhookListSchema,
} from "~/schemas/api/webhooks";
import { z } from "~/schemas/api/zod";
import { idempotencyKeyHeader, idempotentProblemResponses, jsonResponse, problemResponses, SECURITY } from "../responses";

const webhookIdParam = z.object({ id: z.coerce.number().int().min(1).openapi({ description: "The endpoint's id.", example: 1 }) });

const SIGNING = [
  "Signed per Standard Webhooks: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the secret shown once at registration",
  "(any `standardwebhooks` library does it). `webhook-id` is the same on every retry; de-duplicate on `data.eventId`.",
  "Answer 2xx within 10 s; other answers are retried with backoff, and an endpoint failing for days is disabled.",
].join(" ");

export const webhookPaths: ZodOpenApiPathsObject = {
  "/api/webhooks": {
    get: {
      operationId: "listWebhooks",
      tags: ["Webhooks"],
      summary: "List my webhook endpoints",
      security: [...SECURITY.required],
      responses: {
        "200": jsonResponse(webhookListSchema, "Your endpoints; secrets are never listed.", { get: true }),
        ...problemResponses(401, 429),
      },
    },
    post: {
      operationId: "createWebhook",
      tags: ["Webhooks"],
      summary: "Register a webhook endpoint",
      description: `Webhooks come with the Institutional plan (403 on other plans). At most 5 per user; https on a public address only. ${SIGNING}`,
      security: [...SECURITY.required],
      requestParams: { header: idempotencyKeyHeader },
      requestBody: { required: true, content: { "application/json": { schema: webhookCreateRequestSchema } } },
      responses: {
        "201": jsonResponse(webhookCreatedSchema, "Registered; the secret is shown this once (and to a retry with the same `Idempotency-Key`)."),
        ...idempotentProblemResponses("You already have 5 endpoints.", 400, 401, 403, 405, 413, 415, 429),
      },
    },
  },
  "/api/webhooks/{id}": {
    delete: {
      operationId: "deleteWebhook",
      tags: ["Webhooks"],
      summary: "Delete a webhook endpoint",
      description: "Deletes the endpoint and its delivery log.",
      security: [...SECURITY.required],
      requestParams: { path: webhookIdParam },
      responses: {
        "204": { description: "Deleted." },
        ...problemResponses(401, 404, 405, 429),
      },
    },
  },
  "/api/webhooks/{id}/deliveries": {
    get: {
      operationId: "listWebhookDeliveries",
      tags: ["Webhooks"],
      summary: "List an endpoint's deliveries",
      description: "The newest deliveries with every attempt: status code, latency and the start of the answer.",
      security: [...SECURITY.required],
      requestParams: { path: webhookIdParam, query: z.object({ limit: limitParam }) },
      responses: {
        "200": jsonResponse(deliveryLogListSchema, "Deliveries, newest first.", { get: true }),
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
  "/api/signals/stream": {
    get: {
      operationId: "streamSignals",
      tags: ["Signals"],
      summary: "Stream signal events",
      description: [
        "Server-Sent Events: one message per new ledger event of the strategies you follow or are entitled to (every strategy for an admin;",
        "`?strategy=slug` narrows to one, and opens the stream without signing in, levels locked) (`id: <seq>`, `event: signal.published` …, `data:` the JSON below),",
        "levels null on open signals of strategies you are not entitled to. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to resume;",
        "a comment line every 15 s keeps the connection open. At most 5 streams per user at once: another is refused with 429.",
      ].join(" "),
      security: [...SECURITY.required],
      requestParams: {
        query: z.object({
          lastEventId: z.coerce.number().int().min(0).optional().openapi({ description: "Resume after this seq (as `Last-Event-ID`)." }),
          strategy: z.string().max(100).optional().openapi({ description: "Only this strategy's events (its slug); allowed without signing in." }),
        }),
        header: z.object({ "Last-Event-ID": z.string().optional().openapi({ description: "The seq of the last message received." }) }),
      },
      responses: {
        "200": {
          description: "An open `text/event-stream`; each message's `data:` is a StreamMessage.",
          content: { "text/event-stream": { schema: z.string().openapi({ description: "SSE messages; `data:` lines hold StreamMessage JSON." }) } },
        },
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
};

/** The stream's message schema, listed in components.schemas (SSE bodies are text). */
export const streamSchemas = { StreamMessage: streamMessageSchema };

const outgoing = (summary: string, schema: typeof signalWebhookBodySchema | typeof testWebhookBodySchema) => ({
  post: {
    operationId: `webhook_${summary.replace(/[^A-Za-z]+/g, "_")}`,
    tags: ["Webhooks"],
    summary,
    description: SIGNING,
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: { "200": { description: "Any 2xx acknowledges the delivery." } },
  },
});

/** Outgoing webhooks, keyed by event type. */
export const outgoingWebhooks: ZodOpenApiPathsObject = Object.fromEntries([
  ...DELIVERY_EVENT_TYPES.map((type) => [type, outgoing(type, signalWebhookBodySchema)] as const),
  [TEST_EVENT_TYPE, outgoing(TEST_EVENT_TYPE, testWebhookBodySchema)] as const,
]);
