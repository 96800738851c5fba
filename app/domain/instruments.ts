/**
 * The one vocabulary for traded instruments: what a symbol looks like, the
 * catalogue the calculators offer (FX majors, minors and crosses, gold,
 * silver, and a custom instrument), each instrument's pip size, contract
 * size and price decimals, and how its quote currency converts to the
 * account currency. Pure: no I/O.
 *
 * Conventions (the usual MT4/MT5 ones, as in OANDA's and Babypips' pip
 * explanations):
 * - A symbol is 6 upper-case letters, BASE then QUOTE (EURUSD, USDJPY, XAUUSD).
 * - Pip: 0.01 for JPY-quoted pairs and for the metals (1 pip = 1 cent of
 *   price; some brokers call 0.10 a pip, we do not), else 0.0001.
 * - Contract: 100,000 base units per standard lot; 100 troy ounces for XAU,
 *   5,000 troy ounces for XAG (the COMEX silver contract, MT4's default).
 *   Other metals (XPT, XPD) are refused rather than sized with a wrong contract.
 * - Quote → account currency: 1 when the quote IS the account currency;
 *   1 / entry price when the base is the account currency (USDJPY in a USD
 *   account); otherwise a conversion rate the user gives (account-currency
 *   units per 1 quote unit), named as a market pair by `conversionRateName`.
 * - Custom (`CUSTOM`): the user gives contract size, pip (or tick) size and
 *   the pip (tick) value per lot in account currency, for indices and CFDs
 *   whose specifications differ by broker.
 */
import { CalculatorInputError } from "./calculator-error";

/** A symbol's shape: 6 upper-case letters, BASE then QUOTE. */
export const SYMBOL_PATTERN = /^[A-Z]{6}$/;
/** Units of base currency in one standard FX lot. */
export const STANDARD_LOT_UNITS = 100_000;
/** Troy ounces in one lot of XAU (gold). */
export const GOLD_LOT_OUNCES = 100;
/** Troy ounces in one lot of XAG (silver). */
export const SILVER_LOT_OUNCES = 5_000;
/** Account currency when none is given. */
export const ACCOUNT_CURRENCY = "USD";
/** The account currencies the calculators accept. */
export const ACCOUNT_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHF", "AUD", "CAD", "NZD"] as const;
export type AccountCurrency = (typeof ACCOUNT_CURRENCIES)[number];
/** The symbol of the custom instrument (contract size, pip size and pip value given by the user). */
export const CUSTOM_SYMBOL = "CUSTOM";

/**
 * Market convention for naming a pair: of two currencies, the one earlier in
 * this list is the base (EURUSD, GBPJPY, AUDNZD, USDCAD, CADCHF, CHFJPY).
 */
const BASE_PRIORITY = ["XAU", "XAG", "EUR", "GBP", "AUD", "NZD", "USD", "CAD", "CHF", "JPY"];

/** Instrument families, for grouping in the form and for the price-range hint. */
export type InstrumentFamily = "major" | "minor" | "metal" | "custom";

/** One catalogue entry: everything but the quote conversion, which depends on the account. */
export interface CatalogueInstrument {
  symbol: string;
  family: InstrumentFamily;
  /** Decimals the price is quoted with (one more than the pip's). */
  priceDecimals: number;
  /** Rough range of prices the instrument traded at in 2000–2026, quote units per base unit; used only for hints. */
  typicalPrice: readonly [number, number];
}

