/**
 * Telegram end to end against the Bot API stand-in on 127.0.0.1
 * (tests/support/telegram-bot-api.ts): linking a chat from Account →
 * Notifications and the bot's webhook (`/start <code>`, `/stop`, the
 * secret-token header, expired codes), then signal events through the outbox,
 * the worker and grammY to the chat — with levels, locked when access lapsed,
 * through a 429, and a blocked bot unlinking the chat.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs, strategyAccess, subscriptions } from "../../db/schema";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import { createTelegramLinkCode, getTelegramLink } from "~/models/telegram.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { getDb } from "~/platform/db.server";
import { action as webhookAction } from "~/routes/api.telegram.webhook";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/portal.account.notifications";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, MINUTE, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest } from "../support/http";
import { STAND_IN_BOT, startTelegramBotApi, type TelegramBotApi } from "../support/telegram-bot-api";

const ORIGIN = "https://fx.example";
const PAGE = `${ORIGIN}/portal/account/notifications`;
const HOOK = `${ORIGIN}/api/telegram/webhook`;

let bot: TelegramBotApi;
let worker: DeliveryWorker;
let adminId: number;
let strategyId: number;
let updateId = 0;

beforeAll(async () => {
  bot = await startTelegramBotApi();
  Object.assign(process.env, {
    APP_URL: ORIGIN,
    TELEGRAM_BOT_TOKEN: STAND_IN_BOT.token,
    TELEGRAM_API_ROOT: bot.url,
    TELEGRAM_WEBHOOK_SECRET: STAND_IN_BOT.webhookSecret,
  });
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha <Swing> & Co" }).id;
  worker = createDeliveryWorker({ log: () => {} });
});

afterAll(async () => {
  await worker.stop();
  await bot.close();
});

/** A follower of the strategy with a live plan, Telegram alerts on and email off. */
async function follower(firstName: string): Promise<{ id: number; cookie: string }> {
  const user = createUser({ firstName });
  insertSubscription(user.id, "pro");
  insertStrategyAccess(user.id, [strategyId]);
  saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), emailAlerts: false, telegramAlerts: true });
  return { id: user.id, cookie: await signedInCookie(user.id) };
}

/** Posts a Telegram message update from chat `chatId` to the bot's webhook, as Telegram would. */
function telegramSays(chatId: number, text: string, secret: string | null = STAND_IN_BOT.webhookSecret) {
  updateId += 1;
  const update = { update_id: updateId, message: { message_id: updateId, date: 1_795_000_000, chat: { id: chatId, type: "private", first_name: "Tia", username: "tia_trades" }, from: { id: chatId, is_bot: false, first_name: "Tia" }, text } };
  return callRoute(webhookAction, jsonRequest(HOOK, update, { headers: secret === null ? {} : { "X-Telegram-Bot-Api-Secret-Token": secret } }));
}

/** Clicks "Link Telegram" on the Notifications page and returns the code of the deep link it shows. */
async function linkCode(cookie: string): Promise<string> {
  const response = await callRoute(notificationsAction, formRequest(PAGE, { intent: "link-telegram" }, { cookie }));
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { deepLink: string } };
  const match = new RegExp(`^https://t\\.me/${STAND_IN_BOT.username}\\?start=([A-Za-z0-9_-]{32})$`).exec(data.deepLink);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** Links `chatId` to the user behind `cookie` through the page and the webhook. */
async function link(cookie: string, chatId: number): Promise<void> {
  const reply = await telegramSays(chatId, `/start ${await linkCode(cookie)}`);
  expect(reply.status).toBe(200);
}

/** Publishes a signal and expands its fan-out rows into jobs, as a worker does right after the commit. */
function publish() {
  const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), { rationale: "Breakout above 1.0840 <retest>" }), adminId);
  expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
  return signal;
}

