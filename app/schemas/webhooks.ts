/**
 * Webhook endpoint forms and their /api twins: register (`url`,
 * `eventTypes`), and the Account → Webhooks intents (delete, send a test
 * event, redeliver a job, rotate the secret). The URL's scheme and address
 * rules are checked by the action (they depend on WEBHOOK_ALLOW_PRIVATE and DNS).
 */
import { z } from "zod";
import { DELIVERY_EVENT_TYPES } from "~/domain/delivery";
import { unknownIntent } from "./account";

/** Longest webhook URL accepted, in characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

const eventTypes = z
  .array(z.enum(DELIVERY_EVENT_TYPES as unknown as [string, ...string[]], { errorMap: () => ({ message: `Event types are ${DELIVERY_EVENT_TYPES.join(", ")}` }) }), {
    required_error: "Choose at least one event type",
    invalid_type_error: "eventTypes must be a list of event type names",
  })
  .min(1, "Choose at least one event type")
  .transform((types) => [...new Set(types)]);

/** `POST /api/webhooks` and the page's add form: an absolute URL and at least one event type. */
export const webhookCreateSchema = z.object({
  url: z
    .string({ required_error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`),
  eventTypes,
});

const id = z.coerce.number({ invalid_type_error: "Unknown webhook" }).int().positive();

/** The Account → Webhooks page's forms, a union on `intent`. */
export const webhookIntentSchema = z.discriminatedUnion(
  "intent",
  [
    webhookCreateSchema.extend({ intent: z.literal("add") }),
    z.object({ intent: z.literal("delete"), webhookId: id }),
    z.object({ intent: z.literal("test"), webhookId: id }),
    z.object({ intent: z.literal("rotate"), webhookId: id }),
    z.object({ intent: z.literal("redeliver"), webhookId: id, jobId: id }),
    z.object({ intent: z.literal("skip"), webhookId: id, jobId: id }),
  ],
  unknownIntent,
);

/** The endpoint id of a path such as /api/webhooks/{id}: a positive integer, or null. */
export function parseWebhookId(raw: string | undefined): number | null {
  const parsed = id.safeParse(/^\d{1,12}$/.test(raw ?? "") ? raw : "x");
  return parsed.success ? parsed.data : null;
}
