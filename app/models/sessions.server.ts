/**
 * Sessions are database rows so they can be listed and revoked; the cookie
 * holds only the signed row id.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { sessions, users, type User } from "../../db/schema";
import { sessionMinutesFor } from "~/models/user-settings.server";
import { getDb } from "~/platform/db.server";
import { canWriteHere } from "~/platform/litefs.server";
import { preparedQuery } from "~/platform/prepared.server";

type SessionRow = typeof sessions.$inferSelect;

/** `last_seen_at` is refreshed at most this often, in milliseconds. */
const TOUCH_INTERVAL_MS = 60_000;

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

/**
 * The unexpired session `id` with its user, refreshing last-seen (at most once
 * a minute, and only where this instance may write: a LiteFS replica reads
 * sessions without touching them); undefined when missing or expired.
 */
export function findActiveSession(id: string, now = new Date()): { sessionId: string; user: User } | undefined {
  const row = activeSessionQuery().get({ id, now: now.getTime() });
  if (!row) return undefined;
  const stale = !row.session.lastSeenAt || now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  if (stale && canWriteHere()) touchSessionQuery().run({ id, now: now.getTime() });
  return { sessionId: row.session.id, user: row.user };
}

/** `findActiveSession`'s two statements, prepared once (`now` in epoch milliseconds, as the timestamp_ms columns hold it). */
const activeSessionQuery = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);
const touchSessionQuery = preparedQuery((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare(),
);

/** Deletes session `id` (signing it out), whoever it belongs to. */
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
 * The public handle of a session in page forms: the first 16 bytes of
 * SHA-256("session-handle:" + id) as 32 hex characters, so the session ids
 * themselves (the cookie's payload) never appear in HTML.
 */
export function sessionHandle(id: string): string {
  return createHash("sha256").update(`session-handle:${id}`).digest().subarray(0, 16).toString("hex");
}

/** A session as the viewer's session list shows it. */
export interface ListedSession extends SessionRow {
  /** `sessionHandle(id)`, the only way a page names the session. */
  handle: string;
  /** True for the session making the request. */
  current: boolean;
}

/** The user's unexpired sessions with their handles: the current session first, then newest first. */
export function listSessionsWithHandles(userId: number, currentSessionId: string, now = new Date()): ListedSession[] {
  return listSessions(userId, now)
    .map((session) => ({ ...session, handle: sessionHandle(session.id), current: session.id === currentSessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out the user's session named by `handle` (see `sessionHandle`).
 * Looks only among `userId`'s own unexpired sessions, so another user's session is never found.
 * @returns "revoked"; "current" when it is `currentSessionId` (not signed out); "not-found" otherwise.
 */
export function revokeSessionByHandle(
  userId: number,
  handle: string,
  currentSessionId: string,
  now = new Date(),
): "revoked" | "current" | "not-found" {
  const target = listSessions(userId, now).find((session) => sessionHandle(session.id) === handle);
  if (!target) return "not-found";
  if (target.id === currentSessionId) return "current";
  const deleted = getDb()
    .delete(sessions)
    .where(and(eq(sessions.id, target.id), eq(sessions.userId, userId)))
    .run().changes;
  return deleted > 0 ? "revoked" : "not-found";
}
