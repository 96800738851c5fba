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
 * One formatter per format, made once: `toLocaleString` with options builds a
 * new Intl.DateTimeFormat on every call, which dominated the render time of
 * the signal lists (the texts are the same).
 */
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const SHORT_DATE_TIME_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

function toDate(date: Date | string): Date {
  return typeof date === "string" ? new Date(date) : date;
}

/** A UTC calendar date such as 'Nov 20, 2026'. */
export function formatDate(date: Date | string): string {
  return DATE_FORMAT.format(toDate(date));
}

/** A UTC date and time such as 'Nov 20, 2026, 14:05 UTC'. */
export function formatDateTime(date: Date | string): string {
  return `${DATE_TIME_FORMAT.format(toDate(date))} UTC`;
}

/** A compact UTC date and time without the year, such as 'Nov 21, 14:05 UTC' (a signal's expiry). */
export function formatShortDateTime(date: Date | string): string {
  return `${SHORT_DATE_TIME_FORMAT.format(toDate(date))} UTC`;
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
