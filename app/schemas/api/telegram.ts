/**
 * The Telegram Bot API update `POST /api/telegram/webhook` reads (only what
 * the bot uses; other fields and update kinds pass through) and the Bot API
 * call it may answer with (Telegram makes the call on our behalf).
 */
import { z } from "./zod";

/** An Update object (https://core.telegram.org/bots/api#update); only `message.chat` and `message.text` are read. */
export const telegramUpdateSchema = z
  .object({
    update_id: z.number().int(),
    message: z
      .object({
        chat: z
          .object({
            id: z.number().int(),
            type: z.string(),
            username: z.string().optional(),
            first_name: z.string().optional(),
            title: z.string().optional(),
          })
          .passthrough(),
        text: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough()
  .openapi({ ref: "TelegramUpdate", example: { update_id: 1, message: { message_id: 7, date: 1795000000, chat: { id: 42, type: "private", first_name: "Tia" }, text: "/start 3q2-7wEr…" } } });

/** The answer to an update that calls for a reply: a `sendMessage` Telegram performs for the bot. */
export const telegramWebhookReplySchema = z
  .object({
    method: z.literal("sendMessage"),
    chat_id: z.number().int(),
    text: z.string(),
  })
  .strict()
  .openapi({ ref: "TelegramWebhookReply" });

export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
export type TelegramWebhookReply = z.infer<typeof telegramWebhookReplySchema>;
