/**
 * How signals and strategies are shown (spec section 4): age labels, row
 * tints, risk-class badges and price formatting per instrument.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'Just now' under 1 minute, 'N min ago' under 60 minutes, 'N hr ago' under
 * 24 hours, otherwise the UTC date (e.g. 'Nov 20, 2026').
 * @param createdAt when the signal was published; @param now the reference time.
 */
export function signalAge(createdAt: Date | string, now: Date): string {
  const created = typeof createdAt === "string" ? new Date(createdAt) : createdAt;
  const elapsed = now.getTime() - created.getTime();
  if (elapsed < MINUTE_MS) return "Just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)} hr ago`;
  return formatDate(created);
}

/*
 * UTC dates are written with plain arithmetic, not Intl.DateTimeFormat: the
 * first Intl object a browser tab makes loads the ICU locale and time zone
 * data, 20-70 ms of main thread on a mid-range phone while the page starts
 * (docs/decisions/0069-no-locale-data-at-start-up.md). The texts are Intl's
 * en-US ones, word for word, for years 1 to 9999 (tests/unit/signal-display.test.ts
 * compares them); an invalid date throws a RangeError, as Intl does.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The date as a Date; @throws RangeError "Invalid time value" when it is not a valid date. */
function toDate(date: Date | string): Date {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError("Invalid time value");
  return value;
}

/** "Nov 20" of a UTC date. */
function monthDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "14:05" of a UTC date. */
function hourMinute(date: Date): string {
  return `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
}

/** A UTC calendar date such as 'Nov 20, 2026'. */
export function formatDate(date: Date | string): string {
  const value = toDate(date);
  return `${monthDay(value)}, ${value.getUTCFullYear()}`;
}

/** A UTC date and time such as 'Nov 20, 2026, 14:05 UTC'. */
export function formatDateTime(date: Date | string): string {
  const value = toDate(date);
  return `${monthDay(value)}, ${value.getUTCFullYear()}, ${hourMinute(value)} UTC`;
}

/** A compact UTC date and time without the year, such as 'Nov 21, 14:05 UTC' (a signal's expiry). */
export function formatShortDateTime(date: Date | string): string {
  const value = toDate(date);
  return `${monthDay(value)}, ${hourMinute(value)} UTC`;
}

/** Row tint on the strategy page: green for LONG, red otherwise. */
export function sideTint(side: string): "green" | "red" {
  return side === "LONG" ? "green" : "red";
}

/** Risk badge: Conservative secondary, Balanced default, anything else destructive. */
export function riskBadgeVariant(riskClass: string): "secondary" | "default" | "destructive" {
  if (riskClass === "Conservative") return "secondary";
  if (riskClass === "Balanced") return "default";
  return "destructive";
}

/**
 * Decimal places a price is quoted with: 2 for gold and silver (XAU/XAG),
 * 3 for JPY-quoted pairs, else 5 (fractional pips).
 */
export function priceDecimals(symbol: string): number {
  const upper = symbol.toUpperCase();
  if (upper.startsWith("XAU") || upper.startsWith("XAG")) return 2;
  if (upper.endsWith("JPY")) return 3;
  return 5;
}

/** A price with the instrument's usual decimals, or '—' when withheld. */
export function formatPrice(symbol: string, price: number | null | undefined): string {
  if (price === null || price === undefined) return "—";
  return price.toFixed(priceDecimals(symbol));
}
