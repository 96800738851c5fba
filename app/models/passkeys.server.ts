/**
 * Passkeys (WebAuthn credentials) and their outstanding challenges
 * (docs/decisions/0130-passkeys.md). Every read and write of a user's passkey
 * names the user, so one user's request never touches another's credential.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import { passkeyChallenges, passkeys, type PasskeyRow } from "../../db/schema";
import { getDb } from "~/platform/db.server";

export type Passkey = PasskeyRow;
export type PasskeyCeremony = (typeof passkeyChallenges.$inferSelect)["ceremony"];

/** How long a challenge stays usable, in milliseconds (5 minutes: the ceremony's timeout is 60 s). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The passkeys of `userId`, oldest first. */
export function listPasskeys(userId: number): Passkey[] {
  return getDb().select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)).all();
}

/** The passkey with credential id `credentialId` (base64url), of any user; undefined when none. */
export function findPasskeyByCredentialId(credentialId: string): Passkey | undefined {
  return getDb().select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

/** The WebAuthn user id (base64url) the user's passkeys were created under, or null before the first one. */
export function userHandleOf(userId: number): string | null {
  return getDb().select({ handle: passkeys.userHandle }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1).get()?.handle ?? null;
}

/** What a verified registration stores. `publicKey`: COSE key bytes; `transports`: AuthenticatorTransport strings. */
export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: Passkey["deviceType"];
  backedUp: boolean;
  userHandle: string;
  name: string;
  now: Date;
}

/**
 * Stores a newly registered passkey.
 * @returns the row, or null when the credential id is already registered (to anyone).
 */
export function addPasskey(input: NewPasskey): Passkey | null {
  const row = getDb()
    .insert(passkeys)
    .values({
      userId: input.userId,
      credentialId: input.credentialId,
      publicKey: Buffer.from(input.publicKey),
      counter: input.counter,
      transports: JSON.stringify(input.transports),
      deviceType: input.deviceType,
      backedUp: input.backedUp,
      userHandle: input.userHandle,
      name: input.name,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  return row ?? null;
}

/** The transports stored with a passkey, as AuthenticatorTransport strings. */
export function passkeyTransports(passkey: Passkey): string[] {
  const parsed: unknown = JSON.parse(passkey.transports);
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
}

/** Renames `userId`'s passkey `id`. @returns false when the user has no such passkey. */
export function renamePasskey(userId: number, id: number, name: string): boolean {
  const result = getDb().update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).run();
  return result.changes > 0;
}

/** Removes `userId`'s passkey `id`. @returns false when the user has no such passkey. */
export function removePasskey(userId: number, id: number): boolean {
  const result = getDb().delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).run();
  return result.changes > 0;
}

/**
 * Records a verified sign-in with passkey `id`: the authenticator's new signature
 * counter, its current backup state, and the time.
 */
export function recordPasskeyUse(id: number, use: { counter: number; backedUp: boolean; deviceType: Passkey["deviceType"]; now: Date }): void {
  getDb()
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, deviceType: use.deviceType, lastUsedAt: use.now })
    .where(eq(passkeys.id, id))
    .run();
}

/** A challenge handed out for one ceremony. */
export interface PasskeyChallenge {
  id: string;
  challenge: string;
  userId: number | null;
  userHandle: string | null;
}

/**
 * Stores a challenge (and drops every expired one). A registration challenge
 * replaces any earlier one of the same session.
 * @param input.sessionId the session a registration is bound to (null for a sign-in, bound by cookie instead).
 * @returns the row id (64 hex characters) the sign-in cookie carries.
 */
export function saveChallenge(input: {
  ceremony: PasskeyCeremony;
  challenge: string;
  userId: number | null;
  sessionId: string | null;
  userHandle: string | null;
  now: Date;
}): string {
  const id = randomBytes(32).toString("hex");
  const db = getDb();
  db.transaction((tx) => {
    tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, input.now)).run();
    if (input.sessionId) {
      tx.delete(passkeyChallenges)
        .where(and(eq(passkeyChallenges.sessionId, input.sessionId), eq(passkeyChallenges.ceremony, input.ceremony)))
        .run();
    }
    tx.insert(passkeyChallenges)
      .values({
        id,
        ceremony: input.ceremony,
        challenge: input.challenge,
        userId: input.userId,
        sessionId: input.sessionId,
        userHandle: input.userHandle,
        expiresAt: new Date(input.now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
        createdAt: input.now,
      })
      .run();
  });
  return id;
}

function takeWhere(where: ReturnType<typeof and>, now: Date): PasskeyChallenge | null {
  const row = getDb().delete(passkeyChallenges).where(where).returning().get();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { id: row.id, challenge: row.challenge, userId: row.userId, userHandle: row.userHandle };
}

/**
 * Takes (deletes and returns) the registration challenge of session `sessionId`
 * for user `userId`: single use. @returns null when none, or expired.
 */
export function takeRegistrationChallenge(sessionId: string, userId: number, now: Date): PasskeyChallenge | null {
  return takeWhere(
    and(eq(passkeyChallenges.sessionId, sessionId), eq(passkeyChallenges.userId, userId), eq(passkeyChallenges.ceremony, "registration")),
    now,
  );
}

/** Takes (deletes and returns) the sign-in challenge with row id `id`: single use. @returns null when none, or expired. */
export function takeAuthenticationChallenge(id: string, now: Date): PasskeyChallenge | null {
  return takeWhere(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.ceremony, "authentication")), now);
}
