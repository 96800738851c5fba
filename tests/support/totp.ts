/**
 * Authenticator-app codes for a user's stored two-factor secret, computed
 * with @epic-web/totp (SHA-1, 6 digits, 30 s) at the current (usually pinned)
 * `Date.now()`.
 */
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { twoFactor } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** One TOTP time step, in milliseconds. */
export const STEP_MS = 30_000;

/** The code an authenticator app shows now for `userId`'s stored secret. */
export async function currentCode(userId: number): Promise<string> {
  const row = getDb().select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  if (!row) throw new Error("no two-factor row");
  return (await generateTOTP({ secret: row.secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;
}

/**
 * A code that is certainly wrong now: it differs from the codes of this and
 * the neighbouring steps. Needs fake timers for Date (it moves the clock and
 * puts it back).
 */
export async function wrongCode(userId: number): Promise<string> {
  const good = new Set<string>();
  const now = Date.now();
  for (const offset of [-STEP_MS, 0, STEP_MS]) {
    vi.setSystemTime(now + offset);
    good.add(await currentCode(userId));
  }
  vi.setSystemTime(now);
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!good.has(candidate)) return candidate;
  }
}
