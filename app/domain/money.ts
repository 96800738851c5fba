/**
 * The one way money is written on FX Trader's pages: US dollars, en-US
 * grouping, the minus sign before the dollar sign.
 *
 * US dollars are written with plain arithmetic, not Intl.NumberFormat: the
 * first Intl object a browser tab makes loads the ICU locale data, 20-70 ms
 * of main thread on a mid-range phone, and every public page formats dollars
 * while it starts (docs/decisions/0069-no-locale-data-at-start-up.md). The
 * texts are Intl's en-US currency format, word for word
 * (tests/unit/money.test.ts compares them); amounts that JavaScript does not
 * write in plain digits (not finite, or 1e21 and more) still go to Intl.
 */

/** From this magnitude up, String(number) uses exponent notation (ECMA-262 Number::toString). */
const PLAIN_DIGITS_LIMIT = 1e21;

const usdFormats = new Map<string, Intl.NumberFormat>();

/** Intl's en-US US dollar format with these fraction digits, made on first use. */
function intlUsd(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let format = usdFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits, maximumFractionDigits });
    usdFormats.set(key, format);
  }
  return format;
}

/** "1234567" as "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * The plain decimal digits of a finite, non-negative number below 1e21, as
 * JavaScript writes its shortest round-trip form ("1.005", not the double's
 * exact 1.00499999...), exponent notation expanded: 1.5e-7 is ["0", "00000015"].
 */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa = "0", exponentText] = String(value).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  if (exponentText === undefined) return { whole, fraction };
  // Exponent notation only appears for values below 1e-6 here (1e21 and above go to Intl).
  const leadingZeros = "0".repeat(-Number(exponentText) - 1);
  return { whole: "0", fraction: `${leadingZeros}${whole}${fraction}` };
}

/** A string of decimal digits plus one, e.g. "0999" to "1000", "99" to "100". */
function incrementDigits(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * US dollars as V8's Intl en-US currency format writes them: the shortest
 * decimal form of the amount rounded half away from zero at
 * `maximumFractionDigits`, trailing zeros dropped down to
 * `minimumFractionDigits`, "-" before "$" for any negative amount, -0 included.
 */
function usd(amountUsd: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  if (!(Math.abs(amountUsd) < PLAIN_DIGITS_LIMIT)) return intlUsd(minimumFractionDigits, maximumFractionDigits).format(amountUsd);
  const negative = amountUsd < 0 || Object.is(amountUsd, -0);
  const { whole, fraction } = decimalDigits(Math.abs(amountUsd));
  const padded = fraction.padEnd(maximumFractionDigits, "0");
  let digits = `${whole}${padded.slice(0, maximumFractionDigits)}`;
  if (padded.length > maximumFractionDigits && padded[maximumFractionDigits]! >= "5") digits = incrementDigits(digits);
  const wholeDigits = digits.slice(0, digits.length - maximumFractionDigits);
  const fractionDigits = digits.slice(digits.length - maximumFractionDigits);
  let kept = fractionDigits.length;
  while (kept > minimumFractionDigits && fractionDigits[kept - 1] === "0") kept -= 1;
  return `${negative ? "-" : ""}$${groupThousands(wholeDigits)}${kept > 0 ? `.${fractionDigits.slice(0, kept)}` : ""}`;
}

/**
 * Whole US dollars, rounded half away from zero.
 * @param amountUsd an amount in US dollars, e.g. 118654.4
 * @returns e.g. "$118,654"; "-$1,250" for -1250
 */
export function formatUsd(amountUsd: number): string {
  return usd(amountUsd, 0, 0);
}

/**
 * US cents as dollars and cents.
 * @param cents an integer number of US cents, e.g. 19700
 * @returns e.g. "$197.00"
 */
export function formatUsdCents(cents: number): string {
  return usd(cents / 100, 2, 2);
}

/**
 * US dollars with cents and up to two more decimals, for per-unit amounts
 * smaller than a cent matters for (e.g. a pip's value).
 * @param amountUsd an amount in US dollars, e.g. 6.66667
 * @returns e.g. "$6.6667"; "$10.00" for 10
 */
export function formatUsdPrecise(amountUsd: number): string {
  return usd(amountUsd, 2, 4);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in any ISO 4217 currency, with that currency's usual decimals
 * (2 for USD, EUR, GBP, ...; 0 for JPY), en-US grouping.
 * @param amount an amount in `currency`, e.g. 100
 * @param currency an ISO 4217 code, e.g. "EUR"
 * @returns e.g. "€100.00", "¥15,000", "$100.00"
 */
export function formatMoney(amount: number, currency: string): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    currencyFormats.set(currency, format);
  }
  return format.format(amount);
}
