/**
 * Telegram chats linked to users (`telegram_links`;
 * docs/decisions/0050-telegram-channel.md): one-time link codes (only their
 * SHA-256 is stored), linking a chat with a code, and unlinking.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { telegramLinks, type TelegramLink } from "../../db/schema";
import { TELEGRAM_CODE_TTL_MS } from "~/domain/delivery";
import { getDb } from "~/platform/db.server";

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** The user's Telegram row (pending code and/or linked chat), or undefined. */
export function getTelegramLink(userId: number): TelegramLink | undefined {
  return getDb().select().from(telegramLinks).where(eq(telegramLinks.userId, userId)).get();
}

/**
 * Creates a new one-time link code for `userId`, valid TELEGRAM_CODE_TTL_MS
 * (15 min) from `now`, replacing any earlier code; a linked chat stays linked
 * until the code is used.
 * @returns the code (24 random bytes in base64url, 32 characters) and when it expires.
 */
export function createTelegramLinkCode(userId: number, now: Date): { code: string; expiresAt: Date } {
  const code = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_TTL_MS);
  const codeHash = hashCode(code);
  getDb()
    .insert(telegramLinks)
    .values({ userId, codeHash, codeExpiresAt: expiresAt })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: { codeHash, codeExpiresAt: expiresAt } })
    .run();
  return { code, expiresAt };
}

/**
 * Links chat `chat.id` to the user whose unexpired code is `code`, spending the
 * code (it cannot be used twice).
 * @param chat.name the chat's name to show (`@username` or first name).
 * @returns the linked user's id, or null when the code is unknown, used or expired.
 */
export function linkTelegramChat(code: string, chat: { id: string; name: string }, now: Date): number | null {
  const row = getDb()
    .update(telegramLinks)
    .set({ chatId: chat.id, chatName: chat.name, linkedAt: now, codeHash: null, codeExpiresAt: null })
    .where(and(eq(telegramLinks.codeHash, hashCode(code)), gt(telegramLinks.codeExpiresAt, now)))
    .returning({ userId: telegramLinks.userId })
    .get();
  return row?.userId ?? null;
}

/** Unlinks the user's chat (Account → Notifications → Unlink). @returns whether a chat was linked. */
export function unlinkTelegramUser(userId: number): boolean {
  const result = getDb()
    .update(telegramLinks)
    .set({ chatId: null, chatName: null, linkedAt: null })
    .where(and(eq(telegramLinks.userId, userId), isNotNull(telegramLinks.chatId)))
    .run();
  return result.changes > 0;
}

/**
 * Unlinks chat `chatId` from every user it is linked to (`/stop`, or the bot
 * was blocked). @returns how many users it was linked to.
 */
export function unlinkTelegramChat(chatId: string): number {
  return getDb().update(telegramLinks).set({ chatId: null, chatName: null, linkedAt: null }).where(eq(telegramLinks.chatId, chatId)).run().changes;
}
