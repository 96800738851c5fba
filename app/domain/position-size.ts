/**
 * Position size calculator (spec sections 2 "Tools", 3 "Position size
 * request", 7). Pure: no I/O, no clock, no randomness.
 *
 * Formula (the standard fixed-fractional sizing rule, as in e.g. Van Tharp,
 * "Definitive Guide to Position Sizing", and every broker's lot calculator):
 *
 *   riskAmount     = accountBalance × riskPercent / 100            [account currency]
 *   stopPips       = |entryPrice − stopLoss| / pipSize, rounded to 0.1 pip   [pips]
 *   pipValuePerLot = pipSize × contractSize × quoteToAccountRate   [account currency per pip per lot]
 *   lotSize        = floor₀.₀₁( riskAmount / (stopPips × pipValuePerLot) )   [standard lots]
 *   units          = lotSize × contractSize                        [base-currency units or ounces]
 *   actualRisk     = lotSize × stopPips × pipValuePerLot, to cents [account currency]
 *
 * Lots are rounded DOWN to the 0.01 lot step so the position never risks more
 * than asked; `actualRisk` is the risk at that rounded size.
 *
 * Instruments (pip and contract sizes, quote conversion: ~/domain/instruments):
 * - No symbol (the spec's four-field request): the quote currency IS the
 *   account currency (rate 1), 100,000 units per standard lot, pip 0.0001, so
 *   lotSize = riskAmount / (|entry − stop| × 100,000), with the distance taken
 *   to the nearest 0.1 pip (price inputs step by 0.00001 = 0.1 pip, so for the
 *   form's prices this is exact).
 * - With a 6-letter symbol (BASE+QUOTE) the account currency is assumed to be
 *   USD. Pip size is 0.01 for JPY-quoted pairs, else 0.0001; 100,000 units per
 *   lot. XAU (gold) as base: 100 troy ounces per lot and a pip of 0.01 (the
 *   usual MT4/MT5 convention where 1 pip = 1 cent of price; some brokers call
 *   0.10 a pip — we do not). Other metals (XAG, XPT, XPD) are rejected rather
 *   than sized with a wrong contract.
 * - Quote → USD rate: 1 for USD-quoted symbols (EURUSD, GBPUSD, XAUUSD);
 *   1 / entryPrice for USD-based pairs (USDJPY, USDCHF, USDCAD), i.e. the quote
 *   is converted at the trade's own entry price; crosses (EURGBP, EURJPY, ...)
 *   need `conversionRate` = account-currency units per 1 quote-currency unit
 *   (for EURGBP: the GBPUSD rate). `conversionRate`, when given, overrides the
 *   rate for any symbol (and for no symbol).
 *
 * Arithmetic: pip sizes are powers of ten, so the pip count is computed as an
 * integer number of tenths of a pip and the lot size as an integer number of
 * hundredths of a lot. Binary floating-point noise (0.29 × 100 =
 * 28.999999999999996) is removed by rounding to 12 significant digits before
 * any floor or round, so 0.20 lots never becomes 0.19.
 */

import { CalculatorInputError } from "./calculator-error";
import { ACCOUNT_CURRENCY, instrumentSpec } from "./instruments";

export interface PositionSizeInput {
  /** Account balance in account currency; > 0. */
  accountBalance: number;
  /** Percent of the balance to risk on this trade; 0 < riskPercent ≤ 100. */
  riskPercent: number;
  /** Entry price in quote currency per base unit; > 0. */
  entryPrice: number;
  /** Stop-loss price; > 0 and different from the entry. */
  stopLoss: number;
  /** Optional instrument, 6 letters such as EURUSD, USDJPY, EURGBP, XAUUSD. */
  symbol?: string | null;
  /** Optional account-currency units per 1 quote-currency unit; required for crosses. */
  conversionRate?: number | null;
}

export interface PositionSizeResult {
  /** Standard lots, rounded down to 0.01. */
  lotSize: number;
  /** Money at risk asked for, in account currency, to cents. */
  riskAmount: number;
  /** Stop distance in pips, to 0.1 pip. */
  stopPips: number;
  /** Value of one pip on one standard lot, in account currency, to 6 significant digits. */
  pipValuePerLot: number;
  /** Position size in base-currency units (ounces for gold). */
  units: number;
  /** Risk at the rounded lot size, in account currency, to cents (≤ riskAmount). */
  actualRisk: number;
  /** The normalised symbol, when one was given. */
  symbol?: string;
}

