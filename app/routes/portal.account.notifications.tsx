/**
 * /portal/account/notifications — Notifications: link a Telegram chat with a
 * one-time deep link (`https://t.me/<bot>?start=<code>`, 15 minutes; shown
 * only in the action's reply, the code is stored hashed), see the linked chat
 * and unlink it. Without a bot token the page says Telegram is off.
 */
import { HelpLink } from "~/components/help/help-link";
import { HELP_LINKS } from "~/content/help-paths";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TelegramCard, type TelegramLinkReply } from "~/components/account/notifications/telegram-card";
import { type IntentReplyData, UnknownIntentAlert } from "~/components/portal/intent-form";
import { NOTIFICATIONS_PAGE, TELEGRAM_TOASTS } from "~/content/delivery";
import { telegramDeepLink } from "~/domain/delivery";
import { createTelegramLinkCode, getTelegramLink, unlinkTelegramUser } from "~/models/telegram.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import { telegramIntentSchema } from "~/schemas/telegram";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";
import { isTelegramEnabled, telegramBotUsername } from "~/services/telegram.server";

export const meta: MetaFunction = () => [{ title: "Notifications | FX Trader" }];

/** A freshly shown link code may not be cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const PAGE = "/portal/account/notifications";
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const row = getTelegramLink(user.id);
  const link = row?.chatId && row.linkedAt ? { chatName: row.chatName ?? row.chatId, linkedAt: row.linkedAt.toISOString() } : null;
  return json({ enabled: isTelegramEnabled(), link, toggleOn: getDeliverySettings(user.id).telegramAlerts }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  return handleIntent(request, telegramIntentSchema, async (value): Promise<IntentOutcome<TelegramLinkReply>> => {
    if (!isTelegramEnabled()) return { formErrors: [TELEGRAM_TOASTS.unavailable], status: 404 };
    switch (value.intent) {
      case "link-telegram": {
        let bot: string;
        try {
          bot = await telegramBotUsername();
        } catch {
          return { formErrors: [NOTIFICATIONS_PAGE.unreachable], status: 503 };
        }
        const { code, expiresAt } = createTelegramLinkCode(user.id, new Date());
        return { data: { deepLink: telegramDeepLink(bot, code), expiresAt: expiresAt.toISOString() }, headers: NO_STORE };
      }
      case "unlink-telegram":
        return unlinkTelegramUser(user.id) ? { toast: TELEGRAM_TOASTS.unlinked, redirectTo: PAGE } : { formErrors: [TELEGRAM_TOASTS.notLinked], status: 404 };
    }
  });
}

export default function Notifications() {
  const { enabled, link, toggleOn } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<TelegramLinkReply>;
  return (
    <div className="flex flex-col gap-6">
      <HelpLink slug={HELP_LINKS.telegram} label="Help: Telegram alerts" />
      <UnknownIntentAlert reply={reply} />
      <TelegramCard enabled={enabled} link={link} toggleOn={toggleOn} reply={reply} />
    </div>
  );
}
