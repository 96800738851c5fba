/**
 * Position size calculator (spec sections 2 "Tools", 3 "Position size
 * request", 7), with account currencies, costs, broker limits, margin and
 * several targets. Pure: no I/O, no clock, no randomness.
 *
 * Formula (the standard fixed-fractional sizing rule, as in Van Tharp,
 * "Definitive Guide to Position Sizing", the EarnForex Position Sizer
 * documentation and every broker's lot calculator; pip values as in OANDA's
 * and Babypips' pip value explanations):
 *
 *   risk           = accountBalance × riskPercent / 100, or riskAmount      [account currency]
 *   stopPips       = |entryPrice − stopLoss| / pipSize, to 0.1 pip           [pips]
 *   pipValuePerLot = pipSize × contractSize × quoteToAccount                 [account currency per pip per lot]
 *   riskPerLot     = (stopPips + spreadPips) × pipValuePerLot + commissionPerLot   [account currency per lot]
 *   lotSize        = floor_lotStep( risk / riskPerLot )                      [standard lots]
 *   units          = lotSize × contractSize                                  [base units or ounces]
 *   actualRisk     = lotSize × riskPerLot, to cents                          [account currency]
 *
 * The spread (paid once, at entry) and the round-turn commission are part of
 * what a stopped-out trade costs, so the stop costs exactly the risk asked
 * (never more). Lots are rounded DOWN to the lot step.
 *
 * Quote → account rate (quoteToAccount): 1 when the quote currency is the
 * account currency (and for the default instrument, a pair quoted in the
 * account currency); 1 / entryPrice when the base is the account currency
 * (USDJPY in a USD account); otherwise `conversionRate` (account-currency
 * units per 1 quote unit, e.g. the GBPUSD rate for EURGBP in a USD account),
 * which when given overrides the rate for any symbol. The custom instrument
 * takes `pipValue` (account currency per pip per lot) directly.
 *
 * Broker limits: the lot step (0.01 default; 0.001, 0.1 and 1 allowed), a
 * minimum lot (default one step) and a maximum lot per order. Below the
 * minimum the answer is 0 lots with a warning giving the risk at the minimum
 * lot (never raised silently); above the maximum, `orders` says how many
 * orders of at most `maxLot` carry the position. A position above 10,000 lots
 * or 1e9 units is refused as a field error.
 *
 * Margin (with `leverage` L, 1 to 1000): marginRequired = lotSize ×
 * contractSize × baseToAccount / L, where baseToAccount = entryPrice ×
 * quoteToAccount (exactly 1 when the base is the account currency);
 * maxLotByMargin = floor_lotStep(accountBalance × L / (contractSize × baseToAccount)).
 *
 * Targets (`takeProfits` [{price, share}], shares summing to 100%): per lot,
 * reward = (targetPips − spreadPips) × pipValuePerLot − commissionPerLot, and
 * rr = reward per lot / riskPerLot; a target's `reward` is that on its share
 * of the position. Totals: the sum of rewards and the share-weighted rr.
 *
 * Arithmetic: pip sizes are powers of ten, so distances are integers of
 * tenths of a pip and sizes integers of thousandths of a lot. Binary
 * floating-point noise (0.29 × 100 = 28.999999999999996) is removed by
 * rounding to 12 significant digits before any floor or round, so 0.29 lots
 * never becomes 0.28.
 */

import { CalculatorInputError } from "./calculator-error";
import {
  ACCOUNT_CURRENCIES,
  ACCOUNT_CURRENCY,
  catalogueInstrument,
  conversionRateRequiredMessage,
  instrumentSpec,
  isCustomSymbol,
  likelyInstruments,
  CUSTOM_SYMBOL,
  typicalSpreadPips,
} from "./instruments";
import { formatMoney } from "./money";

