/**
 * Account → Notifications forms: link a Telegram chat (creates a one-time
 * deep link) and unlink it. Both are a bare `intent`.
 */
import { z } from "zod";
import { unknownIntent } from "./account";

/** The Notifications page's forms, a union on `intent`. */
export const telegramIntentSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("link-telegram") }), z.object({ intent: z.literal("unlink-telegram") })],
  unknownIntent,
);
