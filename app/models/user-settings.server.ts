/**
 * Per-user security preferences (the `user_settings` row): login
 * notifications and the lifetime of new sessions.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { userSettings } from "../../db/schema";
import { DEFAULT_SESSION_MINUTES } from "~/models/sessions.server";
import { getDb } from "~/services/db.server";

/** The session lifetimes a user may choose, in minutes, with their labels. */
export const SESSION_TIMEOUT_OPTIONS = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 8 * 60, label: "8 hours" },
  { minutes: 24 * 60, label: "24 hours" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: 30 * 24 * 60, label: "30 days" },
] as const;

export type SessionTimeoutMinutes = (typeof SESSION_TIMEOUT_OPTIONS)[number]["minutes"];

const ALLOWED_MINUTES: readonly number[] = SESSION_TIMEOUT_OPTIONS.map((o) => o.minutes);

/** The label of an allowed timeout ("8 hours"), or "N minutes" for anything else. */
export function sessionTimeoutLabel(minutes: number): string {
  return SESSION_TIMEOUT_OPTIONS.find((o) => o.minutes === minutes)?.label ?? `${minutes} minutes`;
}

export interface SecuritySettings {
  loginNotifications: boolean;
  /** Lifetime of new sessions, one of SESSION_TIMEOUT_OPTIONS. */
  sessionTimeoutMinutes: number;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  loginNotifications: true,
  sessionTimeoutMinutes: DEFAULT_SESSION_MINUTES,
};

/**
 * The security form as posted: a checkbox (present = on, absent = off) and a
 * select whose value must be one of the allowed timeouts.
 */
export const securitySettingsSchema = z.object({
  loginNotifications: z
    .enum(["on", "true", "1"], { message: "Choose on or off" })
    .optional()
    .transform((value) => value !== undefined),
  sessionTimeoutMinutes: z.coerce
    .number({ required_error: "Choose a session timeout", invalid_type_error: "Choose a session timeout" })
    .int("Choose one of the listed session timeouts")
    .refine((value) => ALLOWED_MINUTES.includes(value), "Choose one of the listed session timeouts"),
});

/** The user's security settings, or the defaults when no row exists yet. */
export function getSecuritySettings(userId: number): SecuritySettings {
  const row = getDb()
    .select({ loginNotifications: userSettings.loginNotifications, sessionTimeoutMinutes: userSettings.sessionTimeoutMinutes })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row ?? { ...DEFAULT_SECURITY_SETTINGS };
}

/**
 * Saves the user's security settings (creating the settings row when missing).
 * @throws ZodError when the timeout is not one of SESSION_TIMEOUT_OPTIONS.
 */
export function saveSecuritySettings(userId: number, settings: SecuritySettings): SecuritySettings {
  const value = z
    .object({
      loginNotifications: z.boolean(),
      sessionTimeoutMinutes: securitySettingsSchema.shape.sessionTimeoutMinutes,
    })
    .parse(settings);
  upsertUserSettings(userId, value);
  return value;
}

/**
 * Writes `columns` to the user's `user_settings` row, creating the row (other
 * columns at their defaults) when there is none; columns not given are kept.
 */
export function upsertUserSettings(userId: number, columns: Partial<Omit<typeof userSettings.$inferInsert, "userId">>): void {
  getDb()
    .insert(userSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: userSettings.userId, set: columns })
    .run();
}
