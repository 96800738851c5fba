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
 * The spec's four position size fields are unchanged; every other field is
 * optional. Upper limits beyond the spec's ranges (balance ≤ 1e12, prices ≤
 * 1e6, conversion rate in [1e-6, 1e6], commission ≤ 10,000 per lot, spread ≤
 * 10,000 pips, lots ≤ 10,000, contract size ≤ 1e9, at most 10 targets) keep
 * the arithmetic finite and the answers sane.
 */
import { z } from "zod";

import { CalculatorInputError } from "~/domain/calculator-error";
import {
  ACCOUNT_CURRENCIES,
  ACCOUNT_CURRENCY,
  conversionRateRequiredMessage,
  CUSTOM_SYMBOL,
  instrumentSpec,
  isSymbolShaped,
  requiresConversionRate,
  SYMBOL_PATTERN,
} from "~/domain/instruments";
import { LEVERAGE_RANGE, LOT_STEPS, MAX_POSITION_LOTS, stopDistanceTenthsOfPip } from "~/domain/position-size";
import { OBJECT_ERRORS, toNumberInput, upperCased } from "./fields";
import type { CalculatorIntent } from "./calculator-intents";

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
  riskAmount: "Risk amount",
  entryPrice: "Entry price",
  stopLoss: "Stop loss",
  symbol: "Symbol",
  accountCurrency: "Account currency",
  conversionRate: "Conversion rate",
  commissionPerLot: "Commission per lot",
  spreadPips: "Spread",
  lotStep: "Lot step",
  minLot: "Minimum lot",
  maxLot: "Maximum lot",
  leverage: "Leverage",
  takeProfits: "Take-profit levels",
  contractSize: "Contract size",
  pipSize: "Pip size",
  pipValue: "Pip value",
  winRate: "Win rate",
  riskReward: "Risk reward",
  riskPerTrade: "Risk per trade",
  ruinDrawdown: "Ruin drawdown",
} as const;

const L = CALCULATOR_FIELD_LABELS;
const MAX_BALANCE = 1_000_000_000_000;
const MAX_PRICE = 1_000_000;
const MIN_CONVERSION_RATE = 0.000001;
const MAX_CONVERSION_RATE = 1_000_000;
const MAX_COMMISSION = 10_000;
const MAX_SPREAD_PIPS = 10_000;
const MAX_CONTRACT_SIZE = 1_000_000_000;
const MAX_TARGETS = 10;

const symbolField = z.preprocess(
  upperCased,
  z
    .string({ invalid_type_error: `${L.symbol} must be text, such as EURUSD` })
    .regex(SYMBOL_PATTERN, `${L.symbol} must be 6 letters, such as EURUSD`)
    .optional(),
);

const accountCurrencyField = z.preprocess(
  upperCased,
  z
    .enum(ACCOUNT_CURRENCIES, { errorMap: () => ({ message: `${L.accountCurrency} must be one of ${ACCOUNT_CURRENCIES.join(", ")}` }) })
    .optional(),
);

/** A positive optional number with an upper cap, both in its field's words. */
function positiveCapped(label: string, max: number) {
  return optionalNumberField(label, (n) =>
    n.gt(0, `${label} must be greater than 0`).max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
  );
}

/** A non-negative optional number with an upper cap. */
function nonNegativeCapped(label: string, max: number) {
  return optionalNumberField(label, (n) =>
    n.min(0, `${label} must be 0 or more`).max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
  );
}

const riskPercentRefine = (n: z.ZodNumber) =>
  n.gt(0, `${L.riskPercent} must be greater than 0`).max(100, `${L.riskPercent} must be at most 100`);

