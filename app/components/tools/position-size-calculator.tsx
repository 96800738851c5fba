/** The position size calculator card of /tools (spec sections 2 "Tools", 4 "Calculators"; issue 12). */
import { POSITION_SIZE_COPY } from "~/content/tools";
import { ACCOUNT_CURRENCY } from "~/domain/instruments";
import type { PositionSizePrefill } from "~/domain/trade-link";
import { CalculatorCard, NumberField } from "./calculator-card";
import { ADVANCED_DEFAULTS, PositionSizeAdvanced, TAKE_PROFIT_ROWS } from "./position-size-advanced";
import { PositionSizeResult } from "./result-panels";
import { useCalculator, type CalculatorFormValues, type ToolsReply } from "./use-calculator";

/** The form's first values: the real defaults, then what a "Size this trade" link carried, with empty target rows to fill. */
function defaultValues(prefill: PositionSizePrefill): CalculatorFormValues {
  const rows = prefill.takeProfits ?? [];
  const takeProfits = Array.from({ length: TAKE_PROFIT_ROWS }, (_, index) => rows[index] ?? { price: "", share: "" });
  return { ...ADVANCED_DEFAULTS, ...prefill, takeProfits };
}

/**
 * The card: the spec's balance, risk, entry and stop, then the Advanced
 * part; the size, its explanation and warnings below.
 * @param prefill form values from a "Size this trade" link ({} when none).
 */
export function PositionSizeCalculator({ pageReply, prefill }: { pageReply?: ToolsReply; prefill: PositionSizePrefill }) {
  const calculator = useCalculator(
    "position-size",
    pageReply,
    POSITION_SIZE_COPY.failed,
    defaultValues(prefill),
  );
  const { fields, result } = calculator;
  const currency = String(fields.accountCurrency.value || ACCOUNT_CURRENCY);

  return (
    <CalculatorCard
      copy={POSITION_SIZE_COPY}
      intent="position-size"
      calculator={calculator}
      result={result ? <PositionSizeResult result={result} /> : null}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          field={fields.accountBalance}
          label={`Account balance (${currency})`}
          step="0.01"
          min="0"
          placeholder="e.g. 10000"
        />
        <NumberField
          field={fields.riskPercent}
          label="Risk per trade (%)"
          step="any"
          min="0"
          max="100"
          placeholder="e.g. 1"
        />
        <NumberField field={fields.entryPrice} label="Entry price" step="0.00001" min="0" placeholder="e.g. 1.08500" />
        <NumberField field={fields.stopLoss} label="Stop loss price" step="0.00001" min="0" placeholder="e.g. 1.08000" />
      </div>
      <PositionSizeAdvanced fields={fields} currency={currency} />
    </CalculatorCard>
  );
}
