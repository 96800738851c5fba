/**
 * Account → Notifications with and without JavaScript: "Link Telegram" shows
 * a one-time deep link; Telegram's update carrying `/start <code>` (posted
 * here to /api/telegram/webhook with the secret token, as Telegram would) links
 * the chat; the page shows it, and Unlink removes it. The app's bot talks to
 * the Bot API stand-in started by start-app.ts.
 */
import { STAND_IN_BOT } from "../support/telegram-bot-api";
import { signUpFresh } from "./support/auth";
import { expect, expectToast, hydrated, test } from "./support/fixtures";

test("link Telegram from Account → Notifications", async ({ page, javaScriptEnabled }, testInfo) => {
  await signUpFresh(page, "/portal/account/notifications");
  await expect(page.getByRole("heading", { name: "Telegram", level: 2 })).toBeVisible();
  await expect(page.getByText("No Telegram chat is linked.")).toBeVisible();
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");

  await page.getByRole("button", { name: "Link Telegram" }).click();
  const deepLink = page.getByTestId("telegram-deep-link");
  await expect(deepLink).toHaveAttribute("href", new RegExp(`^https://t\\.me/${STAND_IN_BOT.username}\\?start=[A-Za-z0-9_-]{32}$`));
  const code = new URL((await deepLink.getAttribute("href"))!).searchParams.get("start")!;

  const chatId = 700_000 + (testInfo.project.name === "js" ? 1 : 2);
  const update = {
    update_id: chatId,
    message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: "Tia", username: `tia_${testInfo.project.name.replace("-", "_")}` }, text: `/start ${code}` },
  };
  const refused = await page.request.post("/api/telegram/webhook", { data: update, headers: { "X-Telegram-Bot-Api-Secret-Token": "wrong-secret-0123456789" } });
  expect(refused.status()).toBe(401);
  const reply = await page.request.post("/api/telegram/webhook", { data: update, headers: { "X-Telegram-Bot-Api-Secret-Token": STAND_IN_BOT.webhookSecret } });
  expect(reply.status()).toBe(200);
  expect(await reply.json()).toMatchObject({ method: "sendMessage", chat_id: chatId, text: expect.stringMatching(/^Linked to FX Trader/) });

  await page.goto("/portal/account/notifications");
  await expect(page.getByTestId("telegram-linked")).toContainText(`@tia_${testInfo.project.name.replace("-", "_")}`);
  if (javaScriptEnabled) await hydrated(page, "form[method='post']");
  await page.getByRole("button", { name: "Unlink" }).click();
  await expectToast(page, javaScriptEnabled, "Telegram unlinked");
  await expect(page.getByText("No Telegram chat is linked.")).toBeVisible();
});

test("the dashboard's Telegram Setup leads to Notifications", async ({ page }) => {
  await signUpFresh(page, "/dashboard");
  await page.getByRole("link", { name: "Telegram Setup" }).click();
  await expect(page).toHaveURL(/\/portal\/account\/notifications$/);
  await expect(page.getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
});