const takeProfitField = z
  .array(
    z.object(
      {
        price: numberField("Take-profit price", (n) =>
          n.gt(0, "Take-profit price must be greater than 0").max(MAX_PRICE, "Take-profit price must be at most 1,000,000"),
        ),
        share: numberField("Take-profit share", (n) =>
          n.gt(0, "Take-profit share must be greater than 0").max(100, "Take-profit share must be at most 100"),
        ),
      },
      { invalid_type_error: `${L.takeProfits} must be objects with price and share` },
    ),
    { invalid_type_error: `${L.takeProfits} must be a list of {price, share}` },
  )
  .max(MAX_TARGETS, `${L.takeProfits} must be at most ${MAX_TARGETS}`)
  .optional();

const positionSizeFields = z.object(
  {
    accountBalance: numberField(L.accountBalance, (n) =>
      n
        .gt(0, `${L.accountBalance} must be greater than 0`)
        .max(MAX_BALANCE, `${L.accountBalance} must be at most 1,000,000,000,000`),
    ),
    riskPercent: optionalNumberField(L.riskPercent, riskPercentRefine),
    riskAmount: positiveCapped(L.riskAmount, MAX_BALANCE),
    entryPrice: numberField(L.entryPrice, (n) =>
      n.gt(0, `${L.entryPrice} must be greater than 0`).max(MAX_PRICE, `${L.entryPrice} must be at most 1,000,000`),
    ),
    stopLoss: numberField(L.stopLoss, (n) =>
      n.gt(0, `${L.stopLoss} must be greater than 0`).max(MAX_PRICE, `${L.stopLoss} must be at most 1,000,000`),
    ),
    symbol: symbolField,
    accountCurrency: accountCurrencyField,
    conversionRate: optionalNumberField(L.conversionRate, (n) =>
      n
        .gt(0, `${L.conversionRate} must be greater than 0`)
        .gte(MIN_CONVERSION_RATE, `${L.conversionRate} must be at least 0.000001`)
        .max(MAX_CONVERSION_RATE, `${L.conversionRate} must be at most 1,000,000`),
    ),
    commissionPerLot: nonNegativeCapped(L.commissionPerLot, MAX_COMMISSION),
    spreadPips: nonNegativeCapped(L.spreadPips, MAX_SPREAD_PIPS),
    lotStep: z.preprocess(
      toNumberInput,
      baseNumber(L.lotStep)
        .refine((step) => (LOT_STEPS as readonly number[]).includes(step), `${L.lotStep} must be one of ${LOT_STEPS.join(", ")}`)
        .optional(),
    ),
    minLot: positiveCapped(L.minLot, MAX_POSITION_LOTS),
    maxLot: positiveCapped(L.maxLot, MAX_POSITION_LOTS),
    leverage: optionalNumberField(L.leverage, (n) =>
      n
        .min(LEVERAGE_RANGE.min, `${L.leverage} must be between ${LEVERAGE_RANGE.min} and ${LEVERAGE_RANGE.max}`)
        .max(LEVERAGE_RANGE.max, `${L.leverage} must be between ${LEVERAGE_RANGE.min} and ${LEVERAGE_RANGE.max}`),
    ),
    takeProfits: takeProfitField,
    contractSize: positiveCapped(L.contractSize, MAX_CONTRACT_SIZE),
    pipSize: optionalNumberField(L.pipSize, (n) =>
      n.gte(0.00000001, `${L.pipSize} must be at least 0.00000001`).max(MAX_PRICE, `${L.pipSize} must be at most 1,000,000`),
    ),
    pipValue: positiveCapped(L.pipValue, MAX_CONVERSION_RATE),
  },
  OBJECT_ERRORS,
);

/** Whether a raw request field holds a value (not missing, null or blank). */
function present(value: unknown): boolean {
  return toNumberInput(value) !== undefined;
}

/**
 * Risk is given as `riskPercent` (the spec's field) or as `riskAmount`:
 * neither → "Risk percent is required"; both → an error on `riskAmount`.
 * Runs before the fields so its message joins theirs.
 */
