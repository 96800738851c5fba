/**
 * The one schema for publishing a trading signal, shared by the admin form
 * (/admin/signals: Conform's `parseWithZod` on FormData, client and server)
 * and by `POST /api/admin/signals` (JSON body, mapped to the same flat input
 * by `signalInputFromApiBody`).
 *
 * Flat field names: strategyId, symbol, side, entryPrice, entryMethod, sl,
 * tp1, tp2, rationale, expiresAt. Rules (see docs/decisions/admin-signal-form.md):
 * - strategyId: a positive integer (whether it exists and is active is checked
 *   against the database by `publishSignal`, reported on `strategyId` too).
 * - symbol: trimmed and upper-cased, 6 letters (EURUSD, XAUUSD, ...), two different currencies.
 * - side: LONG or SHORT (case-insensitive); entryMethod: market, limit or stop (default market).
 * - prices: finite numbers greater than 0 (at most 1,000,000); tp2 optional (empty → undefined, never 0).
 * - geometry: LONG needs SL < entry < TP1 (< TP2); SHORT needs SL > entry > TP1 (> TP2),
 *   checked by the domain's `checkGeometry` (the rule the lifecycle applies too).
 *   Each violation is reported on the offending field (sl, tp1 or tp2).
 * - expiresAt: an ISO 8601 date-time with Z or an offset, or the `datetime-local`
 *   form value "YYYY-MM-DDTHH:mm[:ss]" read as UTC; after now and at most 30 days ahead.
 * - rationale: optional, trimmed, at most 2000 characters.
 *
 * Numbers may arrive as JSON numbers or as decimal strings (FormData); empty
 * strings and null count as missing. Parse FormData with `disableAutoCoercion: true`.
 */
import { z } from "zod";
import type { EntryMethod, SignalSide } from "../../db/schema";
import { repeatsCurrency, SYMBOL_PATTERN } from "~/domain/instruments";
import { checkGeometry } from "~/domain/signal-lifecycle";
import { blankToUndefined, OBJECT_ERRORS, toNumberInput, upperCased } from "./fields";

// Local copies (type-checked against the DB enums) so the client bundle does not pull in drizzle.
export const SIGNAL_SIDES = ["LONG", "SHORT"] as const satisfies readonly SignalSide[];
export const ENTRY_METHODS = ["market", "limit", "stop"] as const satisfies readonly EntryMethod[];

/** Display labels (with units/abbreviations as traders write them), used in messages and by the form. */
const SIGNAL_FIELD_LABELS = {
  strategyId: "Strategy",
  symbol: "Symbol",
  side: "Side",
  entryPrice: "Entry price",
  entryMethod: "Entry method",
  sl: "Stop loss",
  tp1: "Take profit 1",
  tp2: "Take profit 2",
  rationale: "Rationale",
  expiresAt: "Expiry",
} as const;

type SignalField = keyof typeof SIGNAL_FIELD_LABELS;

/** Longest rationale accepted, in characters. */
export const MAX_RATIONALE_LENGTH = 2000;
/** Furthest ahead a signal may expire, in days. */
export const MAX_EXPIRY_DAYS = 30;
/** Default lifetime of a new signal (spec section 9: 24 hours). */
const DEFAULT_EXPIRY_HOURS = 24;
/** Largest price accepted; only keeps the numbers sane (gold trades in the thousands). */
export const MAX_PRICE = 1_000_000;
/** Price input step (spec section 5). */
export const PRICE_STEP = "0.00001";

const L = SIGNAL_FIELD_LABELS;
const DAY_MS = 24 * 60 * 60 * 1000;

function priceNumber(label: string) {
  return z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .finite(`${label} must be a finite number`)
    .gt(0, `${label} must be greater than 0`)
    .max(MAX_PRICE, `${label} must be at most 1,000,000`);
}

/** A required price field (form text or JSON number): finite, above 0, at most `MAX_PRICE`; messages name `label`. */
export const requiredPrice = (label: string) => z.preprocess(toNumberInput, priceNumber(label));
/** `requiredPrice`, but a blank or absent value is undefined. */
export const optionalPrice = (label: string) => z.preprocess(toNumberInput, priceNumber(label).optional());

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const DATETIME_ISO =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * Parses an expiry: ISO 8601 with `Z` or an offset, or the `datetime-local`
 * value "YYYY-MM-DDTHH:mm[:ss[.sss]]" taken as UTC. Rejects impossible dates
 * such as Feb 30 (which `Date.parse` silently rolls over).
 * @returns the instant, or null when the text is not such a date-time.
 */