/** Largest position answered, in standard lots. */
export const MAX_POSITION_LOTS = 10_000;
/** Largest position answered, in base units (or ounces). */
export const MAX_POSITION_UNITS = 1_000_000_000;
/** Lot steps brokers use. */
export const LOT_STEPS = [0.001, 0.01, 0.1, 1] as const;
/** Leverage range, as the L of 1:L. */
export const LEVERAGE_RANGE = { min: 1, max: 1000 } as const;
/** Prices above this on the default instrument (pip 0.0001) suggest a JPY pair or a metal. */
export const DEFAULT_INSTRUMENT_PRICE_LIMIT = 20;

/** One take-profit level: its price and the percent of the position closed there. */
export interface TakeProfit {
  price: number;
  share: number;
}

export interface PositionSizeInput {
  /** Account balance in account currency; > 0. */
  accountBalance: number;
  /** Percent of the balance to risk; 0 < riskPercent ≤ 100. Give this or `riskAmount`. */
  riskPercent?: number | null;
  /** Money to risk in account currency; 0 < riskAmount ≤ accountBalance. Give this or `riskPercent`. */
  riskAmount?: number | null;
  /** Entry price in quote currency per base unit; > 0. */
  entryPrice: number;
  /** Stop-loss price; > 0 and at least 0.1 pip from the entry. */
  stopLoss: number;
  /** Optional instrument: a 6-letter symbol (EURUSD, USDJPY, EURGBP, XAUUSD, XAGUSD) or CUSTOM. */
  symbol?: string | null;
  /** Account currency, one of ACCOUNT_CURRENCIES; default USD. */
  accountCurrency?: string | null;
  /** Account-currency units per 1 quote-currency unit; required when neither currency of the pair is the account's. */
  conversionRate?: number | null;
  /** Commission per standard lot, round turn, in account currency; ≥ 0. */
  commissionPerLot?: number | null;
  /** Spread in pips, paid at entry; ≥ 0. */
  spreadPips?: number | null;
  /** Lot step, one of LOT_STEPS; default 0.01. */
  lotStep?: number | null;
  /** Smallest order the broker accepts, in lots, a multiple of the step; default one step. */
  minLot?: number | null;
  /** Largest order the broker accepts, in lots, a multiple of the step. */
  maxLot?: number | null;
  /** Leverage L of 1:L, 1 to 1000. */
  leverage?: number | null;
  /** Take-profit levels with their shares of the position (percent, summing to 100). */
  takeProfits?: TakeProfit[] | null;
  /** Custom instrument: units per lot; > 0. */
  contractSize?: number | null;
  /** Custom instrument: price change of one pip (or tick); > 0. */
  pipSize?: number | null;
  /** Custom instrument: value of one pip (or tick) on one lot, in account currency; > 0. */
  pipValue?: number | null;
}

/** The spec's position size result. */
export interface PositionSizeResult {
  /** Standard lots, rounded down to the lot step. */
  lotSize: number;
  /** Money at risk asked for, in account currency, to cents. */
  riskAmount: number;
  /** Stop distance in pips, to 0.1 pip. */
  stopPips: number;
  /** Value of one pip on one standard lot, in account currency, to 6 significant digits. */
  pipValuePerLot: number;
  /** Position size in base-currency units (ounces for metals). */
  units: number;
  /** Risk at the rounded lot size, costs included, in account currency, to cents (≤ riskAmount). */
  actualRisk: number;
  /** The normalised symbol, when one was given. */
  symbol?: string;
}

/** One take-profit level's outcome. */
export interface TargetResult {
  price: number;
  /** Percent of the position closed at this price. */
  share: number;
  /** Profit on that share after its part of spread and commission, account currency, to cents. */
  reward: number;
  /** Reward-to-risk of the level (net reward per lot ÷ risk per lot), to 2 decimals. */
  rr: number;
}

