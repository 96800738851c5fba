/**
 * Two-factor authentication (TOTP, RFC 6238) per user: enrolment with a
 * pending secret, confirmation, sign-in verification with replay protection,
 * and disabling; and the ten one-time recovery codes issued at enrolment
 * (docs/decisions/0049-two-factor-recovery-codes.md), stored as SHA-256
 * hashes only. The secret never leaves the server except while enrolment
 * shows it (QR code and text) to its owner; a recovery code is shown once.
 */
import { createHash, randomBytes } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { twoFactor, twoFactorRecoveryCodes, users } from "../../db/schema";
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
} from "~/domain/recovery-codes";
import { getDb } from "~/platform/db.server";
import { encodeBase32, RFC4648_BASE32 } from "~/domain/base32";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Settings every authenticator app understands (Google Authenticator ignores anything else). */
export const TOTP_CONFIG = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
/** Steps accepted either side of the current one, for clock drift and typing time. */
const TOTP_WINDOW = 1;
/** Issuer shown in authenticator apps. */
const TOTP_ISSUER = "FX Trader";

export interface Enrolment {
  /** Base32 secret, for manual entry. */
  secret: string;
  /** `otpauth://totp/...` URI, for the QR code. */
  otpauthUri: string;
}

/** Thrown by startEnrolment when the account already has a confirmed authenticator. */
class TwoFactorAlreadyEnabledError extends Error {
  constructor() {
    super("Two-factor authentication is already enabled.");
  }
}

/** True when the user has confirmed a TOTP authenticator, so sign-in needs a code. */
export function isTwoFactorEnabled(userId: number): boolean {
  return Boolean(
    getDb()
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
      .get(),
  );
}

/** When two-factor was enabled, or null when it is off (or only pending). */
export function twoFactorEnabledAt(userId: number): Date | null {
  const row = getDb()
    .select({ enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .get();
  return row?.enabledAt ?? null;
}

function authUri(secret: string, accountName: string): string {
  return getTOTPAuthUri({ ...TOTP_CONFIG, secret, accountName, issuer: TOTP_ISSUER });
}

function emailOf(userId: number): string | undefined {
  return getDb().select({ email: users.email }).from(users).where(eq(users.id, userId)).get()?.email;
}

/**
 * Creates (or replaces) the user's pending enrolment with a fresh random secret.
 * @returns the secret and its otpauth URI (issuer "FX Trader", account = the user's email).
 * @throws TwoFactorAlreadyEnabledError when two-factor is on (disable it first, with a code);
 *   Error when the user does not exist.
 */
export function startEnrolment(userId: number): Enrolment {
  const email = emailOf(userId);
  if (!email) throw new Error(`No user ${userId}`);
  // 20 random bytes (160 bits, the RFC 4226 recommendation; the library's default is 80), base32.
  const secret = encodeBase32(crypto.getRandomValues(new Uint8Array(20)), RFC4648_BASE32);
  const db = getDb();
  const replaced = db.transaction((tx) => {
    const existing = tx.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
    if (existing?.enabledAt) return false;
    tx.insert(twoFactor)
      .values({ userId, secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
      })
      .run();
    return true;
  });
  if (!replaced) throw new TwoFactorAlreadyEnabledError();
  return { secret, otpauthUri: authUri(secret, email) };
}

/** The enrolment awaiting its confirming code, or null (none, or already enabled). */
export function getPendingEnrolment(userId: number): Enrolment | null {
  const row = getDb()
    .select({ secret: twoFactor.secret, email: users.email })
    .from(twoFactor)
    .innerJoin(users, eq(users.id, twoFactor.userId))
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .get();
  return row ? { secret: row.secret, otpauthUri: authUri(row.secret, row.email) } : null;
}

/** The otpauth URI as a PNG QR code data URL (shown only to its owner during enrolment). */
export function enrolmentQrCode(otpauthUri: string): Promise<string> {
  return QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 1, width: 220 });
}

/** Drops a pending (unconfirmed) enrolment; an enabled authenticator is left alone. */
export function cancelEnrolment(userId: number): boolean {
  return (
    getDb()
      .delete(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
      .run().changes > 0
  );
}

/** Codes are typed as "123456" or "123 456"; anything else is not a code. */
function normalizeCode(code: string): string | null {
  const digits = code.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / TOTP_CONFIG.period);
}

/**
 * The time step `code` belongs to for `secret` (within ±TOTP_WINDOW of now), or null.
 * verifyTOTP reads the clock itself, so a check that straddles a step boundary is repeated.
 */