function requireOneRisk(body: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  const percent = present(fields.riskPercent);
  const amount = present(fields.riskAmount);
  if (!percent && !amount) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["riskPercent"], message: `${L.riskPercent} is required` });
  if (percent && amount) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["riskAmount"],
      message: `${L.riskAmount} replaces risk percent: give one of them, not both`,
    });
  }
  return body;
}

type PositionSizeFields = z.output<typeof positionSizeFields>;

/**
 * The cross-field rules of a position size request: the stop must differ
 * from the entry (by at least 0.1 pip), the symbol must be supported, a pair
 * without the account currency needs `conversionRate`, and the custom
 * instrument needs its contract size, pip size and pip value. Each problem
 * is added to `ctx` on its field.
 */
function checkPositionSize(data: PositionSizeFields, ctx: z.RefinementCtx) {
  // Runs even when a range check above failed (zod marks the data "dirty", not aborted), so guard types.
  const accountCurrency = data.accountCurrency ?? ACCOUNT_CURRENCY;
  let pipDecimals: number | null = 4;
  if (data.symbol === CUSTOM_SYMBOL) {
    pipDecimals = null;
    for (const field of ["contractSize", "pipSize", "pipValue"] as const) {
      if (data[field] === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: `${L[field]} is required for the custom instrument` });
      }
    }
  } else if (typeof data.symbol === "string" && isSymbolShaped(data.symbol)) {
    try {
      pipDecimals = instrumentSpec(data.symbol, accountCurrency).pipDecimals;
    } catch (error) {
      if (!(error instanceof CalculatorInputError)) throw error;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["symbol"], message: error.message });
    }
    if (requiresConversionRate(data.symbol, accountCurrency) && data.conversionRate === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["conversionRate"],
        message: conversionRateRequiredMessage(data.symbol, accountCurrency),
      });
    }
  }
  if (typeof data.entryPrice === "number" && typeof data.stopLoss === "number") {
    if (data.entryPrice === data.stopLoss) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["stopLoss"], message: `${L.stopLoss} must differ from the entry price` });
    } else if (pipDecimals !== null && stopDistanceTenthsOfPip(data.entryPrice, data.stopLoss, pipDecimals) < 1) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["stopLoss"],
        message: `${L.stopLoss} must be at least 0.1 pip away from the entry price`,
      });
    }
  }
}

/**
 * Position size request: the spec's accountBalance, riskPercent, entryPrice,
 * stopLoss, and the optional fields of the extended calculator (riskAmount
 * instead of riskPercent, symbol, accountCurrency, conversionRate, costs,
 * broker limits, leverage, takeProfits, custom instrument), with the
 * cross-field rules of `requireOneRisk` and `checkPositionSize`.
 */
export const positionSizeSchema = z.preprocess(requireOneRisk, positionSizeFields).superRefine(checkPositionSize);

