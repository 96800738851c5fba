/**
 * Zod schemas for the two calculators, shared by the /tools form action
 * (`toolsSchema`, one request per intent, through `handleIntent`) and the
 * JSON API routes (`safeParse` on the parsed body).
 *
 * Numbers may arrive as JSON numbers or as FormData strings: a decimal string
 * (at most 40 characters) is converted, an empty string counts as missing,
 * anything else (including "abc", "0x10", "Infinity", booleans, null) is rejected. Every message names
 * its field. NaN and ±Infinity never get through (`.finite()`).
 *
 * Upper limits beyond the spec's ranges (balance ≤ 1e12, prices ≤ 1e6,
 * conversion rate in [1e-6, 1e6]) only keep the arithmetic finite.
 */
import { z } from "zod";

import { CalculatorInputError } from "~/domain/calculator-error";
import { instrumentSpec, isSymbolShaped, requiresConversionRate, SYMBOL_PATTERN } from "~/domain/instruments";
import { stopDistanceTenthsOfPip } from "~/domain/position-size";
import { OBJECT_ERRORS, toNumberInput, upperCased } from "./fields";

function baseNumber(label: string) {
  return z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .finite(`${label} must be a finite number`);
}

/** A required number field, accepting a JSON number or a decimal string. */
function numberField(label: string, refine: (n: z.ZodNumber) => z.ZodNumber) {
  return z.preprocess(toNumberInput, refine(baseNumber(label)));
}

/** An optional number field: missing, null or "" → undefined. */
function optionalNumberField(label: string, refine: (n: z.ZodNumber) => z.ZodNumber) {
  return z.preprocess(toNumberInput, refine(baseNumber(label)).optional());
}

/** Display labels, used in messages (and by the form). */
export const CALCULATOR_FIELD_LABELS = {
  accountBalance: "Account balance",
  riskPercent: "Risk percent",
  entryPrice: "Entry price",
  stopLoss: "Stop loss",
  symbol: "Symbol",
  conversionRate: "Conversion rate",
  winRate: "Win rate",
  riskReward: "Risk reward",
  riskPerTrade: "Risk per trade",
} as const;

const L = CALCULATOR_FIELD_LABELS;
const MAX_BALANCE = 1_000_000_000_000;
const MAX_PRICE = 1_000_000;
const MIN_CONVERSION_RATE = 0.000001;
const MAX_CONVERSION_RATE = 1_000_000;

const symbolField = z.preprocess(
  upperCased,
  z
    .string({ invalid_type_error: `${L.symbol} must be text, such as EURUSD` })
    .regex(SYMBOL_PATTERN, `${L.symbol} must be 6 letters, such as EURUSD`)
    .optional(),
);

const positionSizeFields = z.object({
  accountBalance: numberField(L.accountBalance, (n) =>
    n
      .gt(0, `${L.accountBalance} must be greater than 0`)
      .max(MAX_BALANCE, `${L.accountBalance} must be at most 1,000,000,000,000`),
  ),
  riskPercent: numberField(L.riskPercent, (n) =>
    n.gt(0, `${L.riskPercent} must be greater than 0`).max(100, `${L.riskPercent} must be at most 100`),
  ),
  entryPrice: numberField(L.entryPrice, (n) =>
    n.gt(0, `${L.entryPrice} must be greater than 0`).max(MAX_PRICE, `${L.entryPrice} must be at most 1,000,000`),
  ),
  stopLoss: numberField(L.stopLoss, (n) =>
    n.gt(0, `${L.stopLoss} must be greater than 0`).max(MAX_PRICE, `${L.stopLoss} must be at most 1,000,000`),
  ),
  symbol: symbolField,
  conversionRate: optionalNumberField(L.conversionRate, (n) =>
    n
      .gt(0, `${L.conversionRate} must be greater than 0`)
      .gte(MIN_CONVERSION_RATE, `${L.conversionRate} must be at least 0.000001`)
      .max(MAX_CONVERSION_RATE, `${L.conversionRate} must be at most 1,000,000`),
  ),
}, OBJECT_ERRORS);

/**
 * The cross-field rules of a position size request: the stop must differ
 * from the entry (by at least 0.1 pip), the symbol must be supported, and a
 * cross pair needs `conversionRate`. Each problem is added to `ctx` on its field.
 */
function checkPositionSize(data: z.output<typeof positionSizeFields>, ctx: z.RefinementCtx) {
  // Runs even when a range check above failed (zod marks the data "dirty", not aborted), so guard types.
  let pipDecimals = 4;
  if (typeof data.symbol === "string" && isSymbolShaped(data.symbol)) {
    try {
      pipDecimals = instrumentSpec(data.symbol).pipDecimals;
    } catch (error) {
      if (!(error instanceof CalculatorInputError)) throw error;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["symbol"], message: error.message });
    }
    if (requiresConversionRate(data.symbol) && data.conversionRate === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["conversionRate"],
        message: `${L.conversionRate} is required for ${data.symbol}: enter how many USD one ${data.symbol.slice(3)} is worth`,
      });
    }
  }
  if (typeof data.entryPrice === "number" && typeof data.stopLoss === "number") {
    if (data.entryPrice === data.stopLoss) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["stopLoss"], message: `${L.stopLoss} must differ from the entry price` });
    } else if (stopDistanceTenthsOfPip(data.entryPrice, data.stopLoss, pipDecimals) < 1) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["stopLoss"],
        message: `${L.stopLoss} must be at least 0.1 pip away from the entry price`,
      });
    }
  }
}

/**
 * Position size request: accountBalance, riskPercent, entryPrice, stopLoss,
 * optional symbol and conversionRate, with the cross-field rules of `checkPositionSize`.
 */
export const positionSizeSchema = positionSizeFields.superRefine(checkPositionSize);

/** Risk of ruin request: winRate (%), riskReward (R), riskPerTrade (% of starting balance). */
export const riskOfRuinSchema = z.object(
  {
    winRate: numberField(L.winRate, (n) =>
      n.min(0, `${L.winRate} must be between 0 and 100`).max(100, `${L.winRate} must be between 0 and 100`),
    ),
    riskReward: numberField(L.riskReward, (n) => n.gt(0, `${L.riskReward} must be greater than 0`)),
    riskPerTrade: numberField(L.riskPerTrade, (n) =>
      n.gt(0, `${L.riskPerTrade} must be greater than 0`).max(100, `${L.riskPerTrade} must be at most 100`),
    ),
  },
  OBJECT_ERRORS,
);

/** The /tools page's intents, one per calculator form. */
export const CALCULATOR_INTENTS = ["position-size", "risk-of-ruin"] as const;
export type CalculatorIntent = (typeof CALCULATOR_INTENTS)[number];

/** Message for a /tools post whose `intent` names no calculator. */
const UNKNOWN_CALCULATOR_MESSAGE = "Unknown calculator. Choose the position size or risk of ruin calculator.";

/**
 * The /tools page's form schema: one request per calculator, chosen by the
 * hidden `intent` field, with the same fields and rules as the API schemas.
 */
export const toolsSchema = z
  .discriminatedUnion(
    "intent",
    [
      positionSizeFields.extend({ intent: z.literal("position-size") }),
      riskOfRuinSchema.extend({ intent: z.literal("risk-of-ruin") }),
    ],
    {
      errorMap: (issue, ctx) =>
        issue.code === z.ZodIssueCode.invalid_union_discriminator
          ? { message: UNKNOWN_CALCULATOR_MESSAGE }
          : { message: ctx.defaultError },
    },
  )
  .superRefine((data, ctx) => {
    if (data.intent === "position-size") checkPositionSize(data, ctx);
  });
