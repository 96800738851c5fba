import type { ActionFunctionArgs } from "@remix-run/node";
import { telegramUpdateSchema, telegramWebhookReplySchema } from "~/schemas/api/telegram";
import { apiHandler, apiJsonOf, applySecurityHeaders, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { handleTelegramUpdate, isTelegramEnabled, telegramSecretMatches } from "~/services/telegram.server";

/** Largest update accepted, in bytes (a message is at most 4,096 characters). */
const MAX_UPDATE_BYTES = 32 * 1024;

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/telegram/webhook: the bot's updates from Telegram. The
 * `X-Telegram-Bot-Api-Secret-Token` header must equal TELEGRAM_WEBHOOK_SECRET
 * (constant-time compare). `/start <code>` links the chat, `/stop` unlinks it.
 * @returns 200 with a `sendMessage` call Telegram makes for us (the reply),
 *   204 when there is nothing to say; 401 for a wrong or missing secret; 404
 *   when the Telegram channel is off; 400/413/415 for a body that is not an update.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!isTelegramEnabled()) return problem(404, "Telegram is not enabled on this server");
  if (!telegramSecretMatches(request.headers.get("X-Telegram-Bot-Api-Secret-Token"))) {
    return problem(401, "The X-Telegram-Bot-Api-Secret-Token header is missing or wrong");
  }
  const parsed = telegramUpdateSchema.safeParse(await readJsonBody(request, MAX_UPDATE_BYTES));
  if (!parsed.success) return validationProblem(parsed.error);
  const reply = handleTelegramUpdate(parsed.data, new Date());
  if (!reply) return new Response(null, { status: 204, headers: applySecurityHeaders(new Headers({ "Cache-Control": "no-store" })) });
  return apiJsonOf(telegramWebhookReplySchema, reply);
});
