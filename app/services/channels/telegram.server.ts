/**
 * The Telegram channel (docs/decisions/0050-telegram-channel.md): one HTML
 * message per signal event to the recipient's linked chat, with the levels the
 * recipient may see at send time, sent through grammY with its throttler and
 * auto-retry (`telegramApi`). A 403 (the user blocked the bot, or left the
 * chat) unlinks the chat and kills the job; other 4xx answers kill it too;
 * 429s beyond auto-retry, 5xx and network errors are retried by the outbox.
 */
import { GrammyError } from "grammy";
import type { DeliveryJob } from "../../../db/schema";
import { RISK_LINE } from "~/content/legal-paths";
import { ALERT_DISCLAIMER, EVENT_HEADLINES, TELEGRAM_ALERT } from "~/content/delivery";
import { checkpointLine } from "~/domain/delivery";
import type { ApiSignal } from "~/domain/signals";
import { getStrategyById } from "~/models/strategies.server";
import { getTelegramLink, unlinkTelegramChat } from "~/models/telegram.server";
import { appOrigin } from "~/services/auth.server";
import { isTelegramEnabled, registerTelegramWebhook, telegramApi } from "~/services/telegram.server";
import { jobEventData } from "./event-data.server";
import type { ChannelAdapter, SendResult } from "./types";

/** Escapes the three characters Telegram's HTML parse mode reserves. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}

const level = (value: number | null) => (value === null ? "—" : String(value));

/**
 * The alert for a signal event in Telegram's HTML parse mode (every dynamic
 * text escaped): headline, strategy, status, then entry, stop loss and both
 * targets — or the locked line when the recipient may not see levels —, exit
 * and result once closed, the rationale, a link to `/signals/{id}` and the
 * risk text.
 * @param input.eventType `signal.published` …; input.origin the site's origin for the link; input.summary
 *   what happened (`eventSummary`), right under the strategy.
 * @returns the message text; once Telegram parses the HTML it stays under the 4,096-character limit (a rationale is at most 2,000).
 */
export function renderTelegramMessage(input: { eventType: string; signal: ApiSignal; strategyName: string; origin: string; summary?: readonly string[] }): string {
  const { signal } = input;
  const headline = EVENT_HEADLINES[input.eventType] ?? input.eventType;
  const summary = (input.summary ?? []).map(escapeHtml);
  const lines = [`<b>${escapeHtml(`${headline}: ${signal.symbol} ${signal.side}`)}</b>`, `<i>${escapeHtml(input.strategyName)}</i>`, ...(summary.length ? ["", ...summary] : []), "", `Status: ${escapeHtml(signal.status)}`];
  if (signal.locked) {
    lines.push(escapeHtml(TELEGRAM_ALERT.locked));
  } else {
    lines.push(
      `Entry: ${escapeHtml(`${level(signal.entryPrice)} (${signal.entryJson.method})`)}`,
      `Stop loss: ${escapeHtml(level(signal.stopLoss))}`,
      `Take profit 1: ${escapeHtml(level(signal.takeProfit1))}`,
      `Take profit 2: ${escapeHtml(level(signal.takeProfit2))}`,
    );
  }
  if (signal.exitPrice !== null) lines.push(`Exit: ${escapeHtml(String(signal.exitPrice))}`);
  if (signal.resultPips !== null) lines.push(`Result: ${escapeHtml(`${signal.resultPips} pips (${signal.resultR} R)`)}`);
  if (signal.rationale) lines.push("", escapeHtml(signal.rationale));
  const link = `${input.origin}/signals/${signal.id}`;
  lines.push("", `<a href="${escapeHtml(link).replace(/"/g, "&quot;")}">${escapeHtml(TELEGRAM_ALERT.view)}</a>`, "", `<i>${escapeHtml(ALERT_DISCLAIMER)}</i> <a href="${escapeHtml(`${input.origin}${RISK_LINE.path}`).replace(/"/g, "&quot;")}">${escapeHtml(RISK_LINE.linkLabel)}</a>`, escapeHtml(TELEGRAM_ALERT.settings));
  return lines.join("\n");
}

const fail = (error: string, permanent: boolean, statusCode: number | null = null): SendResult => ({ ok: false, permanent, statusCode, responseExcerpt: null, error });

/**
 * The Telegram channel. `start()` registers the bot's webhook (when APP_URL is
 * set) so updates reach `/api/telegram/webhook`; a failure is logged, not thrown.
 * @param log where a failed webhook registration is reported.
 */
export function createTelegramChannel(log: (line: string) => void = (line) => console.error(line)): ChannelAdapter {
  return {
    start() {
      if (!isTelegramEnabled()) return;
      registerTelegramWebhook().catch((error: unknown) => log(`[telegram] setWebhook failed: ${error instanceof Error ? error.message : String(error)}`));
    },
    async send(job: DeliveryJob, now: Date): Promise<SendResult> {
      if (!isTelegramEnabled()) return fail("Telegram is off: TELEGRAM_BOT_TOKEN is not set", true);
      const chatId = getTelegramLink(job.userId)?.chatId;
      if (!chatId) return fail("No Telegram chat is linked", true);
      const found = jobEventData(job, now);
      if (!found) return fail("The event is no longer in the ledger", true);
      const strategyName = getStrategyById(found.signal.strategyId)?.name ?? "FX Trader";
      const text = `${renderTelegramMessage({ eventType: job.eventType, signal: found.signal, strategyName, origin: appOrigin(), summary: found.summary })}\n\n${escapeHtml(checkpointLine(found.event.checkpoint))}`;
      try {
        const sent = await telegramApi().sendMessage(chatId, text, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
        return { ok: true, statusCode: 200, responseExcerpt: `message_id ${sent.message_id}`, error: null };
      } catch (error) {
        if (error instanceof GrammyError) {
          if (error.error_code === 403) unlinkTelegramChat(chatId);
          const permanent = error.error_code >= 400 && error.error_code < 500 && error.error_code !== 429;
          return fail(error.description, permanent, error.error_code);
        }
        return fail(error instanceof Error ? error.message : String(error), false);
      }
    },
  };
}
