/**
 * The Telegram bot (docs/decisions/0050-telegram-channel.md): the grammY Bot
 * API client (TELEGRAM_BOT_TOKEN against TELEGRAM_API_ROOT, with grammY's
 * throttler and auto-retry), the bot's username from `getMe`, registering the
 * webhook, checking the webhook's secret-token header, and answering the
 * updates that arrive there (`/start <code>` links a chat, `/stop` unlinks it).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import { Api } from "grammy";
import { TELEGRAM_REPLIES } from "~/content/delivery";
import { isTelegramStop, telegramStartCode } from "~/domain/delivery";
import { linkTelegramChat, unlinkTelegramChat } from "~/models/telegram.server";
import type { TelegramUpdate, TelegramWebhookReply } from "~/schemas/api/telegram";
import { getEnv, telegramConfig } from "~/platform/env.server";

/** Seconds one Bot API request may take. */
const REQUEST_TIMEOUT_S = 10;
/** A 429 asking to wait longer than this (s) fails the attempt; the outbox retries it later. */
const MAX_RETRY_AFTER_S = 10;

let client: { key: string; api: Api } | null = null;
let username: { key: string; name: string } | null = null;

/** Whether the Telegram channel is on (TELEGRAM_BOT_TOKEN is set). */
export function isTelegramEnabled(): boolean {
  return telegramConfig() !== null;
}

/**
 * The process's Bot API client: grammY's `Api` at TELEGRAM_API_ROOT with the
 * throttler (30 messages/s overall, 1/s per chat, 20/min per group) and
 * auto-retry (429 `retry_after` up to 10 s, and 5xx, twice).
 * @throws Error when the channel is off.
 */
export function telegramApi(): Api {
  const config = telegramConfig();
  if (!config) throw new Error("Telegram is off: TELEGRAM_BOT_TOKEN is not set");
  const key = `${config.apiRoot}|${config.token}`;
  if (client?.key !== key) {
    const api = new Api(config.token, { apiRoot: config.apiRoot, timeoutSeconds: REQUEST_TIMEOUT_S });
    api.config.use(apiThrottler());
    api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: MAX_RETRY_AFTER_S }));
    client = { key, api };
  }
  return client.api;
}

/**
 * The bot's username (without `@`) from `getMe`, asked once per process.
 * @throws Error when the channel is off or the Bot API cannot be reached.
 */
export async function telegramBotUsername(): Promise<string> {
  const api = telegramApi();
  const key = client!.key;
  if (username?.key === key) return username.name;
  const me = await api.getMe();
  username = { key, name: me.username };
  return me.username;
}

/**
 * Points the bot's webhook at `<APP_URL>/api/telegram/webhook` with the
 * secret token, for message updates only. Does nothing when the channel is
 * off or APP_URL is not set (the Bot API needs a public URL).
 * @returns the URL registered, or null when nothing was done.
 * @throws GrammyError / HttpError when the Bot API refuses or cannot be reached.
 */
export async function registerTelegramWebhook(): Promise<string | null> {
  const config = telegramConfig();
  const appUrl = getEnv().APP_URL;
  if (!config || !appUrl) return null;
  const url = `${new URL(appUrl).origin}/api/telegram/webhook`;
  await telegramApi().setWebhook(url, { secret_token: config.webhookSecret, allowed_updates: ["message"] });
  return url;
}

/** Whether `received` (the X-Telegram-Bot-Api-Secret-Token header) equals the configured secret, compared in constant time. */
export function telegramSecretMatches(received: string | null): boolean {
  const config = telegramConfig();
  if (!config || received === null) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(received), digest(config.webhookSecret));
}

/**
 * Acts on one update: `/start <code>` links the chat to the code's user (an
 * unknown, used or expired code is refused), `/stop` unlinks the chat, a
 * bare `/start` explains how to link; anything else is ignored.
 * @returns the reply to send to the chat (answered in the webhook's response body), or null for none.
 */
export function handleTelegramUpdate(update: TelegramUpdate, now: Date): TelegramWebhookReply | null {
  const message = update.message;
  if (!message?.text) return null;
  const chatId = message.chat.id;
  const reply = (text: string): TelegramWebhookReply => ({ method: "sendMessage", chat_id: chatId, text });
  const code = telegramStartCode(message.text);
  if (code !== null) {
    const chat = message.chat;
    const name = chat.username ? `@${chat.username}` : (chat.title ?? chat.first_name ?? String(chatId));
    return reply(linkTelegramChat(code, { id: String(chatId), name }, now) === null ? TELEGRAM_REPLIES.codeRefused : TELEGRAM_REPLIES.linked);
  }
  if (isTelegramStop(message.text)) {
    return reply(unlinkTelegramChat(String(chatId)) > 0 ? TELEGRAM_REPLIES.stopped : TELEGRAM_REPLIES.notLinked);
  }
  if (/^\/start\b/.test(message.text.trim())) return reply(TELEGRAM_REPLIES.help);
  return null;
}
