/**
 * "Size this trade": the link from a signal to the position size calculator
 * on /tools, pre-filled with the signal's symbol, entry, stop and targets and
 * the risk of the user's risk template, and the reading of that link's query
 * on /tools. A plain link with query parameters, so it works without
 * JavaScript. Pure: no I/O.
 */
import type { RISK_TEMPLATES } from "../../db/schema";
import { catalogueInstrument } from "./instruments";

/** The page the link opens. */
export const TOOLS_PATH = "/tools";

/**
 * Percent of the balance risked per trade for each My Strategies risk
 * template (the one place these figures live; decision record 0035).
 */
export const RISK_TEMPLATE_PERCENT = {
  Conservative: 0.5,
  Balanced: 1,
  Aggressive: 2,
} as const satisfies Record<(typeof RISK_TEMPLATES)[number], number>;

export type RiskTemplateName = keyof typeof RISK_TEMPLATE_PERCENT;

/** The template of a user with no saved choice (the settings column's default). */
export const DEFAULT_RISK_TEMPLATE: RiskTemplateName = "Balanced";

/** Percent risked per trade for `template`; an unknown or missing template counts as the default (Balanced, 1%). */
export function riskPercentFor(template: string | null | undefined): number {
  return (RISK_TEMPLATE_PERCENT as Record<string, number>)[template ?? ""] ?? RISK_TEMPLATE_PERCENT[DEFAULT_RISK_TEMPLATE];
}

/** A signal's levels as the link needs them (the one vocabulary: entryPrice, sl, tp1, tp2); null when withheld. */
export interface TradeLevels {
  symbol: string;
  entryPrice: number | null;
  sl: number | null;
  tp1?: number | null;
  tp2?: number | null;
}

/** A positive finite number, else null. */
function positive(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The /tools URL that sizes `signal` at `riskPercent`.
 * @param signal symbol and levels in quote currency per base unit; entry and stop are required.
 * @param riskPercent percent of the balance to risk, 0 < riskPercent ≤ 100 (see `riskPercentFor`).
 * @returns e.g. "/tools?symbol=EURUSD&entryPrice=1.085&stopLoss=1.08&tp1=1.09&tp2=1.095&riskPercent=1",
 *   without tp1/tp2 when the signal has none; null when the entry or the stop is missing (a locked signal)
 *   or equal, or when riskPercent is out of range.
 */
export function sizeThisTradeHref(signal: TradeLevels, riskPercent: number): string | null {
  const entryPrice = positive(signal.entryPrice);
  const sl = positive(signal.sl);
  if (entryPrice === null || sl === null || entryPrice === sl) return null;
  if (!(Number.isFinite(riskPercent) && riskPercent > 0 && riskPercent <= 100)) return null;
  const query = new URLSearchParams({ symbol: signal.symbol, entryPrice: String(entryPrice), stopLoss: String(sl) });
  const targets = [positive(signal.tp1), positive(signal.tp2)];
  targets.forEach((price, index) => {
    if (price !== null) query.set(`tp${index + 1}`, String(price));
  });
  query.set("riskPercent", String(riskPercent));
  return `${TOOLS_PATH}?${query.toString()}`;
}

/** The position size form's values read from a "Size this trade" link (strings, as the form shows them). */
export interface PositionSizePrefill {
  symbol?: string;
  entryPrice?: string;
  stopLoss?: string;
  riskPercent?: string;
  /** Take-profit rows, each with its share of the position (split equally, in whole percent, the first taking the rest). */
  takeProfits?: Array<{ price: string; share: string }>;
}

/** `value` when it is a plain decimal number > 0 and < 1e7 of at most 20 characters, else undefined. */
function decimalParam(value: string | null): string | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (text.length > 20 || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  const number = Number(text);
  return number > 0 && number < 10_000_000 ? text : undefined;
}

/**
 * Reads the query of a /tools URL made by `sizeThisTradeHref` (or typed by
 * hand) into form values. Anything unusable is left out rather than
 * refused: an unknown symbol, a price that is not a positive decimal, a risk
 * percent above 100.
 * @param query the URL's search parameters: symbol, entryPrice, stopLoss, tp1, tp2, riskPercent.
 * @returns only the values that were usable; {} when none.
 */
export function positionSizePrefill(query: URLSearchParams): PositionSizePrefill {
  const prefill: PositionSizePrefill = {};
  const symbol = catalogueInstrument(query.get("symbol"))?.symbol;
  if (symbol) prefill.symbol = symbol;
  const entryPrice = decimalParam(query.get("entryPrice"));
  if (entryPrice) prefill.entryPrice = entryPrice;
  const stopLoss = decimalParam(query.get("stopLoss"));
  if (stopLoss) prefill.stopLoss = stopLoss;
  const riskPercent = decimalParam(query.get("riskPercent"));
  if (riskPercent && Number(riskPercent) <= 100) prefill.riskPercent = riskPercent;
  const prices = [query.get("tp1"), query.get("tp2")].map(decimalParam).filter((price): price is string => price !== undefined);
  if (prices.length > 0) {
    const each = Math.floor(100 / prices.length);
    prefill.takeProfits = prices.map((price, index) => ({
      price,
      share: String(index === 0 ? 100 - each * (prices.length - 1) : each),
    }));
  }
  return prefill;
}
