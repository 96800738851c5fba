/**
 * Account and My Strategies forms, shared by the client (Conform) and the
 * actions of /portal/account, /portal/account/subscription and /portal/strategies.
 * Every schema also accepts the plain object of a posted form (checkboxes are
 * "on" when ticked and absent otherwise).
 */
import { z } from "zod";
import type { PlanId, RISK_TEMPLATES } from "../../db/schema";
import { emailField } from "./auth";

// Local copies (type-checked against the DB enums) so the client bundle does not pull in drizzle.
export const PLAN_CHOICES = ["starter", "pro", "institutional"] as const satisfies readonly PlanId[];
export const RISK_TEMPLATE_CHOICES = ["Conservative", "Balanced", "Aggressive"] as const satisfies readonly (typeof RISK_TEMPLATES)[number][];

const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

/** Profile: first name, last name, email (uniqueness is checked by the action). */
export const profileSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailField,
});
export type ProfileValues = z.infer<typeof profileSchema>;

/** Change Plan: one of the three plans. */
export const planChangeSchema = z.object({
  plan: z.enum(PLAN_CHOICES, {
    errorMap: () => ({ message: "Choose Starter, Pro or Institutional" }),
  }),
});
export type PlanChangeValues = z.infer<typeof planChangeSchema>;

/** One value or many (a form field repeated once per ticked checkbox) as an array. */
const asArray = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

/** "Choose your strategies": the ticked strategy ids (the plan limit is checked by the model). */
export const strategyChoiceSchema = z.object({
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
      .max(100, "Choose from the listed strategies"),
  ),
});
export type StrategyChoiceValues = z.infer<typeof strategyChoiceSchema>;

/** A checkbox: "on" (or true) when ticked, absent when not. */
export const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** Delivery settings (the Settings tab of My Strategies). */
export const deliverySettingsSchema = z.object({
  emailAlerts: checkbox,
  telegramAlerts: checkbox,
  pushAlerts: checkbox,
  newsBlackout: checkbox,
  riskTemplate: z.enum(RISK_TEMPLATE_CHOICES, {
    errorMap: () => ({ message: "Choose Conservative, Balanced or Aggressive" }),
  }),
});
export type DeliverySettingsValues = z.infer<typeof deliverySettingsSchema>;
