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

/** Every form of My Strategies. */
export const myStrategiesIntentSchema = z.discriminatedUnion(
  "intent",
  [strategyChoiceSchema, followStrategySchema, sendToMt5Schema, deliverySettingsSchema],
  unknownIntent,
);
