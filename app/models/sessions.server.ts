/**
 * Sessions are database rows so they can be listed and revoked; the cookie
 * holds only the signed row id.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, userSettings, users, type User } from "../../db/schema";
import { getDb } from "~/services/db.server";

/** Default session lifetime: 30 days, in minutes. */
export const DEFAULT_SESSION_MINUTES = 30 * 24 * 60;
/** `last_seen_at` is refreshed at most this often, in milliseconds. */
const TOUCH_INTERVAL_MS = 60_000;

/** The lifetime (minutes) the user chose for new sessions, or the default. */
export function sessionMinutesFor(userId: number): number {
  const row = getDb()
    .select({ minutes: userSettings.sessionTimeoutMinutes })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row?.minutes ?? DEFAULT_SESSION_MINUTES;
}

/**
 * Creates a session row for `userId`.
 * @returns the new session id (64 hex chars) and its expiry.
 */
export function createSession(userId: number, userAgent: string | null, now = new Date()) {
  const id = randomBytes(32).toString("hex");
  const expiresAt = new Date(now.getTime() + sessionMinutesFor(userId) * 60_000);
  getDb()
    .insert(sessions)
    .values({ id, userId, userAgent: userAgent?.slice(0, 400) ?? null, createdAt: now, lastSeenAt: now, expiresAt })
    .run();
  return { id, expiresAt };
}

/** The unexpired session `id` with its user, refreshing last-seen; undefined when missing or expired. */
export function findActiveSession(id: string, now = new Date()): { sessionId: string; user: User } | undefined {
  const db = getDb();
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .get();
  if (!row) return undefined;
  if (!row.session.lastSeenAt || now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run();
  }
  return { sessionId: row.session.id, user: row.user };
}

export function deleteSession(id: string): void {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

/** Revokes every session of `userId` except `keepId`. @returns how many were revoked. */
export function deleteOtherSessions(userId: number, keepId: string): number {
  return getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .run().changes;
}

/** The user's unexpired sessions, newest first. */
export function listSessions(userId: number, now = new Date()) {
  return getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .all()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Deletes session `sessionId` only when it belongs to `userId`.
 * @returns true when a session was deleted; false when it does not exist or is another user's.
 */
export function deleteSessionOfUser(userId: number, sessionId: string): boolean {
  return (
    getDb()
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .run().changes > 0
  );
}
