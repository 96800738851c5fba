/**
 * Schemas for the lifecycle transitions of a signal, shared by
 * `POST /api/admin/signals/{id}/trigger|modify|partial-close|close|cancel`
 * (JSON bodies) and the admin desk's forms (FormData, parse with
 * `disableAutoCoercion: true`). They check shapes only: whether the transition
 * is allowed and the level geometry are the domain's decision
 * (app/domain/signal-lifecycle.ts), reported on the same field names.
 *
 * Fields: prices (`fillPrice`, `exitPrice`, `sl`, `tp1`, `tp2`) are numbers
 * greater than 0, at most 1,000,000, in the quote currency; `fraction` is a
 * share of the original position, 0 < fraction < 1; `reason` one of
 * TP1, TP2, SL, BREAKEVEN, MANUAL, EXPIRY; `note` at most 500 characters;
 * `at` (optional, default now) an ISO 8601 date-time with Z or an offset, or
 * "YYYY-MM-DDTHH:mm[:ss]" read as UTC. Numbers may be JSON numbers or decimal strings.
 */
import { z } from "zod";
import { CLOSE_REASONS, MAX_NOTE_LENGTH } from "~/domain/signal-lifecycle";
import { blankToUndefined, OBJECT_ERRORS, toNumberInput } from "./fields";
import { optionalPrice, parseExpiry, requiredPrice } from "./signal";

const LABELS = {
  fillPrice: "Fill price",
  exitPrice: "Exit price",
  sl: "Stop loss",
  tp1: "Take profit 1",
  tp2: "Take profit 2",
  fraction: "Fraction",
  reason: "Reason",
  note: "Note",
  at: "Time",
} as const;

const AT_FORMAT_MESSAGE = `${LABELS.at} must be a date and time such as 2026-01-31T14:00 (UTC) or an ISO 8601 timestamp`;

/** The optional event time: absent or blank → undefined (the server uses now). */
const atField = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === "string" ? (parseExpiry(v) ?? v) : v;
  },
  z.date({ invalid_type_error: AT_FORMAT_MESSAGE }).optional(),
);

/** `{fillPrice, at?}`: PENDING → ACTIVE. */
export const triggerSchema = z.object({ fillPrice: requiredPrice(LABELS.fillPrice), at: atField }, OBJECT_ERRORS);

const modifyFields = z.object(
  { sl: optionalPrice(LABELS.sl), tp1: optionalPrice(LABELS.tp1), tp2: optionalPrice(LABELS.tp2), at: atField },
  OBJECT_ERRORS,
);

const NO_LEVEL_MESSAGE = "Give a new stop loss, take profit 1 or take profit 2";

function hasNewLevel(data: { sl?: number; tp1?: number; tp2?: number }): boolean {
  return data.sl !== undefined || data.tp1 !== undefined || data.tp2 !== undefined;
}

/** `{sl?, tp1?, tp2?, at?}`: new levels; at least one is required. */
export const modifySchema = modifyFields.refine(hasNewLevel, { path: ["sl"], message: NO_LEVEL_MESSAGE });

/** `{exitPrice, fraction, at?}`: part of an ACTIVE position closed. */
export const partialCloseSchema = z.object(
  {
    exitPrice: requiredPrice(LABELS.exitPrice),
    fraction: z.preprocess(
      toNumberInput,
      z
        .number({ required_error: `${LABELS.fraction} is required`, invalid_type_error: `${LABELS.fraction} must be a number` })
        .gt(0, `${LABELS.fraction} must be greater than 0`)
        .lt(1, `${LABELS.fraction} must be less than 1; close the signal to exit all of it`),
    ),
    at: atField,
  },
  OBJECT_ERRORS,
);

/** `{exitPrice, reason, at?}`: ACTIVE → CLOSED. */
export const closeSchema = z.object(
  {
    exitPrice: requiredPrice(LABELS.exitPrice),
    reason: z.preprocess(
      (value) => {
        const v = blankToUndefined(value);
        return typeof v === "string" ? v.trim().toUpperCase() : v;
      },
      z.enum(CLOSE_REASONS, {
        errorMap: (issue, ctx) =>
          issue.code === "invalid_type" && ctx.data === undefined
            ? { message: `${LABELS.reason} is required` }
            : { message: `${LABELS.reason} must be one of ${CLOSE_REASONS.join(", ")}` },
      }),
    ),
    at: atField,
  },
  OBJECT_ERRORS,
);

/** `{note?, at?}`: PENDING → CANCELLED. */
export const cancelSchema = z.object(
  {
    note: z.preprocess(
      blankToUndefined,
      z
        .string({ invalid_type_error: `${LABELS.note} must be text` })
        .trim()
        .max(MAX_NOTE_LENGTH, `${LABELS.note} must be at most ${MAX_NOTE_LENGTH} characters`)
        .optional(),
    ),
    at: atField,
  },
  OBJECT_ERRORS,
);

/** The admin desk's transition intents, one per form, in the order the desk shows them. */
export const DESK_INTENTS = ["trigger", "modify", "partial-close", "close", "cancel"] as const;
export type DeskIntent = (typeof DESK_INTENTS)[number];

/** The signal a desk form acts on: a positive integer id (hidden field). */
const signalIdField = z.preprocess(
  toNumberInput,
  z
    .number({ required_error: "Signal is required", invalid_type_error: "Signal must be a number" })
    .int("Signal must be a whole number")
    .positive("Signal must be a positive number"),
);

function deskForm<Shape extends z.ZodRawShape, Intent extends DeskIntent>(fields: z.ZodObject<Shape>, intent: Intent) {
  return fields.extend({ intent: z.literal(intent), signalId: signalIdField });
}

/**
 * The admin desk's forms (FormData): the transition schemas above plus
 * `intent` (one of `DESK_INTENTS`) and `signalId`, as one discriminated union
 * on `intent`. Same fields, messages and rules as the JSON endpoints; the
 * modify form also needs at least one new level (reported on `sl`).
 */
export const deskSchema = z
  .discriminatedUnion("intent", [
    deskForm(triggerSchema, "trigger"),
    deskForm(modifyFields, "modify"),
    deskForm(partialCloseSchema, "partial-close"),
    deskForm(closeSchema, "close"),
    deskForm(cancelSchema, "cancel"),
  ])
  .superRefine((data, ctx) => {
    if (data.intent === "modify" && !hasNewLevel(data)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sl"], message: NO_LEVEL_MESSAGE });
  });

export type DeskInput = z.output<typeof deskSchema>;
export type TriggerInput = z.output<typeof triggerSchema>;
export type ModifyInput = z.output<typeof modifySchema>;
export type PartialCloseInput = z.output<typeof partialCloseSchema>;
export type CloseInput = z.output<typeof closeSchema>;
export type CancelInput = z.output<typeof cancelSchema>;