/** The catalogue, in display order: majors, minors and crosses, metals. */
export const INSTRUMENTS: readonly CatalogueInstrument[] = [
  { symbol: "EURUSD", family: "major", priceDecimals: 5, typicalPrice: [0.8, 1.7] },
  { symbol: "GBPUSD", family: "major", priceDecimals: 5, typicalPrice: [1, 2.2] },
  { symbol: "AUDUSD", family: "major", priceDecimals: 5, typicalPrice: [0.45, 1.15] },
  { symbol: "NZDUSD", family: "major", priceDecimals: 5, typicalPrice: [0.38, 0.9] },
  { symbol: "USDJPY", family: "major", priceDecimals: 3, typicalPrice: [75, 165] },
  { symbol: "USDCHF", family: "major", priceDecimals: 5, typicalPrice: [0.7, 1.85] },
  { symbol: "USDCAD", family: "major", priceDecimals: 5, typicalPrice: [0.9, 1.65] },
  { symbol: "EURGBP", family: "minor", priceDecimals: 5, typicalPrice: [0.55, 1] },
  { symbol: "EURJPY", family: "minor", priceDecimals: 3, typicalPrice: [88, 185] },
  { symbol: "EURCHF", family: "minor", priceDecimals: 5, typicalPrice: [0.9, 1.7] },
  { symbol: "EURAUD", family: "minor", priceDecimals: 5, typicalPrice: [1.1, 2.2] },
  { symbol: "EURCAD", family: "minor", priceDecimals: 5, typicalPrice: [1.2, 1.8] },
  { symbol: "EURNZD", family: "minor", priceDecimals: 5, typicalPrice: [1.4, 2.6] },
  { symbol: "GBPJPY", family: "minor", priceDecimals: 3, typicalPrice: [115, 255] },
  { symbol: "GBPCHF", family: "minor", priceDecimals: 5, typicalPrice: [1.05, 2.6] },
  { symbol: "GBPAUD", family: "minor", priceDecimals: 5, typicalPrice: [1.5, 3.1] },
  { symbol: "GBPCAD", family: "minor", priceDecimals: 5, typicalPrice: [1.4, 2.6] },
  { symbol: "GBPNZD", family: "minor", priceDecimals: 5, typicalPrice: [1.6, 3.6] },
  { symbol: "AUDJPY", family: "minor", priceDecimals: 3, typicalPrice: [54, 110] },
  { symbol: "AUDCHF", family: "minor", priceDecimals: 5, typicalPrice: [0.55, 1.2] },
  { symbol: "AUDCAD", family: "minor", priceDecimals: 5, typicalPrice: [0.8, 1.1] },
  { symbol: "AUDNZD", family: "minor", priceDecimals: 5, typicalPrice: [0.98, 1.4] },
  { symbol: "NZDJPY", family: "minor", priceDecimals: 3, typicalPrice: [44, 100] },
  { symbol: "NZDCHF", family: "minor", priceDecimals: 5, typicalPrice: [0.5, 1] },
  { symbol: "NZDCAD", family: "minor", priceDecimals: 5, typicalPrice: [0.7, 1] },
  { symbol: "CADJPY", family: "minor", priceDecimals: 3, typicalPrice: [65, 125] },
  { symbol: "CADCHF", family: "minor", priceDecimals: 5, typicalPrice: [0.6, 1.1] },
  { symbol: "CHFJPY", family: "minor", priceDecimals: 3, typicalPrice: [60, 185] },
  { symbol: "XAUUSD", family: "metal", priceDecimals: 2, typicalPrice: [250, 5000] },
  { symbol: "XAGUSD", family: "metal", priceDecimals: 3, typicalPrice: [4, 100] },
];

/**
 * A typical retail spread, pips: about 1.5 on majors and 3 on minors and
 * crosses; gold 30 (0.30 at a 0.01 pip), silver 3 (0.03). Rough figures from
 * brokers' published average spreads, used only to warn that a stop sits
 * inside the spread (a spread the trader enters wins). The default
 * instrument (no symbol: a pair quoted in the account currency) counts as a
 * major; a custom instrument has none.
 */
export function typicalSpreadPips(symbol: string | null): number | null {
  if (symbol === null) return 1.5;
  if (symbol === "XAUUSD") return 30;
  if (symbol === "XAGUSD") return 3;
  const family = catalogueInstrument(symbol)?.family;
  return family === "major" ? 1.5 : family === "minor" ? 3 : null;
}

/** The instruments the position size calculator offers, in display order. */
export const CALCULATOR_SYMBOLS = INSTRUMENTS.map((instrument) => instrument.symbol);

/** Metals we refuse to size because their contract conventions differ by broker. */
const UNSUPPORTED_METALS = new Set(["XPT", "XPD"]);
const METALS = new Set(["XAU", "XAG"]);

/** How the quote currency is converted to the account currency. */
type QuoteConversion = "direct" | "inverse-entry" | "conversion-rate";