/** The spec's risk of ruin fields: winRate (%), riskReward (R), riskPerTrade (% of starting balance). */
const riskOfRuinFields = z.object(
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

/**
 * Risk of ruin request: the spec's winRate (%), riskReward (R), riskPerTrade
 * (% of starting balance), and optional ruinDrawdown (% of the starting
 * balance that counts as ruin, 0 < D ≤ 100, default 100).
 */
export const riskOfRuinSchema = riskOfRuinFields.extend({
  ruinDrawdown: optionalNumberField(L.ruinDrawdown, (n) =>
    n.gt(0, `${L.ruinDrawdown} must be greater than 0`).max(100, `${L.ruinDrawdown} must be at most 100`),
  ),
});

/** Message for a /tools post whose `intent` names no calculator. */
const UNKNOWN_CALCULATOR_MESSAGE = "Unknown calculator. Choose the position size or risk of ruin calculator.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a take-profit row of the form was left empty (no price, no share). */
function blankRow(row: unknown): boolean {
  return row === undefined || row === null || (isRecord(row) && !present(row.price) && !present(row.share));
}

/**
 * The position size form posts a fixed number of take-profit rows
 * (`takeProfits[i].price`, `takeProfits[i].share`): trailing empty rows are
 * dropped (none left → no targets), so an empty row in the middle still
 * reports its missing price on its own index. Then the risk rule of
 * `requireOneRisk`. Other intents pass through.
 */
function prepareToolsForm(body: unknown, ctx: z.RefinementCtx): unknown {
  if (!isRecord(body) || body.intent !== "position-size") return body;
  requireOneRisk(body, ctx);
  if (!Array.isArray(body.takeProfits)) return body;
  const rows = [...body.takeProfits];
  while (rows.length > 0 && blankRow(rows[rows.length - 1])) rows.pop();
  return { ...body, takeProfits: rows.length > 0 ? rows : undefined };
}

/**
 * The /tools page's form schema: one request per calculator, chosen by the
 * hidden `intent` field, with the same fields and rules as the API schemas
 * (take-profit rows as the form posts them, see `prepareToolsForm`).
 */
export const toolsSchema = z
  .preprocess(
    prepareToolsForm,
    z.discriminatedUnion(
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
    ),
  )
  .superRefine((data, ctx) => {
    if (data.intent === "position-size") checkPositionSize(data, ctx);
  });

/** A number field of the client pre-check: it must parse as a number (and be given when `required`), nothing more. */
function numberShape(label: string, required: boolean) {
  return z.preprocess(toNumberInput, required ? baseNumber(label) : baseNumber(label).optional());
}

/**
 * The spec's pre-check of the position size form (section 5), run in the
 * browser before anything is sent: the balance, entry and stop must parse
 * as numbers, the risk percent too unless a risk amount is given, and every
 * optional number that is filled in (take-profit rows included). Messages
 * are the server's ("Account balance is required", "Entry price must be a
 * number"); ranges are left to the server.
 */
export const positionSizeNumbersSchema = z.preprocess(
  prepareToolsForm,
  z.object({
    accountBalance: numberShape(L.accountBalance, true),
    riskPercent: numberShape(L.riskPercent, false),
    riskAmount: numberShape(L.riskAmount, false),
    entryPrice: numberShape(L.entryPrice, true),
    stopLoss: numberShape(L.stopLoss, true),
    conversionRate: numberShape(L.conversionRate, false),
    commissionPerLot: numberShape(L.commissionPerLot, false),
    spreadPips: numberShape(L.spreadPips, false),
    minLot: numberShape(L.minLot, false),
    maxLot: numberShape(L.maxLot, false),
    leverage: numberShape(L.leverage, false),
    contractSize: numberShape(L.contractSize, false),
    pipSize: numberShape(L.pipSize, false),
    pipValue: numberShape(L.pipValue, false),
    takeProfits: z
      .array(z.object({ price: numberShape("Take-profit price", true), share: numberShape("Take-profit share", true) }))
      .optional(),
  }),
);

/** The spec's pre-check of the risk of ruin form: its three fields parse as numbers, and the ruin drawdown when filled in. */
export const riskOfRuinNumbersSchema = z.object({
  winRate: numberShape(L.winRate, true),
  riskReward: numberShape(L.riskReward, true),
  riskPerTrade: numberShape(L.riskPerTrade, true),
  ruinDrawdown: numberShape(L.ruinDrawdown, false),
});

/** Each calculator form's pre-check (the browser's "must parse as numbers" rule), by intent. */
export const CALCULATOR_PRECHECKS: Record<CalculatorIntent, z.ZodTypeAny> = {
  "position-size": positionSizeNumbersSchema,
  "risk-of-ruin": riskOfRuinNumbersSchema,
};

/**
 * The form name of a calculator field the domain named in a
 * CalculatorInputError: "takeProfits.1.price" → "takeProfits[1].price"
 * (Conform's notation); other names are unchanged.
 */
export function formFieldName(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}
