/** The position size calculator card of /tools (spec sections 2 "Tools", 4 "Calculators"). */
import { FormSelectField, SelectOptions } from "~/components/ui/field";
import { POSITION_SIZE_COPY } from "~/content/tools";
import {
  ACCOUNT_CURRENCY,
  CALCULATOR_SYMBOLS,
  GOLD_LOT_OUNCES,
  isGold,
  requiresConversionRate,
  STANDARD_LOT_UNITS,
} from "~/domain/instruments";
import { formatUsdCents, formatUsdPrecise } from "~/domain/money";
import type { PositionSizeResult } from "~/domain/position-size";
import { CalculatorCard, NumberField, ResultRow } from "./calculator-card";
import { useCalculator, type ToolsReply } from "./use-calculator";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** The instrument select's options: the default instrument, then each symbol with what it needs. */
const SYMBOL_OPTIONS = [
  { value: "", label: `Any pair quoted in ${ACCOUNT_CURRENCY} (${integer.format(STANDARD_LOT_UNITS)} units per lot)` },
  ...CALCULATOR_SYMBOLS.map((symbol) => ({
    value: symbol,
    label: isGold(symbol)
      ? `${symbol} (gold, ${GOLD_LOT_OUNCES} oz per lot)`
      : requiresConversionRate(symbol)
      ? `${symbol} (needs conversion rate)`
      : symbol,
  })),
];

/** A dollar amount given to the cent, e.g. 100 → "$100.00". */
function usd(amount: number): string {
  return formatUsdCents(Math.round(amount * 100));
}

function PositionSizeResultPanel({ result }: { result: PositionSizeResult }) {
  const unit = isGold(result.symbol) ? "oz" : "units";
  return (
    <section aria-label="Position size result" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Position size{result.symbol ? ` for ${result.symbol}` : ""}
      </p>
      <p className="text-3xl font-bold tabular-nums" data-testid="lot-size">
        {result.lotSize.toFixed(2)} lots
      </p>
      {result.lotSize === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{POSITION_SIZE_COPY.belowMicroLot}</p>
      ) : null}
      <dl className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        <ResultRow label="Risk amount (USD)" value={usd(result.riskAmount)} />
        <ResultRow label="Stop distance (pips)" value={`${result.stopPips.toFixed(1)} pips`} />
        <ResultRow label="Pip value per lot (USD)" value={formatUsdPrecise(result.pipValuePerLot)} />
        <ResultRow label={`Position (${unit})`} value={`${integer.format(result.units)} ${unit}`} />
        <ResultRow label="Actual risk at this size (USD)" value={usd(result.actualRisk)} />
      </dl>
    </section>
  );
}

/** The card: balance, risk, entry, stop, optional instrument and conversion rate; the lot size below. */
export function PositionSizeCalculator({ pageReply }: { pageReply?: ToolsReply }) {
  const calculator = useCalculator("position-size", pageReply, POSITION_SIZE_COPY.failed, {
    required: ["accountBalance", "riskPercent", "entryPrice", "stopLoss"],
    optional: ["conversionRate"],
  });
  const { fields, result } = calculator;

  return (
    <CalculatorCard
      copy={POSITION_SIZE_COPY}
      intent="position-size"
      calculator={calculator}
      result={result ? <PositionSizeResultPanel result={result} /> : null}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          field={fields.accountBalance}
          label="Account balance (USD)"
          step="0.01"
          min="0"
          placeholder="10000"
        />
        <NumberField
          field={fields.riskPercent}
          label="Risk per trade (%)"
          step="any"
          min="0"
          max="100"
          placeholder="1"
        />
        <NumberField field={fields.entryPrice} label="Entry price" step="0.00001" min="0" placeholder="1.08500" />
        <NumberField field={fields.stopLoss} label="Stop loss price" step="0.00001" min="0" placeholder="1.08000" />
        <FormSelectField field={fields.symbol} label="Instrument (optional)" hint={POSITION_SIZE_COPY.symbolHint}>
          <SelectOptions options={SYMBOL_OPTIONS} />
        </FormSelectField>
        <NumberField
          field={fields.conversionRate}
          label="Conversion rate (USD per 1 unit of quote currency)"
          step="any"
          min="0"
          placeholder="1.27"
          hint={POSITION_SIZE_COPY.conversionHint}
        />
      </div>
    </CalculatorCard>
  );
}