export interface InstrumentSpec {
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
  /** Decimals the price is quoted with. */
  priceDecimals: number;
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

/** Whether `symbol` (any case) names the custom instrument. */
export function isCustomSymbol(symbol: string | null | undefined): boolean {
  return normaliseSymbol(symbol) === CUSTOM_SYMBOL;
}

/**
 * Contract details for `symbol` (conventions in the module doc) in an account
 * held in `accountCurrency` (default USD); with no symbol, the default
 * instrument: a pair quoted in the account currency, pip 0.0001, 100,000
 * units per lot. The custom instrument has no fixed contract: use the
 * user's figures instead.
 * @throws CalculatorInputError naming `symbol` when it is not 6 letters, names
 *   the same currency twice, is an unsupported metal, or is `CUSTOM`.
 */
export function instrumentSpec(symbol?: string | null, accountCurrency: string = ACCOUNT_CURRENCY): InstrumentSpec {
  const normalised = normaliseSymbol(symbol);
  if (normalised === null) {
    return {
      symbol: null,
      base: null,
      quote: null,
      pipDecimals: 4,
      pipSize: 0.0001,
      contractSize: STANDARD_LOT_UNITS,
      priceDecimals: 5,
      conversion: "direct",
    };
  }
  if (!isSymbolShaped(normalised)) {
    throw new CalculatorInputError("symbol", "Symbol must be 6 letters, such as EURUSD");
  }
  if (normalised === CUSTOM_SYMBOL) {
    throw new CalculatorInputError("symbol", "Symbol CUSTOM has no fixed contract; give its contract size, pip size and pip value");
  }
  if (repeatsCurrency(normalised)) {
    throw new CalculatorInputError("symbol", "Symbol must name two different currencies, such as EURUSD");
  }
  const base = normalised.slice(0, 3);
  const quote = normalised.slice(3);
  if (UNSUPPORTED_METALS.has(base) || UNSUPPORTED_METALS.has(quote) || METALS.has(quote)) {
    throw new CalculatorInputError("symbol", `Symbol ${normalised} is not supported; use a currency pair, XAUUSD or XAGUSD`);
  }
  const metal = METALS.has(base);
  const pipDecimals = metal || quote === "JPY" ? 2 : 4;
  const conversion: QuoteConversion =
    quote === accountCurrency ? "direct" : base === accountCurrency ? "inverse-entry" : "conversion-rate";
  return {
    symbol: normalised,
    base,
    quote,
    pipDecimals,
    pipSize: 1 / 10 ** pipDecimals,
    contractSize: base === "XAU" ? GOLD_LOT_OUNCES : base === "XAG" ? SILVER_LOT_OUNCES : STANDARD_LOT_UNITS,
    priceDecimals: base === "XAG" ? 3 : pipDecimals + 1,
    conversion,
  };
}

/**
 * Whether sizing `symbol` in an `accountCurrency` account (default USD) needs a
 * conversion rate (neither currency of the pair is the account currency).
 * False for no symbol, for the custom instrument and for symbols that are
 * invalid (those fail on `symbol` instead).
 */
export function requiresConversionRate(symbol: string | null | undefined, accountCurrency: string = ACCOUNT_CURRENCY): boolean {
  try {
    return instrumentSpec(symbol, accountCurrency).conversion === "conversion-rate";
  } catch {
    return false;
  }
}

/**
 * The market name of the rate that converts `quote` into `accountCurrency`
 * (account-currency units per 1 quote unit), for messages and hints; when the
 * market quotes the pair the other way round, says which price to invert.
 * @returns e.g. "GBPUSD rate, USD per GBP" (quote GBP, account USD);
 *   "JPYUSD rate, USD per JPY (1 ÷ USDJPY)" (quote JPY, account USD)
 */
export function conversionRateName(quote: string, accountCurrency: string): string {
  const rank = (currency: string) => {
    const index = BASE_PRIORITY.indexOf(currency);
    return index === -1 ? BASE_PRIORITY.length : index;
  };
  const direct = `${quote}${accountCurrency} rate, ${accountCurrency} per ${quote}`;
  return rank(quote) <= rank(accountCurrency) ? direct : `${direct} (1 ÷ ${accountCurrency}${quote})`;
}

/**
 * The message for a pair that needs `conversionRate`, naming the rate to enter.
 * @returns e.g. "Conversion rate is required for EURGBP in a USD account: enter the GBPUSD rate, USD per GBP"
 */
export function conversionRateRequiredMessage(symbol: string, accountCurrency: string): string {
  return `Conversion rate is required for ${symbol} in a ${accountCurrency} account: enter the ${conversionRateName(symbol.slice(3), accountCurrency)}`;
}

/**
 * Catalogue instruments whose typical price range contains `price`, for the
 * hint shown when the default instrument is used with prices that do not fit it.
 * @param price a price in quote units per base unit, e.g. 150.25
 * @returns symbols in catalogue order, e.g. ["USDJPY", "EURJPY", "GBPJPY", "CHFJPY"]
 */
export function likelyInstruments(price: number): string[] {
  return INSTRUMENTS.filter(({ typicalPrice: [low, high] }) => price >= low && price <= high).map(({ symbol }) => symbol);
}

/** The catalogue entry for `symbol`, if it is in the catalogue. */
export function catalogueInstrument(symbol: string | null | undefined): CatalogueInstrument | undefined {
  const normalised = normaliseSymbol(symbol);
  return INSTRUMENTS.find((instrument) => instrument.symbol === normalised);
}

/** Whether `symbol` is gold (XAU base), whose positions are counted in ounces rather than units. */
export function isGold(symbol: string | null | undefined): boolean {
  return normaliseSymbol(symbol)?.startsWith("XAU") ?? false;
}

/**
 * The OANDA v20 instrument name of a catalogue symbol: base and quote joined
 * by an underscore (`EURUSD` → `EUR_USD`, `XAUUSD` → `XAU_USD`), as OANDA's
 * instrument list names them; null for symbols outside the catalogue.
 */
export function oandaInstrument(symbol: string): string | null {
  const instrument = catalogueInstrument(symbol);
  return instrument ? `${instrument.symbol.slice(0, 3)}_${instrument.symbol.slice(3)}` : null;
}
