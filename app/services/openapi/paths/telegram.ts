/**
 * OpenAPI path of the Telegram bot's webhook (the endpoint Telegram calls
 * with the bot's updates; docs/decisions/0050-telegram-channel.md).
 */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { telegramUpdateSchema, telegramWebhookReplySchema } from "~/schemas/api/telegram";
import { z } from "~/schemas/api/zod";
import { jsonResponse, problemResponses } from "../responses";

export const telegramPaths: ZodOpenApiPathsObject = {
  "/api/telegram/webhook": {
    post: {
      operationId: "telegramWebhook",
      tags: ["Telegram"],
      summary: "Receive the bot's updates (called by Telegram)",
      description: [
        "Telegram posts each update of the FX Trader bot here (registered with `setWebhook` and a secret token).",
        "`X-Telegram-Bot-Api-Secret-Token` must equal the server's TELEGRAM_WEBHOOK_SECRET.",
        "`/start <code>` links the chat to the account that created the code in Account → Notifications (codes work once, for 15 minutes); `/stop` unlinks it.",
        "404 when the server has no bot configured.",
      ].join(" "),
      security: [{}],
      requestParams: {
        header: z.object({ "X-Telegram-Bot-Api-Secret-Token": z.string().openapi({ description: "The secret token given to `setWebhook`." }) }),
      },
      requestBody: { required: true, content: { "application/json": { schema: telegramUpdateSchema } } },
      responses: {
        "200": jsonResponse(telegramWebhookReplySchema, "The bot's reply, a `sendMessage` call Telegram makes on the bot's behalf."),
        "204": { description: "Handled; nothing to reply." },
        ...problemResponses(400, 401, 404, 405, 413, 415),
      },
    },
  },
};
