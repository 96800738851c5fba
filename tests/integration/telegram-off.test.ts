/**
 * Without TELEGRAM_BOT_TOKEN the Telegram channel is off: Account →
 * Notifications says so and offers no link, its action refuses, and the bot's
 * webhook answers 404.
 */
import { describe, expect, it } from "vitest";
import { action as webhookAction } from "~/routes/api.telegram.webhook";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/portal.account.notifications";
import { createUser, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest } from "../support/http";

const PAGE = "http://localhost/portal/account/notifications";

describe("Telegram without a bot token", () => {
  it("the page says Telegram is off and refuses to create a link; the webhook is not there", async () => {
    delete process.env.TELEGRAM_BOT_TOKEN;
    const cookie = await signedInCookie(createUser({ firstName: "Tia" }).id);
    const page = await callRoute(notificationsLoader, getRequest(PAGE, { cookie }));
    expect(await page.json()).toMatchObject({ enabled: false, link: null });

    const refused = await callRoute(notificationsAction, formRequest(PAGE, { intent: "link-telegram" }, { cookie }));
    expect(refused.status).toBe(404);
    expect(JSON.stringify(await refused.json())).toContain("Telegram is not available on this server.");

    const hook = await callRoute(webhookAction, jsonRequest("http://localhost/api/telegram/webhook", { update_id: 1 }, { headers: { "X-Telegram-Bot-Api-Secret-Token": "anything-0123456789" } }));
    expect(hook.status).toBe(404);
  });
});
