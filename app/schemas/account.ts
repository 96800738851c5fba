/**
 * Account forms, shared by the client (Conform) and the actions of
 * /portal/account, /portal/account/subscription, /portal/account/security and
 * /portal/account/api. A page with several forms has one schema per form, put
 * together as a discriminated union on the hidden `intent` field (see
 * app/services/form-intent.server.ts). Every string field has a maximum length.
 * Checkboxes are "on" when ticked and absent otherwise.
 */
import { z } from "zod";
import type { PlanId } from "../../db/schema";
import { INVALID_CODE_MESSAGE, SESSION_TIMEOUT_OPTIONS, UNKNOWN_ACTION_MESSAGE } from "~/content/account";
import { emailField } from "./auth";
import { passkeyIdField, passkeyNameField } from "./passkeys";

// Local copy (type-checked against the DB enum) so the client bundle does not pull in drizzle.
export const PLAN_CHOICES = ["starter", "pro", "institutional"] as const satisfies readonly PlanId[];

/** Longest first or last name, in characters. */
const NAME_MAX_LENGTH = 80;

/** Control characters (C0, DEL, C1) and bidirectional overrides, which have no place in a name. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Markup characters: a name is shown as text, never as HTML. */
const MARKUP_CHARACTERS = /[<>]/;

/** A first or last name: trimmed, 1 to 80 characters, no control or markup characters. */
const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} cannot contain control characters`)
    .refine((value) => !MARKUP_CHARACTERS.test(value), `${label} cannot contain < or >`);

/** The errorMap of an intent union: an unknown intent gets one plain message. */
export const unknownIntent = { errorMap: () => ({ message: UNKNOWN_ACTION_MESSAGE }) };

/* Profile ------------------------------------------------------------- */

/** Profile: first name, last name, email (uniqueness is checked by the action). */
export const profileSchema = z.object({
  intent: z.literal("update-profile", unknownIntent),
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailField,
});

/* Subscription -------------------------------------------------------- */

const planField = z.enum(PLAN_CHOICES, {
  errorMap: () => ({ message: "Choose Starter, Pro or Institutional" }),
});

/** Most strategy ids a downgrade's "keep" choice may post. */
const KEEP_MAX_ITEMS = 50;

/**
 * Change Plan (posted from its confirmation): the plan; during a trial, when it
 * starts (`trial-end`, the default, or `now`); on a smaller plan, the strategy
 * ids to keep (checkboxes named `keep`).
 */
export const planChangeSchema = z.object({
  intent: z.literal("change-plan"),
  plan: planField,
  timing: z.enum(["trial-end", "now"]).default("trial-end"),
  keep: z.array(z.coerce.number().int().positive()).max(KEEP_MAX_ITEMS).default([]),
});

/** The changes the Subscription tab confirms first (`?confirm=<kind>&plan=<plan>`): read by its loader from the URL. */
export const confirmChangeSchema = z.discriminatedUnion("confirm", [
  z.object({ confirm: z.literal("pause") }),
  z.object({ confirm: z.literal("cancel") }),
  z.object({ confirm: z.literal("change-plan"), plan: planField }),
]);

/** The Subscription tab's forms: change plan, pause, resume, cancel, and Manage billing (Stripe mode). */
export const subscriptionIntentSchema = z.discriminatedUnion(
  "intent",
  [
    planChangeSchema,
    z.object({ intent: z.literal("pause") }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("cancel") }),
    z.object({ intent: z.literal("manage-billing") }),
  ],
  unknownIntent,
);

/* Security ------------------------------------------------------------ */

const ALLOWED_MINUTES: readonly number[] = SESSION_TIMEOUT_OPTIONS.map((o) => o.minutes);

/** A session lifetime in minutes: one of SESSION_TIMEOUT_OPTIONS. */
const sessionTimeoutField = z.coerce
  .number({ required_error: "Choose a session timeout", invalid_type_error: "Choose a session timeout" })
  .int("Choose one of the listed session timeouts")
  .refine((value) => ALLOWED_MINUTES.includes(value), "Choose one of the listed session timeouts");

/** A 6-digit code or a recovery code as typed (spaces, dashes allowed); whether it is right is for the model to say. */
const codeField = z.string().max(32, INVALID_CODE_MESSAGE).optional();

/**
 * The Security tab's forms: two-factor setup (start, confirm, cancel,
 * disable, new recovery codes), sign-in preferences, signing out one session or all others,
 * renaming and removing a passkey.
 */
export const securityIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("2fa-start") }),
    z.object({ intent: z.literal("2fa-confirm"), code: codeField }),
    z.object({ intent: z.literal("2fa-cancel") }),
    z.object({ intent: z.literal("2fa-disable"), code: codeField }),
    z.object({ intent: z.literal("2fa-recovery-codes"), code: codeField }),
    z.object({
      intent: z.literal("settings"),
      loginNotifications: z
        .enum(["on", "true", "1"], { message: "Choose on or off" })
        .optional()
        .transform((value) => value !== undefined),
      sessionTimeoutMinutes: sessionTimeoutField,
    }),
    // A session's public handle (32 hex characters); anything else is simply not found.
    z.object({ intent: z.literal("revoke"), sessionId: z.string().max(128).optional() }),
    z.object({ intent: z.literal("logout-others") }),
    z.object({ intent: z.literal("passkey-rename"), passkeyId: passkeyIdField, name: passkeyNameField }),
    z.object({ intent: z.literal("passkey-remove"), passkeyId: passkeyIdField }),
  ],
  unknownIntent,
);

/* API access ---------------------------------------------------------- */

const keyId = z.coerce.number({ invalid_type_error: "Choose a key", required_error: "Choose a key" }).int().positive("Choose a key");

/** The API Access tab's forms: generate a key, regenerate or revoke one of the viewer's keys. */
export const apiKeyIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("generate") }),
    z.object({ intent: z.literal("regenerate"), keyId }),
    z.object({ intent: z.literal("revoke"), keyId }),
  ],
  unknownIntent,
);
