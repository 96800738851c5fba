/**
 * The one vocabulary for traded instruments: what a symbol looks like, its
 * pip size, its contract size, how its quote currency converts to the account
 * currency, and how many decimals its price is quoted with. Pure: no I/O.
 *
 * Conventions (the usual MT4/MT5 ones):
 * - A symbol is 6 upper-case letters, BASE then QUOTE (EURUSD, USDJPY, XAUUSD).
 * - Pip: 0.01 for JPY-quoted pairs and for gold (1 pip = 1 cent of price;
 *   some brokers call 0.10 a pip, we do not), else 0.0001.
 * - Contract: 100,000 base units per standard lot; 100 troy ounces for XAU.
 *   Other metals (XAG, XPT, XPD) are refused rather than sized with a wrong contract.
 * - Quote → account currency (USD): 1 for USD-quoted symbols; 1 / entry price
 *   for USD-based pairs (USDJPY, USDCHF, USDCAD); crosses (EURGBP, EURJPY, ...)
 *   need a conversion rate.
 */
import { CalculatorInputError } from "./calculator-error";

/** A symbol's shape: 6 upper-case letters, BASE then QUOTE. */
export const SYMBOL_PATTERN = /^[A-Z]{6}$/;
/** Units of base currency in one standard FX lot. */
export const STANDARD_LOT_UNITS = 100_000;
/** Troy ounces in one lot of XAU (gold). */
export const GOLD_LOT_OUNCES = 100;
/** Account currency assumed whenever a symbol is given. */
export const ACCOUNT_CURRENCY = "USD";

/** The instruments the position size calculator offers, in display order. */
export const CALCULATOR_SYMBOLS = [
  "EURUSD",
  "GBPUSD",
  "AUDUSD",
  "NZDUSD",
  "USDJPY",
  "USDCHF",
  "USDCAD",
  "EURGBP",
  "EURJPY",
  "GBPJPY",
  "XAUUSD",
] as const;

/** Metals we refuse to size because their contract conventions differ by broker. */
const UNSUPPORTED_METALS = new Set(["XAG", "XPT", "XPD"]);

/** How the quote currency is converted to the account currency. */
type QuoteConversion = "direct" | "inverse-entry" | "conversion-rate";

interface InstrumentSpec {
  /** Upper-case symbol, or null for the default instrument. */
  symbol: string | null;
  base: string | null;
  quote: string | null;
  /** Number of decimals of one pip: 4 → 0.0001, 2 → 0.01. */
  pipDecimals: number;
  /** Price change of one pip. */
  pipSize: number;
  /** Units (or ounces) per standard lot. */
  contractSize: number;
  /** How quote-currency amounts become account currency without a conversion rate. */
  conversion: QuoteConversion;
}

/** Whether `text` has a symbol's shape (6 upper-case letters); no other check. */
export function isSymbolShaped(text: string): boolean {
  return SYMBOL_PATTERN.test(text);
}

/** Whether a 6-letter symbol names the same currency twice (e.g. USDUSD). */
export function repeatsCurrency(symbol: string): boolean {
  return symbol.slice(0, 3) === symbol.slice(3);
}

/** Normalises a symbol: trimmed, upper case; empty → null. */
function normaliseSymbol(symbol: string | null | undefined): string | null {
  if (symbol === undefined || symbol === null) return null;
  const trimmed = symbol.trim().toUpperCase();
  return trimmed === "" ? null : trimmed;
}

/**
 * Contract details for `symbol` (conventions in the module doc); with no
 * symbol, the default instrument: a USD-quoted pair, pip 0.0001, 100,000 units per lot.
 * @throws CalculatorInputError naming `symbol` when it is not 6 letters, names
 *   the same currency twice, or is an unsupported metal.
 */
export function instrumentSpec(symbol?: string | null): InstrumentSpec {
  const normalised = normaliseSymbol(symbol);
  if (normalised === null) {
    return {
      symbol: null,
      base: null,
      quote: null,
      pipDecimals: 4,
      pipSize: 0.0001,
      contractSize: STANDARD_LOT_UNITS,
      conversion: "direct",
    };
  }
  if (!isSymbolShaped(normalised)) {
    throw new CalculatorInputError("symbol", "Symbol must be 6 letters, such as EURUSD");
  }
  if (repeatsCurrency(normalised)) {
    throw new CalculatorInputError("symbol", "Symbol must name two different currencies, such as EURUSD");
  }
  const base = normalised.slice(0, 3);
  const quote = normalised.slice(3);
  if (UNSUPPORTED_METALS.has(base) || UNSUPPORTED_METALS.has(quote) || quote === "XAU") {
    throw new CalculatorInputError("symbol", `Symbol ${normalised} is not supported; use a currency pair or XAUUSD`);
  }
  const gold = base === "XAU";
  const pipDecimals = gold || quote === "JPY" ? 2 : 4;
  const conversion: QuoteConversion =
    quote === ACCOUNT_CURRENCY ? "direct" : base === ACCOUNT_CURRENCY ? "inverse-entry" : "conversion-rate";
  return {
    symbol: normalised,
    base,
    quote,
    pipDecimals,
    pipSize: 1 / 10 ** pipDecimals,
    contractSize: gold ? GOLD_LOT_OUNCES : STANDARD_LOT_UNITS,
    conversion,
  };
}

/**
 * Whether sizing `symbol` needs a conversion rate (a cross with neither
 * currency USD). False for no symbol and for symbols that are invalid
 * (those fail on `symbol` instead).
 */
export function requiresConversionRate(symbol: string | null | undefined): boolean {
  try {
    return instrumentSpec(symbol).conversion === "conversion-rate";
  } catch {
    return false;
  }
}

/** Whether `symbol` is gold (XAU base), whose positions are counted in ounces rather than units. */
export function isGold(symbol: string | null | undefined): boolean {
  return normaliseSymbol(symbol)?.startsWith("XAU") ?? false;
}