/** The full answer: the spec's fields and everything the extended request adds. */
export interface PositionSizeReport extends PositionSizeResult {
  accountCurrency: string;
  lotStep: number;
  /** Orders needed to carry the position within `maxLot` (0 for 0 lots, else ≥ 1). */
  orders: number;
  /** Risk of one minimum lot when it exceeds the risk asked (lotSize is then 0), account currency; else null. */
  riskAtMinLot: number | null;
  /** Margin for the position at `leverage`, account currency, to cents; null without leverage. */
  marginRequired: number | null;
  /** Largest position the balance can margin at `leverage`, lots (multiple of the step); null without leverage. */
  maxLotByMargin: number | null;
  targets: TargetResult[];
  /** Sum of the targets' rewards, account currency; null without targets. */
  totalReward: number | null;
  /** Share-weighted reward-to-risk of all targets; null without targets. */
  totalRr: number | null;
  /** Things the trader should know about this answer, in plain sentences. */
  warnings: string[];
  /** One line saying how the size was reached, with units. */
  explanation: string;
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

/** Distance between two prices in tenths of a pip of `pipSize` (any positive size), as an integer. */
function tenthsOfPip(from: number, to: number, pipSize: number): number {
  return Math.round(stripFloatNoise((Math.abs(from - to) * 10) / pipSize));
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

function optionalPositive(value: number | null | undefined, field: string, label: string): number | null {
  return value === undefined || value === null ? null : requirePositiveFinite(value, field, label);
}

function optionalNonNegative(value: number | null | undefined, field: string, label: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new CalculatorInputError(field, `${label} must be a number`);
  if (value < 0) throw new CalculatorInputError(field, `${label} must be 0 or more`);
  return value;
}

/** A lot figure as an integer of thousandths, when it is a whole number of `stepMilli`. */
function lotsInSteps(lots: number, stepMilli: number, field: string, label: string, lotStep: number): number {
  const milli = Math.round(stripFloatNoise(lots * 1000));
  if (milli % stepMilli !== 0 || Math.abs(milli - lots * 1000) > 1e-6) {
    throw new CalculatorInputError(field, `${label} must be a multiple of the lot step ${lotStep}`);
  }
  return milli;
}

/** The risk asked, in account currency, from exactly one of riskPercent / riskAmount. */
function riskOf(input: PositionSizeInput, accountBalance: number): { risk: number; field: string } {
  const hasAmount = input.riskAmount !== undefined && input.riskAmount !== null;
  const hasPercent = input.riskPercent !== undefined && input.riskPercent !== null;
  if (hasAmount && hasPercent) {
    throw new CalculatorInputError("riskAmount", "Risk amount replaces risk percent: give one of them, not both");
  }
  if (hasAmount) {
    const riskAmount = requirePositiveFinite(input.riskAmount, "riskAmount", "Risk amount");
    if (riskAmount > accountBalance) throw new CalculatorInputError("riskAmount", "Risk amount must be at most the account balance");
    return { risk: riskAmount, field: "riskAmount" };
  }
  const riskPercent = requirePositiveFinite(input.riskPercent, "riskPercent", "Risk percent");
  if (riskPercent > 100) throw new CalculatorInputError("riskPercent", "Risk percent must be at most 100");
  return { risk: (accountBalance * riskPercent) / 100, field: "accountBalance" };
}

/** What sizing needs to know about the instrument, in the account currency. */
interface Pricing {
  symbol: string | null;
  /** Price change of one pip. */
  pipSize: number;
  contractSize: number;
  /** Account currency per pip per lot. */
  pipValuePerLot: number;
  /** Account currency per base unit (per ounce, per contract unit). */
  baseToAccount: number;
}

function customPricing(input: PositionSizeInput, entryPrice: number): Pricing {
  const contractSize = requirePositiveFinite(input.contractSize, "contractSize", "Contract size");
  const pipSize = requirePositiveFinite(input.pipSize, "pipSize", "Pip size");
  const pipValue = requirePositiveFinite(input.pipValue, "pipValue", "Pip value");
  if (input.conversionRate !== undefined && input.conversionRate !== null) {
    throw new CalculatorInputError("conversionRate", "Conversion rate does not apply to the custom instrument: give its pip value in account currency");
  }
  // pipValue = pipSize × contractSize × quoteToAccount, so one base unit is worth entry × pipValue / (pipSize × contractSize).
  return { symbol: CUSTOM_SYMBOL, pipSize, contractSize, pipValuePerLot: pipValue, baseToAccount: (entryPrice * pipValue) / (pipSize * contractSize) };
}

function catalogPricing(input: PositionSizeInput, entryPrice: number, accountCurrency: string): Pricing {
  for (const [field, label] of [["contractSize", "Contract size"], ["pipSize", "Pip size"], ["pipValue", "Pip value"]] as const) {
    if (input[field] !== undefined && input[field] !== null) {
      throw new CalculatorInputError(field, `${label} applies only to the custom instrument (symbol CUSTOM)`);
    }
  }
  const conversionRate = optionalPositive(input.conversionRate, "conversionRate", "Conversion rate");
  const spec = instrumentSpec(input.symbol, accountCurrency);
  let quoteToAccount: number;
  let baseToAccount: number;
  if (conversionRate !== null) {
    quoteToAccount = conversionRate;
    baseToAccount = entryPrice * conversionRate;
  } else if (spec.conversion === "direct") {
    quoteToAccount = 1;
    baseToAccount = entryPrice;
  } else if (spec.conversion === "inverse-entry") {
    quoteToAccount = 1 / entryPrice;
    baseToAccount = 1;
  } else {
    throw new CalculatorInputError("conversionRate", conversionRateRequiredMessage(spec.symbol!, accountCurrency));
  }
  // contractSize / 10^pipDecimals is exact (both integers): 10, 1000, 1 or 50 quote units per pip per lot.
  const pipValuePerLot = (spec.contractSize / 10 ** spec.pipDecimals) * quoteToAccount;
  return { symbol: spec.symbol, pipSize: spec.pipSize, contractSize: spec.contractSize, pipValuePerLot, baseToAccount };
}

/** Lots with the step's decimals: 0.2 at step 0.01 → "0.20". */
function formatLots(lots: number, lotStep: number): string {
  return lots.toFixed(lotStep >= 1 ? 0 : Math.round(-Math.log10(lotStep)));
}

/** Hints about prices that do not fit the chosen instrument. */
function priceWarnings(symbol: string | null, entryPrice: number, stopLoss: number, accountCurrency: string): string[] {
  if (symbol === null) {
    if (Math.max(entryPrice, stopLoss) <= DEFAULT_INSTRUMENT_PRICE_LIMIT) return [];
    const likely = likelyInstruments(entryPrice);
    const suggestion = likely.length > 0 ? `: likely ${likely.join(", ")}` : "";
    return [
      `Prices above ${DEFAULT_INSTRUMENT_PRICE_LIMIT} look like a JPY pair or a metal, not the default instrument (a pair quoted in ${accountCurrency}, pip 0.0001); choose the instrument${suggestion}.`,
    ];
  }
  const catalogued = catalogueInstrument(symbol);
  if (!catalogued) return [];
  const [low, high] = catalogued.typicalPrice;
  if (entryPrice >= low / 2 && entryPrice <= high * 2) return [];
  return [`Entry price ${entryPrice} is far from ${symbol}'s usual range (${low} to ${high}); check the instrument and the prices.`];
}

/**
 * A warning when the stop is no wider than the spread (the one entered, else
 * the instrument's typical one): the spread alone could close the trade, and
 * the size, made for that stop, is as large as the stop is tight.
 * @param stopTenths the stop's distance in tenths of a pip; @param spreadTenths the entered spread, tenths of a pip (0: none).
 */
function tightStopWarnings(symbol: string | null, stopTenths: number, spreadTenths: number): string[] {
  const typical = typicalSpreadPips(symbol);
  const spread =
    spreadTenths > 0
      ? { tenths: spreadTenths, text: `the ${(spreadTenths / 10).toFixed(1)}-pip spread entered` }
      : typical === null
        ? null
        : { tenths: Math.round(typical * 10), text: `${symbol === null ? "a major pair" : symbol}'s typical spread of about ${typical} pips` };
  if (spread === null || stopTenths > spread.tenths) return [];
  return [`A ${(stopTenths / 10).toFixed(1)}-pip stop is no wider than ${spread.text}: the spread alone could close the trade. Check the stop before trading this size.`];
}

/**
 * Position size with costs, broker limits, margin and targets (formulas,
 * units and sources in the module doc). Every number returned is finite.
 * @throws CalculatorInputError naming the field when an input is out of range,
 *   when the stop is closer than 0.1 pip, when the pair needs `conversionRate`,
 *   when a target is on the stop's side or the shares do not sum to 100,
 *   when the position would exceed 10,000 lots or 1e9 units, or when the
 *   symbol is not supported.
 */
export function sizePosition(input: PositionSizeInput): PositionSizeReport {
  const accountBalance = requirePositiveFinite(input.accountBalance, "accountBalance", "Account balance");
  const { risk, field: riskField } = riskOf(input, accountBalance);
  const entryPrice = requirePositiveFinite(input.entryPrice, "entryPrice", "Entry price");
  const stopLoss = requirePositiveFinite(input.stopLoss, "stopLoss", "Stop loss");
  const accountCurrency = input.accountCurrency ?? ACCOUNT_CURRENCY;
  if (!(ACCOUNT_CURRENCIES as readonly string[]).includes(accountCurrency)) {
    throw new CalculatorInputError("accountCurrency", `Account currency must be one of ${ACCOUNT_CURRENCIES.join(", ")}`);
  }
  const commissionPerLot = optionalNonNegative(input.commissionPerLot, "commissionPerLot", "Commission per lot");
  const spreadPips = optionalNonNegative(input.spreadPips, "spreadPips", "Spread");
  const lotStep = input.lotStep ?? 0.01;
  if (!(LOT_STEPS as readonly number[]).includes(lotStep)) {
    throw new CalculatorInputError("lotStep", `Lot step must be one of ${LOT_STEPS.join(", ")}`);
  }
  const stepMilli = Math.round(lotStep * 1000);
  const minMilli =
    input.minLot === undefined || input.minLot === null
      ? stepMilli
      : lotsInSteps(requirePositiveFinite(input.minLot, "minLot", "Minimum lot"), stepMilli, "minLot", "Minimum lot", lotStep);
  const maxMilli =
    input.maxLot === undefined || input.maxLot === null
      ? null
      : lotsInSteps(requirePositiveFinite(input.maxLot, "maxLot", "Maximum lot"), stepMilli, "maxLot", "Maximum lot", lotStep);
  if (maxMilli !== null && maxMilli < minMilli) throw new CalculatorInputError("maxLot", "Maximum lot must be at least the minimum lot");
  const leverage = optionalPositive(input.leverage, "leverage", "Leverage");
  if (leverage !== null && (leverage < LEVERAGE_RANGE.min || leverage > LEVERAGE_RANGE.max)) {
    throw new CalculatorInputError("leverage", `Leverage must be between ${LEVERAGE_RANGE.min} and ${LEVERAGE_RANGE.max}`);
  }

  const pricing = isCustomSymbol(input.symbol) ? customPricing(input, entryPrice) : catalogPricing(input, entryPrice, accountCurrency);
  const { pipValuePerLot, contractSize } = pricing;

  const stopTenths = tenthsOfPip(entryPrice, stopLoss, pricing.pipSize);
  if (stopTenths < 1) {
    throw new CalculatorInputError("stopLoss", "Stop loss must be at least 0.1 pip away from the entry price");
  }
  const spreadTenths = Math.round(stripFloatNoise(spreadPips * 10));
  // Risk of one lot, ×10 (per tenth of a pip): (stop + spread) tenths × pip value + 10 × commission.
  const riskPerLotTimes10 = (stopTenths + spreadTenths) * pipValuePerLot + 10 * commissionPerLot;
  // steps = risk / (riskPerLot × lotStep) = risk × 10 × 1000 / (riskPerLotTimes10 × stepMilli)
  const fittingSteps = Math.floor(stripFloatNoise((risk * 10_000) / (riskPerLotTimes10 * stepMilli)));
  const fittingMilli = fittingSteps * stepMilli;
  if (
    !Number.isFinite(fittingMilli) ||
    !Number.isFinite(pipValuePerLot) ||
    fittingMilli > MAX_POSITION_LOTS * 1000 ||
    (fittingMilli * contractSize) / 1000 > MAX_POSITION_UNITS
  ) {
    const label = riskField === "riskAmount" ? "Risk amount" : "Account balance";
    throw new CalculatorInputError(
      riskField,
      `${label}, risk and stop loss give a position above the ceiling of ${MAX_POSITION_LOTS.toLocaleString("en-US")} lots or ${MAX_POSITION_UNITS.toLocaleString("en-US")} units`,
    );
  }

  const money = (amount: number) => formatMoney(amount, accountCurrency);
  const warnings = [...priceWarnings(pricing.symbol, entryPrice, stopLoss, accountCurrency), ...tightStopWarnings(pricing.symbol, stopTenths, spreadTenths)];
  const belowMinimum = fittingMilli < minMilli;
  const milli = belowMinimum ? 0 : fittingMilli;
  const lotSize = milli / 1000;
  let riskAtMinLot: number | null = null;
  if (belowMinimum) {
    riskAtMinLot = roundTo((minMilli * riskPerLotTimes10) / 10_000, 2);
    warnings.push(
      `The minimum lot (${formatLots(minMilli / 1000, lotStep)}) would risk ${money(riskAtMinLot)}, more than the ${money(roundTo(risk, 2))} asked: 0 lots. Widen the risk or tighten the stop to trade.`,
    );
  }
  let orders = milli === 0 ? 0 : 1;
  if (maxMilli !== null && milli > maxMilli) {
    orders = Math.ceil(milli / maxMilli);
    warnings.push(
      `${formatLots(lotSize, lotStep)} lots is above the maximum of ${formatLots(maxMilli / 1000, lotStep)} lots per order: place ${orders} orders.`,
    );
  }

  let marginRequired: number | null = null;
  let maxLotByMargin: number | null = null;
  if (leverage !== null) {
    const marginPerLot = (contractSize * pricing.baseToAccount) / leverage;
    marginRequired = roundTo((milli * marginPerLot) / 1000, 2);
    maxLotByMargin = (Math.floor(stripFloatNoise((accountBalance * 1000) / (marginPerLot * stepMilli))) * stepMilli) / 1000;
    if (lotSize > maxLotByMargin) {
      warnings.push(
        `The margin for ${formatLots(lotSize, lotStep)} lots at 1:${leverage} is ${money(marginRequired)}, more than the balance: it allows at most ${formatLots(maxLotByMargin, lotStep)} lots.`,
      );
    }
  }

  const targets = targetsOf(input.takeProfits, { entryPrice, stopLoss, pipSize: pricing.pipSize, milli, pipValuePerLot, spreadTenths, commissionPerLot, riskPerLotTimes10 });
  const actualRisk = roundTo((milli * riskPerLotTimes10) / 10_000, 2);
  const costParts = [
    ...(spreadTenths > 0 ? [`a ${(spreadTenths / 10).toFixed(1)}-pip spread`] : []),
    ...(commissionPerLot > 0 ? [`${money(commissionPerLot)} commission per lot`] : []),
  ];
  const costs = costParts.length > 0 ? ` plus ${costParts.join(" and ")},` : "";
  const explanation =
    `Risking ${money(roundTo(risk, 2))} with a ${(stopTenths / 10).toFixed(1)}-pip stop${costs} at ${money(pipValuePerLot)} per pip per lot gives ${formatLots(lotSize, lotStep)} lots` +
    (belowMinimum ? ` (the minimum lot would risk ${money(riskAtMinLot!)})` : "");

  const report: PositionSizeReport = {
    lotSize,
    riskAmount: roundTo(risk, 2),
    stopPips: stopTenths / 10,
    pipValuePerLot: Number(pipValuePerLot.toPrecision(6)),
    units: stripFloatNoise((milli * contractSize) / 1000),
    actualRisk,
    accountCurrency,
    lotStep,
    orders,
    riskAtMinLot,
    marginRequired,
    maxLotByMargin,
    targets: targets.levels,
    totalReward: targets.totalReward,
    totalRr: targets.totalRr,
    warnings,
    explanation,
  };
  if (pricing.symbol !== null) report.symbol = pricing.symbol;
  return report;
}

interface TargetContext {
  entryPrice: number;
  stopLoss: number;
  pipSize: number;
  milli: number;
  pipValuePerLot: number;
  spreadTenths: number;
  commissionPerLot: number;
  riskPerLotTimes10: number;
}

/** Each take-profit's net reward and R:R, and their totals (formulas in the module doc). */
function targetsOf(takeProfits: TakeProfit[] | null | undefined, c: TargetContext) {
  if (!takeProfits || takeProfits.length === 0) return { levels: [], totalReward: null, totalRr: null };
  const long = c.stopLoss < c.entryPrice;
  let shareHundredths = 0;
  let weightedRr = 0;
  let totalReward = 0;
  const levels = takeProfits.map(({ price, share }, index) => {
    requirePositiveFinite(price, `takeProfits.${index}.price`, "Take-profit price");
    requirePositiveFinite(share, `takeProfits.${index}.share`, "Take-profit share");
    if (long ? price <= c.entryPrice : price >= c.entryPrice) {
      throw new CalculatorInputError(
        `takeProfits.${index}.price`,
        `Take-profit price must be ${long ? "above" : "below"} the entry price for a ${long ? "long" : "short"} trade`,
      );
    }
    shareHundredths += Math.round(stripFloatNoise(share * 100));
    const targetTenths = tenthsOfPip(price, c.entryPrice, c.pipSize);
    const rewardPerLotTimes10 = (targetTenths - c.spreadTenths) * c.pipValuePerLot - 10 * c.commissionPerLot;
    const reward = roundTo((c.milli * share * rewardPerLotTimes10) / 1_000_000, 2);
    const rr = rewardPerLotTimes10 / c.riskPerLotTimes10;
    totalReward += reward;
    weightedRr += (share * rr) / 100;
    return { price, share, reward, rr: roundTo(rr, 2) };
  });
  if (shareHundredths !== 10_000) {
    throw new CalculatorInputError("takeProfits", "Take-profit shares must add up to 100");
  }
  return { levels, totalReward: roundTo(totalReward, 2), totalRr: roundTo(weightedRr, 2) };
}

/**
 * The spec's position size result (lotSize, riskAmount, stopPips,
 * pipValuePerLot, units, actualRisk, symbol) for the same input as
 * `sizePosition`, without the extended fields; what the /tools page shows.
 * @throws CalculatorInputError as `sizePosition`.
 */
export function calculatePositionSize(input: PositionSizeInput): PositionSizeResult {
  const { lotSize, riskAmount, stopPips, pipValuePerLot, units, actualRisk, symbol } = sizePosition(input);
  const result: PositionSizeResult = { lotSize, riskAmount, stopPips, pipValuePerLot, units, actualRisk };
  if (symbol !== undefined) result.symbol = symbol;
  return result;
}