async function matchStep(secret: string, code: string): Promise<number | null> {
  const otp = normalizeCode(code);
  if (!otp) return null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = currentStep();
    const result = await verifyTOTP({ ...TOTP_CONFIG, otp, secret, window: TOTP_WINDOW });
    const after = currentStep();
    if (before !== after) continue;
    return result ? before + result.delta : null;
  }
  return null;
}

/**
 * Records `step` as used unless it is not newer than the last used one.
 * A single conditional UPDATE, so two concurrent requests with the same code cannot both win.
 */
function claimStep(db: Db | Tx, userId: number, step: number, enable: boolean): boolean {
  const enabledCondition = enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt);
  const result = db
    .update(twoFactor)
    .set(enable ? { lastUsedStep: step, enabledAt: new Date() } : { lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        enabledCondition,
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .run();
  return result.changes === 1;
}

/** Hex SHA-256 of a normalized recovery code (80 random bits each, so a fast hash is enough: see decision 0049). */
function hashRecoveryCode(normalized: string): string {
  return createHash("sha256").update(normalized).digest("hex");
}

/** Inside `tx`: replaces the user's recovery codes with RECOVERY_CODE_COUNT fresh ones and returns them, formatted. */
function issueRecoveryCodes(tx: Tx, userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_BYTES)));
  tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)).run();
  const now = new Date();
  for (const code of codes) {
    tx.insert(twoFactorRecoveryCodes).values({ userId, codeHash: hashRecoveryCode(code), usedAt: null, createdAt: now }).run();
  }
  return codes.map(formatRecoveryCode);
}

/**
 * Confirms the pending enrolment with a code from the authenticator app and
 * turns two-factor on, issuing the recovery codes in the same transaction.
 * @returns the ten recovery codes (formatted, shown once), or null for a wrong code or when nothing is pending.
 */
export async function confirmEnrolment(userId: number, code: string): Promise<string[] | null> {
  const row = getDb()
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .get();
  if (!row) return null;
  const step = await matchStep(row.secret, code);
  if (step === null) return null;
  return getDb().transaction((tx) => (claimStep(tx, userId, step, true) ? issueRecoveryCodes(tx, userId) : null));
}

/**
 * Replaces the recovery codes of a user with two-factor on (the old ones stop working).
 * @returns the ten new codes (formatted, shown once), or null when two-factor is off.
 */
export function regenerateRecoveryCodes(userId: number): string[] | null {
  return getDb().transaction((tx) => {
    const enabled = tx
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
      .get();
    return enabled ? issueRecoveryCodes(tx, userId) : null;
  });
}

/** How many of the user's recovery codes are still unused (0 to RECOVERY_CODE_COUNT). */
export function recoveryCodesLeft(userId: number): number {
  const row = getDb()
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/**
 * Spends one recovery code: a single conditional UPDATE, so a code works once
 * even when two requests race with it.
 * @returns true when `input` was an unused code of this user with two-factor on.
 */
function spendRecoveryCode(userId: number, input: string): boolean {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized || !isTwoFactorEnabled(userId)) return false;
  const result = getDb()
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(normalized)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .run();
  return result.changes === 1;
}

/**
 * Checks a second factor for a user with two-factor on: a 6-digit code from
 * the authenticator app (see `verifyCode`) or one unused recovery code, which is spent.
 * @returns 'totp' or 'recovery' for the factor that matched, or null.
 */
export async function verifySecondFactor(userId: number, input: string): Promise<"totp" | "recovery" | null> {
  if (normalizeCode(input)) return (await verifyCode(userId, input)) ? "totp" : null;
  return spendRecoveryCode(userId, input) ? "recovery" : null;
}

/**
 * Checks a code for a user with two-factor enabled (sign-in, disabling).
 * Accepts the current step ±1, and only a step newer than the last accepted
 * one, so an observed code cannot be replayed.
 * @returns true when the code is valid and was not used before.
 */
export async function verifyCode(userId: number, code: string): Promise<boolean> {
  const row = getDb()
    .select({ secret: twoFactor.secret, lastUsedStep: twoFactor.lastUsedStep })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .get();
  if (!row) return false;
  const step = await matchStep(row.secret, code);
  if (step === null) return false;
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) return false;
  return claimStep(getDb(), userId, step, false);
}

/**
 * Turns two-factor off after a valid (unused) code from the app or a recovery
 * code, and deletes the recovery codes with it.
 * @returns true when it was disabled; false for a wrong or replayed code, or when it was off.
 */
export async function disableTwoFactor(userId: number, code: string): Promise<boolean> {
  if (!(await verifySecondFactor(userId, code))) return false;
  return getDb().transaction((tx) => {
    tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)).run();
    return tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).run().changes > 0;
  });
}