describe("linking a chat", () => {
  it("shows a one-time deep link; /start <code> links the chat, the page shows it, and the code cannot be used again", async () => {
    const tia = await follower("Tia");
    const code = await linkCode(tia.cookie);
    expect(bot.callsOf("getMe")).toHaveLength(1);
    expect(getTelegramLink(tia.id)?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(getTelegramLink(tia.id)?.codeHash).not.toContain(code);

    const reply = await telegramSays(4242, `/start ${code}`);
    expect(await reply.json()).toEqual({ method: "sendMessage", chat_id: 4242, text: expect.stringMatching(/^Linked to FX Trader\./) });
    expect(getTelegramLink(tia.id)).toMatchObject({ chatId: "4242", chatName: "@tia_trades", codeHash: null });

    const page = await callRoute(notificationsLoader, getRequest(PAGE, { cookie: tia.cookie }));
    expect(await page.json()).toMatchObject({ enabled: true, toggleOn: true, link: { chatName: "@tia_trades" } });

    const again = await telegramSays(5555, `/start ${code}`);
    expect(await again.json()).toMatchObject({ chat_id: 5555, text: expect.stringMatching(/expired or was already used/) });
    expect(getTelegramLink(tia.id)?.chatId).toBe("4242");
  });

  it("refuses a code older than 15 minutes", async () => {
    const lee = await follower("Lee");
    const { code } = createTelegramLinkCode(lee.id, new Date(Date.now() - 15 * MINUTE - 1000));
    const reply = await telegramSays(6001, `/start ${code}`);
    expect(await reply.json()).toMatchObject({ text: expect.stringMatching(/expired or was already used/) });
    expect(getTelegramLink(lee.id)?.chatId).toBeNull();
  });

  it("answers 401 to an update without the secret token or with a wrong one, and changes nothing", async () => {
    const max = await follower("Max");
    const code = await linkCode(max.cookie);
    for (const secret of [null, "not-the-secret-0123456789", `${STAND_IN_BOT.webhookSecret}x`]) {
      const response = await telegramSays(7001, `/start ${code}`, secret);
      expect(response.status).toBe(401);
    }
    expect(getTelegramLink(max.id)?.chatId).toBeNull();
  });

  it("/stop and the page's Unlink both unlink", async () => {
    const ann = await follower("Ann");
    await link(ann.cookie, 8001);
    const stop = await telegramSays(8001, "/stop");
    expect(await stop.json()).toMatchObject({ text: expect.stringMatching(/^Unlinked/) });
    expect(getTelegramLink(ann.id)?.chatId).toBeNull();

    await link(ann.cookie, 8002);
    const unlink = await callRoute(notificationsAction, formRequest(PAGE, { intent: "unlink-telegram" }, { cookie: ann.cookie }));
    expect(unlink.status).toBe(302);
    expect(getTelegramLink(ann.id)?.chatId).toBeNull();
  });
});

describe("signal alerts", () => {
  it("registers the webhook with its secret when the worker starts", async () => {
    const started = createDeliveryWorker({ log: () => {} });
    started.start();
    await expect.poll(() => bot.callsOf("setWebhook").length).toBe(1);
    await started.stop();
    expect(bot.callsOf("setWebhook")[0]!.payload).toMatchObject({ url: `${ORIGIN}/api/telegram/webhook`, secret_token: STAND_IN_BOT.webhookSecret, allowed_updates: ["message"] });
  });

  it("sends a published and a closed signal to the linked chat, in order, with escaped levels, rationale and the signal's link", async () => {
    const ben = await follower("Ben");
    await link(ben.cookie, 9001);
    const signal = publish();
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, new Date());
    await worker.runOnce();
    await worker.runOnce();
    const sent = bot.callsOf("sendMessage").filter((call) => call.payload.chat_id === "9001");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.payload.parse_mode).toBe("HTML");
    const text = String(sent[0]!.payload.text);
    expect(text).toContain("<b>New signal: EURUSD LONG</b>");
    expect(text).toContain("<i>Alpha &lt;Swing&gt; &amp; Co</i>");
    for (const line of ["Entry: 1.085 (market)", "Stop loss: 1.08", "Take profit 1: 1.09", "Take profit 2: 1.095", "Breakout above 1.0840 &lt;retest&gt;"]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`<a href="${ORIGIN}/signals/${signal.id}">View signal</a>`);
    expect(String(sent[1]!.payload.text)).toMatch(/^<b>Signal closed: EURUSD LONG<\/b>[\s\S]*Result: 50 pips \(1 R\)/);
    const jobs = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, ben.id)).all();
    expect(jobs.map((job) => [job.channel, job.eventType, job.status])).toEqual([
      ["telegram", "signal.published", "sent"],
      ["telegram", "signal.closed", "sent"],
    ]);
  });

  it("enqueues nothing for a follower with the toggle off or without a linked chat", async () => {
    const off = await follower("Off");
    await link(off.cookie, 9101);
    saveDeliverySettings(off.id, { ...getDeliverySettings(off.id), telegramAlerts: false });
    const unlinked = await follower("Nol");
    publish();
    const jobs = getDb().select().from(deliveryJobs).all().filter((job) => job.userId === off.id || job.userId === unlinked.id);
    expect(jobs).toEqual([]);
  });

  it("locks the levels when the follower's access to the strategy ended before the send", async () => {
    const cat = await follower("Cat");
    await link(cat.cookie, 9201);
    publish();
    getDb().delete(strategyAccess).where(eq(strategyAccess.userId, cat.id)).run();
    await worker.runOnce();
    const text = String(bot.callsOf("sendMessage").find((call) => call.payload.chat_id === "9201")!.payload.text);
    expect(text).toContain("Levels are locked");
    expect(text).not.toMatch(/Entry:|Stop loss:|Take profit|Breakout above/);
  });

  it("sends nothing when the follower's plan lapsed before the send: the job ends naming the tier", async () => {
    const cid = await follower("Cid");
    await link(cid.cookie, 9251);
    publish();
    getDb().update(subscriptions).set({ status: "EXPIRED", endDate: new Date(Date.now() - DAY) }).where(eq(subscriptions.userId, cid.id)).run();
    await worker.runOnce();
    expect(bot.callsOf("sendMessage").filter((call) => call.payload.chat_id === "9251")).toHaveLength(0);
    const [job] = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, cid.id)).all();
    expect(job).toMatchObject({ status: "dead", lastError: "Not sent: Telegram alerts: not part of the Free tier; included from the Pro plan." });
  });

  it("waits out a 429's retry_after and sends once the Bot API accepts", async () => {
    const dan = await follower("Dan");
    await link(dan.cookie, 9301);
    bot.failNext("sendMessage", { errorCode: 429, description: "Too Many Requests: retry after 1", retryAfter: 1 });
    publish();
    await worker.runOnce();
    const tries = bot.callsOf("sendMessage").filter((call) => call.payload.chat_id === "9301");
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    const [job] = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, dan.id)).all();
    expect(job).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("unlinks the chat and kills the job, without retries, when the user blocked the bot", async () => {
    const eve = await follower("Eve");
    await link(eve.cookie, 9401);
    bot.blockedChats.add("9401");
    publish();
    await worker.runOnce();
    const [job] = getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, eve.id)).all();
    expect(job).toMatchObject({ status: "dead", attempts: 1, lastStatusCode: 403, lastError: "Forbidden: bot was blocked by the user" });
    expect(getTelegramLink(eve.id)?.chatId).toBeNull();
    expect(bot.callsOf("sendMessage").filter((call) => call.payload.chat_id === "9401")).toHaveLength(1);
    publish();
    expect(getDb().select().from(deliveryJobs).where(eq(deliveryJobs.userId, eve.id)).all()).toHaveLength(1);
  });
});
