/**
 * Signal delivery preferences (the My Strategies "Settings" tab): alert
 * channels, the news blackout and the risk template, kept on the user's
 * `user_settings` row. The security columns of that row (login notifications,
 * session timeout) belong to app/models/user-settings.server.ts and are never
 * written here.
 */
import { eq } from "drizzle-orm";
import { RISK_TEMPLATES, userSettings } from "../../db/schema";
import { upsertUserSettings } from "~/models/user-settings.server";
import { getDb } from "~/services/db.server";

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
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  emailAlerts: true,
  telegramAlerts: false,
  pushAlerts: false,
  newsBlackout: true,
  riskTemplate: "Balanced",
};

/** The user's delivery settings, or the defaults when no settings row exists. */
export function getDeliverySettings(userId: number): DeliverySettings {
  const row = getDb()
    .select({
      emailAlerts: userSettings.emailAlerts,
      telegramAlerts: userSettings.telegramAlerts,
      pushAlerts: userSettings.pushAlerts,
      newsBlackout: userSettings.newsBlackout,
      riskTemplate: userSettings.riskTemplate,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row ?? { ...DEFAULT_DELIVERY_SETTINGS };
}

/** Saves the user's delivery settings, creating the settings row when missing (other columns keep their values or defaults). */
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
