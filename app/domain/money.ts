/**
 * The one way money is written on FX Trader's pages: US dollars, en-US
 * grouping, the minus sign before the dollar sign.
 *
 * US dollars are written with plain arithmetic, not Intl.NumberFormat: the
 * first Intl object a browser tab makes loads the ICU locale data, 20-70 ms
 * of main thread on a mid-range phone, and every public page formats dollars
 * while it starts (docs/decisions/0069-no-locale-data-at-start-up.md). The
 * texts are Intl's en-US currency format, word for word
 * (tests/unit/money.test.ts compares them); amounts of $100 billion or
 * more, and non-finite ones, still go to Intl.
 */

/**
 * Below this magnitude an amount times 10^4 stays under 2^53, so rounding it
 * to whole ten-thousandths is exact; larger amounts (none on the site) go to Intl.
 */
const PLAIN_LIMIT = 1e11;

const intlFormats = new Map<string, Intl.NumberFormat>();

/** The en-US Intl.NumberFormat with `options`, made on first use and kept under `key`. */
function intlFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", options);
    intlFormats.set(key, format);
  }
  return format;
}

/**
 * US dollars as V8's Intl en-US currency format writes them: the amount's
 * shortest decimal form (String(1.005) is "1.005") rounded half away from
 * zero at `maximumFractionDigits` (shifting the decimal point in that text
 * keeps the rounding on it rather than on the double's binary value),
 * trailing zeros dropped down to `minimumFractionDigits`, "-" before "$" for
 * any negative amount, -0 included.
 */
function usd(amount: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const abs = Math.abs(amount);
  if (!(abs < PLAIN_LIMIT)) {
    const options = { style: "currency", currency: "USD", minimumFractionDigits, maximumFractionDigits } as const;
    return intlFormat(`USD ${minimumFractionDigits}-${maximumFractionDigits}`, options).format(amount);
  }
  // Below 1e-6 String() uses exponent notation; such an amount rounds to 0 at 4 decimals anyway.
  const scaled = abs < 1e-6 ? 0 : Math.round(Number(`${abs}e${maximumFractionDigits}`));
  const unit = 10 ** maximumFractionDigits;
  const fraction = String(scaled % unit).padStart(maximumFractionDigits, "0");
  let kept = maximumFractionDigits;
  while (kept > minimumFractionDigits && fraction[kept - 1] === "0") kept -= 1;
  const whole = String(Math.floor(scaled / unit)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${amount < 0 || Object.is(amount, -0) ? "-" : ""}$${whole}${kept > 0 ? `.${fraction.slice(0, kept)}` : ""}`;
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

/**
 * An amount in any ISO 4217 currency, with that currency's usual decimals
 * (2 for USD, EUR, GBP, ...; 0 for JPY), en-US grouping.
 * @param amount an amount in `currency`, e.g. 100
 * @param currency an ISO 4217 code, e.g. "EUR"
 * @returns e.g. "€100.00", "¥15,000", "$100.00"
 */
export function formatMoney(amount: number, currency: string): string {
  return intlFormat(currency, { style: "currency", currency }).format(amount);
}