/** Rounds away binary floating-point noise: keeps 12 significant digits. */
function stripFloatNoise(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(12));
}

/** Rounds half away from zero to `decimals` places, after removing float noise. */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(stripFloatNoise(value * factor)) / factor;
}

/**
 * Stop distance in tenths of a pip, as an integer:
 * round(|entry − stop| × 10^(pipDecimals + 1)).
 */
export function stopDistanceTenthsOfPip(entryPrice: number, stopLoss: number, pipDecimals: number): number {
  return Math.round(stripFloatNoise(Math.abs(entryPrice - stopLoss) * 10 ** (pipDecimals + 1)));
}

/** Stop distance in pips, rounded to 0.1 pip. */
export function stopDistancePips(entryPrice: number, stopLoss: number, symbol?: string | null): number {
  const spec = instrumentSpec(symbol);
  return stopDistanceTenthsOfPip(entryPrice, stopLoss, spec.pipDecimals) / 10;
}

function requirePositiveFinite(value: unknown, field: string, label: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new CalculatorInputError(field, `${label} must be a number`);
  }
  if (value <= 0) throw new CalculatorInputError(field, `${label} must be greater than 0`);
  return value;
}

/**
 * Position size for a trade risking `riskPercent` of `accountBalance` between
 * `entryPrice` and `stopLoss` (formula and units in the module doc).
 * Every number returned is finite.
 * @throws CalculatorInputError naming the field when an input is out of range,
 *   when the stop is closer than 0.1 pip, when a cross lacks `conversionRate`,
 *   or when the symbol is not supported.
 */
export function calculatePositionSize(input: PositionSizeInput): PositionSizeResult {
  const accountBalance = requirePositiveFinite(input.accountBalance, "accountBalance", "Account balance");
  const riskPercent = requirePositiveFinite(input.riskPercent, "riskPercent", "Risk percent");
  if (riskPercent > 100) throw new CalculatorInputError("riskPercent", "Risk percent must be at most 100");
  const entryPrice = requirePositiveFinite(input.entryPrice, "entryPrice", "Entry price");
  const stopLoss = requirePositiveFinite(input.stopLoss, "stopLoss", "Stop loss");
  const conversionRate =
    input.conversionRate === undefined || input.conversionRate === null
      ? null
      : requirePositiveFinite(input.conversionRate, "conversionRate", "Conversion rate");

  const spec = instrumentSpec(input.symbol);

  let quoteToAccount: number;
  if (conversionRate !== null) quoteToAccount = conversionRate;
  else if (spec.conversion === "direct") quoteToAccount = 1;
  else if (spec.conversion === "inverse-entry") quoteToAccount = 1 / entryPrice;
  else {
    throw new CalculatorInputError(
      "conversionRate",
      `Conversion rate is required for ${spec.symbol}: enter how many ${ACCOUNT_CURRENCY} one ${spec.quote} is worth`,
    );
  }

  const stopTenths = stopDistanceTenthsOfPip(entryPrice, stopLoss, spec.pipDecimals);
  if (stopTenths < 1) {
    throw new CalculatorInputError("stopLoss", "Stop loss must be at least 0.1 pip away from the entry price");
  }

  const riskAmount = (accountBalance * riskPercent) / 100;
  // contractSize / 10^pipDecimals is exact (both integers): 10, 1000 or 1 quote units per pip per lot.
  const pipValuePerLot = (spec.contractSize / 10 ** spec.pipDecimals) * quoteToAccount;
  // lots × 100 = riskAmount / (stopTenths / 10 × pipValuePerLot) × 100
  const rawHundredths = (riskAmount * 1000) / (stopTenths * pipValuePerLot);
  const hundredths = Math.floor(stripFloatNoise(rawHundredths));
  if (!Number.isFinite(hundredths) || !Number.isFinite(pipValuePerLot)) {
    throw new CalculatorInputError("accountBalance", "These inputs give a position too large to calculate");
  }

  const result: PositionSizeResult = {
    lotSize: hundredths / 100,
    riskAmount: roundTo(riskAmount, 2),
    stopPips: stopTenths / 10,
    pipValuePerLot: Number(pipValuePerLot.toPrecision(6)),
    units: stripFloatNoise((hundredths * spec.contractSize) / 100),
    actualRisk: roundTo((hundredths * stopTenths * pipValuePerLot) / 1000, 2),
  };
  if (spec.symbol !== null) result.symbol = spec.symbol;
  return result;
}
