/**
 * The "Advanced" part of the position size form: instrument, account
 * currency, conversion rate, risk amount, costs, broker limits, leverage,
 * a custom instrument and up to three take-profit levels. A `<details>`
 * block, so it opens and closes without JavaScript; the custom instrument's
 * fields show (by CSS `:has`) only while "Custom" is selected.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useRef } from "react";

import { FormSelectField, SelectOptions } from "~/components/ui/field";
import { POSITION_SIZE_COPY } from "~/content/tools";
import {
  ACCOUNT_CURRENCIES,
  ACCOUNT_CURRENCY,
  conversionRateName,
  CUSTOM_SYMBOL,
  INSTRUMENTS,
  requiresConversionRate,
} from "~/domain/instruments";
import { LOT_STEPS } from "~/domain/position-size";
import { NumberField } from "./calculator-card";
import type { CalculatorFields, CalculatorFormValues } from "./use-calculator";

/** Take-profit rows the form offers. */
export const TAKE_PROFIT_ROWS = 3;

const FAMILY_LABEL = { major: "major", minor: "cross", metal: "metal", custom: "custom" } as const;

const SYMBOL_OPTIONS = [
  { value: "", label: POSITION_SIZE_COPY.defaultInstrument },
  ...INSTRUMENTS.map(({ symbol, family }) => ({ value: symbol, label: `${symbol} (${FAMILY_LABEL[family]})` })),
  { value: CUSTOM_SYMBOL, label: POSITION_SIZE_COPY.customInstrument },
];
const CURRENCY_OPTIONS = ACCOUNT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const LOT_STEP_OPTIONS = LOT_STEPS.map((step) => ({ value: String(step), label: String(step) }));

/** The take-profit rows' field: a list of {price, share}. */
type TakeProfitsField = FieldMetadata<Array<Record<string, string>>, CalculatorFormValues, string[]>;

/** The conversion rate's hint: the pair to enter when the chosen symbol needs one, else what the field is. */
function conversionHint(symbol: string, accountCurrency: string): string {
  if (!requiresConversionRate(symbol, accountCurrency)) return POSITION_SIZE_COPY.conversionHint;
  return POSITION_SIZE_COPY.conversionNeeded.replace("{rate}", conversionRateName(symbol.slice(3), accountCurrency));
}

function TakeProfitRows({ field }: { field: TakeProfitsField }) {
  const rows = field.getFieldList();
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="text-sm font-semibold">{POSITION_SIZE_COPY.targetsHeading}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{POSITION_SIZE_COPY.targetsHint}</p>
      {field.errors ? <p className="text-sm text-red-700 dark:text-red-400">{field.errors[0]}</p> : null}
      {rows.slice(0, TAKE_PROFIT_ROWS).map((row, index) => {
        const { price, share } = row.getFieldset();
        return (
          <div key={row.key} className="grid gap-3 sm:grid-cols-2">
            <NumberField field={price} label={`TP${index + 1} price`} step="0.00001" min="0" placeholder="e.g. 1.09000" />
            <NumberField field={share} label={`TP${index + 1} share (%)`} step="any" min="0" max="100" placeholder="e.g. 50" />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The advanced fields other than the take-profit rows. */
const ADVANCED_FIELDS = [
  "symbol",
  "contractSize",
  "pipSize",
  "pipValue",
  "accountCurrency",
  "conversionRate",
  "riskAmount",
  "commissionPerLot",
  "spreadPips",
  "leverage",
  "lotStep",
  "minLot",
  "maxLot",
] as const;

/**
 * The advanced fields; `currency` is the account currency chosen, for the
 * labels. The block opens by itself once an instrument is chosen (e.g. by a
 * "Size this trade" link) or one of its fields is marked invalid, and then
 * stays as the user leaves it.
 */
export function PositionSizeAdvanced({ fields, currency }: { fields: CalculatorFields; currency: string }) {
  const symbol = String(fields.symbol.value ?? "");
  const opened = useRef(false);
  if (symbol !== "" || ADVANCED_FIELDS.some((name) => fields[name].errors) || Object.keys(fields.takeProfits.allErrors).length > 0) {
    opened.current = true;
  }
  return (
    <details
      open={opened.current || undefined}
      className="group rounded-md border border-slate-200 p-3 dark:border-slate-700"
      data-testid="position-size-advanced"
    >
      <summary className="cursor-pointer text-sm font-semibold">{POSITION_SIZE_COPY.advanced}</summary>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{POSITION_SIZE_COPY.advancedHint}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormSelectField field={fields.symbol} label="Instrument" hint={POSITION_SIZE_COPY.symbolHint}>
            <SelectOptions options={SYMBOL_OPTIONS} />
          </FormSelectField>
        </div>
        <fieldset className="hidden gap-4 sm:col-span-2 sm:grid-cols-3 group-has-[option[value=CUSTOM]:checked]:grid">
          <legend className="text-sm font-semibold">{POSITION_SIZE_COPY.customHeading}</legend>
          <p className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-400">{POSITION_SIZE_COPY.customHint}</p>
          <NumberField field={fields.contractSize} label="Contract size (units per lot)" step="any" min="0" placeholder="e.g. 1" />
          <NumberField field={fields.pipSize} label="Pip or tick size (price)" step="any" min="0" placeholder="e.g. 1" />
          <NumberField field={fields.pipValue} label={`Pip or tick value per lot (${currency})`} step="any" min="0" placeholder="e.g. 1" />
        </fieldset>
        <FormSelectField field={fields.accountCurrency} label="Account currency">
          <SelectOptions options={CURRENCY_OPTIONS} />
        </FormSelectField>
        <NumberField
          field={fields.conversionRate}
          label={`Conversion rate (${currency} per 1 unit of quote currency)`}
          step="any"
          min="0"
          placeholder="e.g. 1.27"
          hint={conversionHint(symbol, currency)}
        />
        <NumberField
          field={fields.riskAmount}
          label={`Fixed risk amount (${currency})`}
          step="0.01"
          min="0"
          placeholder="e.g. 100"
          hint={POSITION_SIZE_COPY.riskAmountHint}
        />
        <NumberField
          field={fields.commissionPerLot}
          label={`Commission per lot (${currency})`}
          step="any"
          min="0"
          placeholder="e.g. 7"
          hint={POSITION_SIZE_COPY.commissionHint}
        />
        <NumberField field={fields.spreadPips} label="Spread (pips)" step="any" min="0" placeholder="e.g. 0.8" />
        <NumberField
          field={fields.leverage}
          label="Leverage (1:L)"
          step="1"
          min="1"
          max="1000"
          placeholder="e.g. 30"
          hint={POSITION_SIZE_COPY.leverageHint}
        />
        <FormSelectField field={fields.lotStep} label="Lot step" hint={POSITION_SIZE_COPY.lotLimitsHint}>
          <SelectOptions options={LOT_STEP_OPTIONS} />
        </FormSelectField>
        <div className="grid grid-cols-2 gap-4">
          <NumberField field={fields.minLot} label="Minimum lot" step="any" min="0" placeholder="e.g. 0.01" />
          <NumberField field={fields.maxLot} label="Maximum lot" step="any" min="0" placeholder="e.g. 50" />
        </div>
        <TakeProfitRows field={fields.takeProfits as TakeProfitsField} />
      </div>
    </details>
  );
}

/** The form's real defaults (submitted as they are): the default instrument, a USD account, 0.01-lot steps. */
export const ADVANCED_DEFAULTS = { symbol: "", accountCurrency: ACCOUNT_CURRENCY, lotStep: "0.01" } as const;
