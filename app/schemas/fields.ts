/**
 * Field parsers shared by every schema that accepts both FormData strings and
 * JSON values (the calculators, the signal form and their /api twins).
 * Parse FormData with Conform's `disableAutoCoercion: true` (or through
 * `handleIntent`, whose coercion leaves these results unchanged).
 */

/** Plain decimal notation, optionally signed, with an optional exponent. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Longest text read as a number, in characters; longer text is rejected as not a number without being parsed. */
const MAX_NUMBER_TEXT_LENGTH = 40;

/** Same message for a JSON body that is missing or not an object. */
export const OBJECT_ERRORS = {
  required_error: "Request body must be an object of fields",
  invalid_type_error: "Request body must be an object of fields",
};

/** Trimmed string; "" and null → undefined. Other types pass through for zod to reject. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * A number input: empty, whitespace-only or null → undefined; a decimal string
 * of at most `MAX_NUMBER_TEXT_LENGTH` characters → number; any other string → NaN
 * (which `z.number()` rejects as not a number); other types pass through.
 */
export function toNumberInput(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  return v.length <= MAX_NUMBER_TEXT_LENGTH && DECIMAL.test(v) ? Number(v) : Number.NaN;
}

/** Trimmed and upper-cased text ("" and null → undefined); other types pass through. */
export function upperCased(value: unknown): unknown {
  const v = blankToUndefined(value);
  return typeof v === "string" ? v.toUpperCase() : v;
}