export function parseExpiry(text: string): Date | null {
  const trimmed = text.trim();
  const local = DATETIME_LOCAL.exec(trimmed);
  const iso = local ? null : DATETIME_ISO.exec(trimmed);
  const m = local ?? iso;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? "0"));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return null;
  }
  const ms = Date.parse(local ? `${trimmed}Z` : trimmed.toUpperCase());
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A `datetime-local` value ("YYYY-MM-DDTHH:mm") for `date` in UTC. */
export function toDateTimeLocalUtc(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** The default expiry for a form opened at `now`: 24 hours later, as a UTC `datetime-local` value. */
export function defaultExpiryValue(now: Date): string {
  return toDateTimeLocalUtc(new Date(now.getTime() + DEFAULT_EXPIRY_HOURS * 60 * 60 * 1000));
}

const EXPIRY_FORMAT_MESSAGE = `${L.expiresAt} must be a date and time such as 2026-01-31T14:00 (UTC) or an ISO 8601 timestamp`;

function expiryField(now: () => Date) {
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v !== "string") return v;
      // Unparseable text stays a string, which z.date() rejects with the format message.
      return parseExpiry(v) ?? v;
    },
    z
      .date({ required_error: `${L.expiresAt} is required`, invalid_type_error: EXPIRY_FORMAT_MESSAGE })
      .superRefine((date, ctx) => {
        const current = now().getTime();
        if (date.getTime() <= current) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${L.expiresAt} must be in the future` });
        } else if (date.getTime() > current + MAX_EXPIRY_DAYS * DAY_MS) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `${L.expiresAt} must be at most ${MAX_EXPIRY_DAYS} days from now`,
          });
        }
      }),
  );
}

function isValidPrice(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

/**
 * Builds the signal schema. `now` is read at validation time (tests pin it).
 */
export function buildSignalSchema(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return z
    .object(
      {
        strategyId: z.preprocess(
          toNumberInput,
          z
            .number({ required_error: "Choose a strategy", invalid_type_error: `${L.strategyId} must be a strategy id` })
            .int(`${L.strategyId} must be a strategy id`)
            .positive(`${L.strategyId} must be a strategy id`)
            .max(Number.MAX_SAFE_INTEGER, `${L.strategyId} must be a strategy id`),
        ),
        symbol: z.preprocess(
          upperCased,
          z
            .string({ required_error: `${L.symbol} is required`, invalid_type_error: `${L.symbol} must be text, such as EURUSD` })
            .regex(SYMBOL_PATTERN, `${L.symbol} must be 6 letters, such as EURUSD or XAUUSD`)
            .refine((s) => !repeatsCurrency(s), `${L.symbol} must name two different currencies, such as EURUSD`),
        ),
        side: z.preprocess(
          upperCased,
          z.enum(SIGNAL_SIDES, {
            errorMap: (issue, ctx) =>
              issue.code === "invalid_type" && ctx.data === undefined
                ? { message: "Choose LONG or SHORT" }
                : { message: `${L.side} must be LONG or SHORT` },
          }),
        ),
        entryPrice: requiredPrice(L.entryPrice),
        entryMethod: z.preprocess(
          (value) => {
            const v = blankToUndefined(value);
            return typeof v === "string" ? v.toLowerCase() : v;
          },
          z
            .enum(ENTRY_METHODS, { errorMap: () => ({ message: `${L.entryMethod} must be market, limit or stop` }) })
            .default("market"),
        ),
        sl: requiredPrice(L.sl),
        tp1: requiredPrice(L.tp1),
        tp2: optionalPrice(L.tp2),
        rationale: z.preprocess(
          blankToUndefined,
          z
            .string({ invalid_type_error: `${L.rationale} must be text` })
            .max(MAX_RATIONALE_LENGTH, `${L.rationale} must be at most ${MAX_RATIONALE_LENGTH} characters`)
            .optional(),
        ),
        expiresAt: expiryField(now),
      },
      OBJECT_ERRORS,
    )
    .superRefine((data, ctx) => {
      // Runs when every field has the right type but a range check failed too: guard each value.
      const { side, entryPrice: entry, sl, tp1, tp2 } = data;
      if (side !== "LONG" && side !== "SHORT") return;
      if (!isValidPrice(entry)) return;
      // The domain's rule (one implementation); a level that failed its own check is left out of it.
      const levels = {
        sl: isValidPrice(sl) ? sl : Number.NaN,
        tp1: isValidPrice(tp1) ? tp1 : Number.NaN,
        tp2: isValidPrice(tp2) && isValidPrice(tp1) ? tp2 : null,
      };
      for (const issue of checkGeometry(side, entry, levels)) {
        if (Number.isNaN(levels[issue.field])) continue;
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
      }
    });
}

/** The schema with the real clock. */
export const signalSchema = buildSignalSchema();

/** A validated signal: prices as numbers, expiry as a Date, tp2/rationale possibly undefined. */
export type SignalInput = z.output<typeof signalSchema>;

// ---------------------------------------------------------------------------
// JSON API body ↔ flat input

/** Where each flat field lives in the API's nested body (spec section 7). */
const API_FIELD_NAMES: Record<SignalField, string> = {
  strategyId: "strategyId",
  symbol: "symbol",
  side: "side",
  entryPrice: "entryJson.price",
  entryMethod: "entryJson.method",
  sl: "sl",
  tp1: "tpJson.tp1",
  tp2: "tpJson.tp2",
  rationale: "rationale",
  expiresAt: "expiresAt",
};

/** Flat aliases a client may send instead of the nested fields (the API's flat signal shape). */
const API_FLAT_ALIASES: Partial<Record<SignalField, string>> = {
  side: "direction",
  entryPrice: "entryPrice",
  sl: "stopLoss",
  tp1: "takeProfit1",
  tp2: "takeProfit2",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The nested-body value of `field` (undefined when absent). */
function nestedValue(body: Record<string, unknown>, field: SignalField): unknown {
  const [head, tail] = API_FIELD_NAMES[field].split(".");
  if (tail === undefined) return body[head];
  const inner = body[head];
  return isRecord(inner) ? inner[tail] : undefined;
}

/** Whether the client sent `field` under its flat alias rather than the nested name. */
function usesAlias(body: Record<string, unknown>, field: SignalField): boolean {
  const alias = API_FLAT_ALIASES[field];
  return alias !== undefined && nestedValue(body, field) === undefined && body[alias] !== undefined;
}

/**
 * Maps the API's JSON body `{strategyId, symbol, side, entryJson: {price, method},
 * sl, tpJson: {tp1, tp2}, rationale, expiresAt}` to the flat input `signalSchema`
 * validates. The flat aliases direction, entryPrice, stopLoss, takeProfit1 and
 * takeProfit2 are used when the nested field is absent. A body that is not an
 * object is returned as it is, for the schema to reject.
 */
export function signalInputFromApiBody(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(API_FIELD_NAMES) as SignalField[]) {
    const value = usesAlias(body, field) ? body[API_FLAT_ALIASES[field]!] : nestedValue(body, field);
    if (value !== undefined) input[field] = value;
  }
  return input;
}

/**
 * The name a client used for a flat field path in its JSON body: the nested
 * name (entryJson.price, tpJson.tp1, ...) unless it sent the flat alias
 * (stopLoss, direction, ...). The empty path (the body itself) is "body".
 */
export function apiFieldName(path: ReadonlyArray<string | number>, body: unknown): string {
  if (path.length === 0) return "body";
  const field = String(path[0]) as SignalField;
  if (!(field in API_FIELD_NAMES)) return path.join(".");
  if (isRecord(body) && usesAlias(body, field)) return API_FLAT_ALIASES[field]!;
  return API_FIELD_NAMES[field];
}

/**
 * A zod error from validating `signalInputFromApiBody(body)` as `[{field, message}]`,
 * with each field under the name the client used in `body`.
 */
export function apiSignalErrors(error: z.ZodError, body: unknown): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => ({ field: apiFieldName(issue.path, body), message: issue.message }));
}

/** The publish form's hidden field carrying its idempotency key (docs/decisions/0125-idempotency-keys.md). */
export const PUBLISH_KEY_FIELD = "idempotencyKey";
