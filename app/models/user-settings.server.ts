/**
 * The `user_settings` row of each user, and every read and write of it:
 * security preferences (login notifications, lifetime of new sessions) and
 * signal delivery preferences (alert channels, news blackout, risk template).
 */
import { eq, sql } from "drizzle-orm";
import { RISK_TEMPLATES, userSettings } from "../../db/schema";
import type { Db } from "../../db/connection";
import { DEFAULT_SESSION_MINUTES, SESSION_TIMEOUT_OPTIONS } from "~/content/account";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Creates the user's settings row with every column at its default, inside
 * the signup transaction `tx`.
 */
export function createUserSettings(tx: Tx, userId: number): void {
  tx.insert(userSettings).values({ userId }).run();
}

/**
 * Writes `columns` to the user's row, creating the row (other columns at their
 * defaults) when there is none; columns not given are kept.
 */
function upsertUserSettings(userId: number, columns: Partial<Omit<typeof userSettings.$inferInsert, "userId">>): void {
  getDb()
    .insert(userSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: userSettings.userId, set: columns })
    .run();
}

/* Security ------------------------------------------------------------ */

export interface SecuritySettings {
  loginNotifications: boolean;
  /** Lifetime of new sessions in minutes, one of SESSION_TIMEOUT_OPTIONS. */
  sessionTimeoutMinutes: number;
}

const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  loginNotifications: true,
  sessionTimeoutMinutes: DEFAULT_SESSION_MINUTES,
};

/** The user's security settings, or the defaults when no row exists yet. */
export function getSecuritySettings(userId: number): SecuritySettings {
  const row = getDb()
    .select({ loginNotifications: userSettings.loginNotifications, sessionTimeoutMinutes: userSettings.sessionTimeoutMinutes })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row ?? { ...DEFAULT_SECURITY_SETTINGS };
}

/** The lifetime (minutes) the user chose for new sessions, or the default (30 days). */
export function sessionMinutesFor(userId: number): number {
  return getSecuritySettings(userId).sessionTimeoutMinutes;
}

/**
 * Saves the user's security settings (creating the settings row when missing).
 * @throws Error when the timeout is not one of SESSION_TIMEOUT_OPTIONS.
 */
export function saveSecuritySettings(userId: number, settings: SecuritySettings): SecuritySettings {
  if (!SESSION_TIMEOUT_OPTIONS.some((o) => o.minutes === settings.sessionTimeoutMinutes)) {
    throw new Error(`Unknown session timeout: ${settings.sessionTimeoutMinutes}`);
  }
  const value: SecuritySettings = {
    loginNotifications: settings.loginNotifications,
    sessionTimeoutMinutes: settings.sessionTimeoutMinutes,
  };
  upsertUserSettings(userId, value);
  return value;
}

/* Delivery ------------------------------------------------------------ */

export type RiskTemplate = (typeof RISK_TEMPLATES)[number];

export interface DeliverySettings {
  emailAlerts: boolean;
  telegramAlerts: boolean;
  pushAlerts: boolean;
  /** Hold new alerts around high-impact news events. */
  newsBlackout: boolean;
  riskTemplate: RiskTemplate;
}

/** The column defaults of `user_settings`, used when a user has no row yet. */
const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  emailAlerts: true,
  telegramAlerts: false,
  pushAlerts: false,
  newsBlackout: true,
  riskTemplate: "Balanced",
};

/** The delivery columns of one user's settings row, prepared once per connection (every dashboard reads it). */
const deliverySettingsQuery = preparedQuery((db) =>
  db
    .select({
      emailAlerts: userSettings.emailAlerts,
      telegramAlerts: userSettings.telegramAlerts,
      pushAlerts: userSettings.pushAlerts,
      newsBlackout: userSettings.newsBlackout,
      riskTemplate: userSettings.riskTemplate,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, sql.placeholder("userId")))
    .prepare(),
);

/** The user's delivery settings, or the defaults when no settings row exists. */
export function getDeliverySettings(userId: number): DeliverySettings {
  return deliverySettingsQuery().get({ userId }) ?? { ...DEFAULT_DELIVERY_SETTINGS };
}

/**
 * Saves the user's delivery settings, creating the settings row when missing
 * (the security columns keep their values or defaults).
 * @throws Error when the risk template is not one of RISK_TEMPLATES.
 */
export function saveDeliverySettings(userId: number, settings: DeliverySettings): DeliverySettings {
  if (!RISK_TEMPLATES.includes(settings.riskTemplate)) throw new Error(`Unknown risk template: ${settings.riskTemplate}`);
  const value: DeliverySettings = {
    emailAlerts: settings.emailAlerts,
    telegramAlerts: settings.telegramAlerts,
    pushAlerts: settings.pushAlerts,
    newsBlackout: settings.newsBlackout,
    riskTemplate: settings.riskTemplate,
  };
  upsertUserSettings(userId, value);
  return value;
}
