/**
 * My Strategies forms (/portal/strategies), shared by the client (Conform)
 * and the page's action: one schema per form, as a discriminated union on the
 * hidden `intent` field (see app/services/form-intent.server.ts).
 * Checkboxes are "on" when ticked and absent otherwise.
 */
import { z } from "zod";
import type { RISK_TEMPLATES } from "../../db/schema";
import { unknownIntent } from "./account";

// Local copy (type-checked against the DB enum) so the client bundle does not pull in drizzle.
export const RISK_TEMPLATE_CHOICES = ["Conservative", "Balanced", "Aggressive"] as const satisfies readonly (typeof RISK_TEMPLATES)[number][];

/** Most strategy ids one "Choose your strategies" post may carry. */
const MAX_STRATEGY_CHOICES = 100;

/** One value or many (a form field repeated once per ticked checkbox) as an array. */
const asArray = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

/** A checkbox: "on" (or true) when ticked, absent when not. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** "Choose your strategies": the ticked strategy ids (the plan limit is checked by the model). */
export const strategyChoiceSchema = z.object({
  intent: z.literal("choose-strategies"),
  strategyIds: z.preprocess(
    asArray,
    z
      .array(
        z.coerce
          .number({ invalid_type_error: "Choose from the listed strategies" })
          .int("Choose from the listed strategies")
          .positive("Choose from the listed strategies"),
      )
      .min(1, "Choose at least one strategy")
      .max(MAX_STRATEGY_CHOICES, "Choose from the listed strategies"),
  ),
});

/** Send to MT5: the signal's id; anything that is not a positive id is a signal not found (404), not a form error. */
const sendToMt5Schema = z.object({
  intent: z.literal("send-mt5"),
  signalId: z.string().max(20).optional(),
});

/** "Auto-send to MT5" of one followed strategy: `enabled` "on" turns it on, anything else off. */
export const mt5AutoSendSchema = z.object({
  intent: z.literal("mt5-auto-send"),
  strategyId: z.coerce.number({ invalid_type_error: "Choose one of your strategies" }).int("Choose one of your strategies").positive("Choose one of your strategies"),
  enabled: checkbox,
});

/**
 * "Follow this strategy" on a locked signal: adds one pick when the plan has
 * room, then returns to `returnTo` (a path on this site, checked by the action).
 */
export const followStrategySchema = z.object({
  intent: z.literal("follow-strategy"),
  strategyId: z.coerce
    .number({ invalid_type_error: "Choose from the listed strategies" })
    .int("Choose from the listed strategies")
    .positive("Choose from the listed strategies"),
  returnTo: z.string().max(2000).optional(),
});

/** Delivery settings (the Settings tab). */
export const deliverySettingsSchema = z.object({
  intent: z.literal("save-settings"),
  emailAlerts: checkbox,
  telegramAlerts: checkbox,
  pushAlerts: checkbox,
  newsBlackout: checkbox,
  riskTemplate: z.enum(RISK_TEMPLATE_CHOICES, {
    errorMap: () => ({ message: "Choose Conservative, Balanced or Aggressive" }),
  }),
});

/**
 * "Turn on push in this browser": the subscription the browser's PushManager
 * gave (endpoint URL, and the P-256 public key and auth secret in base64url),
 * posted by the Settings tab's script (docs/decisions/0055-web-push.md).
 */
export const pushSubscriptionSchema = z.object({
  intent: z.literal("save-push-subscription"),
  endpoint: z.string().url("The browser gave no push endpoint").max(2000, "The push endpoint is too long"),
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "The browser's push key is not a P-256 public key"),
  auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "The browser's push auth secret is not 16 bytes"),
});

/** Every form of My Strategies. */
export const myStrategiesIntentSchema = z.discriminatedUnion(
  "intent",
  [strategyChoiceSchema, followStrategySchema, sendToMt5Schema, mt5AutoSendSchema, deliverySettingsSchema, pushSubscriptionSchema],
  unknownIntent,
);
