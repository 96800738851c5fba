/**
 * The one way money is written on FX Trader's pages: US dollars, en-US
 * grouping, the minus sign before the dollar sign.
 */

/**
 * An en-US US dollar format with `minimumFractionDigits`..`maximumFractionDigits`
 * decimals. The formatters below are made on first use, not when the module
 * loads: building an Intl.NumberFormat costs milliseconds that a page which
 * formats nothing on load (e.g. /tools) should not pay.
 */
function usdFormat(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits, maximumFractionDigits });
}

let wholeDollars: Intl.NumberFormat | undefined;
let dollarsAndCents: Intl.NumberFormat | undefined;
let dollarsToFourDecimals: Intl.NumberFormat | undefined;

/**
 * Whole US dollars, rounded half away from zero.
 * @param amountUsd an amount in US dollars, e.g. 118654.4
 * @returns e.g. "$118,654"; "-$1,250" for -1250
 */
export function formatUsd(amountUsd: number): string {
  return (wholeDollars ??= usdFormat(0, 0)).format(amountUsd);
}

/**
 * US cents as dollars and cents.
 * @param cents an integer number of US cents, e.g. 19700
 * @returns e.g. "$197.00"
 */
export function formatUsdCents(cents: number): string {
  return (dollarsAndCents ??= usdFormat(2, 2)).format(cents / 100);
}

/**
 * US dollars with cents and up to two more decimals, for per-unit amounts
 * smaller than a cent matters for (e.g. a pip's value).
 * @param amountUsd an amount in US dollars, e.g. 6.66667
 * @returns e.g. "$6.6667"; "$10.00" for 10
 */
export function formatUsdPrecise(amountUsd: number): string {
  return (dollarsToFourDecimals ??= usdFormat(2, 4)).format(amountUsd);
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
