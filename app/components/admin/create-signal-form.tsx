/** The admin "Create New Signal" form (spec sections 4 "Admin signal form" and 5 "Signal form"). */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormInputField, FormSelectField, FormTextareaField, SelectOptions } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { ENTRY_METHODS, MAX_EXPIRY_DAYS, MAX_RATIONALE_LENGTH, PRICE_STEP, PUBLISH_KEY_FIELD, signalSchema } from "~/schemas/signal";

const ENTRY_METHOD_LABELS: Record<(typeof ENTRY_METHODS)[number], string> = {
  market: "Market (fill now)",
  limit: "Limit (better price)",
  stop: "Stop (breakout)",
};

const SIDE_OPTIONS = [
  { value: "LONG", label: "LONG (buy)" },
  { value: "SHORT", label: "SHORT (sell)" },
];

/** The four price levels, in form order: schema field, label, example placeholder. */
const PRICE_FIELDS = [
  { name: "entryPrice", label: "Entry price", placeholder: "1.08500" },
  { name: "sl", label: "Stop loss (SL)", placeholder: "1.08000" },
  { name: "tp1", label: "Take profit 1 (TP1)", placeholder: "1.09000" },
  { name: "tp2", label: "Take profit 2 (TP2, optional)", placeholder: "1.09500" },
] as const;

/** What the form needs from the page's loader: the active strategies and the expiry bounds (UTC `datetime-local` values). */
interface SignalFormData {
  strategies: Array<{ id: number; name: string }>;
  defaultExpiresAt: string;
  minExpiresAt: string;
  maxExpiresAt: string;
  /** The form's idempotency key: a repeat of the same post publishes nothing. */
  publishKey: string;
}

/** The schema's constraints (required, lengths, patterns) as HTML attributes: derived once, not on every render. */
const SIGNAL_CONSTRAINT = getZodConstraint(signalSchema);

/**
 * The form: a native POST to /admin/signals, validated on blur with the
 * action's schema; `lastResult` is the action's Conform reply.
 */
export function CreateSignalForm({
  formId,
  data,
  lastResult,
  busy,
}: {
  formId: string;
  data: SignalFormData;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: SIGNAL_CONSTRAINT,
    defaultValue: { entryMethod: "market", expiresAt: data.defaultExpiresAt },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signalSchema, disableAutoCoercion: true }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create New Signal</CardTitle>
        <CardDescription>
          For a LONG signal the stop loss sits below the entry and the take profits above it (TP1 before TP2); for a
          SHORT signal it is the other way round.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="/admin/signals" {...getFormProps(form)} className="flex flex-col gap-5">
          <FormAlert form={form} className="border border-red-300 dark:border-red-800" />
          <input type="hidden" name={PUBLISH_KEY_FIELD} value={data.publishKey} />

          {data.strategies.length === 0 ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              No strategies active. Activate a strategy before publishing signals.
            </p>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelectField field={fields.strategyId} label="Strategy">
              <SelectOptions placeholder="Select a strategy" options={data.strategies.map((s) => ({ value: String(s.id), label: s.name }))} />
            </FormSelectField>
            <FormInputField
              field={fields.symbol}
              type="text"
              // The server upper-cases; don't let the browser reject "eurusd".
              pattern={undefined}
              label="Symbol"
              placeholder="EURUSD"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              hint="6 letters, e.g. EURUSD, USDJPY or XAUUSD."
            />
            <FormSelectField field={fields.side} label="Side">
              <SelectOptions placeholder="Select side" options={SIDE_OPTIONS} />
            </FormSelectField>
            <FormSelectField field={fields.entryMethod} label="Entry method">
              <SelectOptions options={ENTRY_METHODS.map((method) => ({ value: method, label: ENTRY_METHOD_LABELS[method] }))} />
            </FormSelectField>
          </div>

          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
              Price levels (quote currency)
            </legend>
            {PRICE_FIELDS.map(({ name, label, placeholder }) => (
              <FormInputField
                key={name}
                field={fields[name]}
                type="number"
                step={PRICE_STEP}
                min="0"
                inputMode="decimal"
                label={label}
                placeholder={placeholder}
              />
            ))}
          </fieldset>

          <FormInputField
            field={fields.expiresAt}
            type="datetime-local"
            label="Expires at (UTC)"
            min={data.minExpiresAt}
            max={data.maxExpiresAt}
            hint={`Entered and shown in UTC. Defaults to 24 hours from now; at most ${MAX_EXPIRY_DAYS} days ahead.`}
          />
          <FormTextareaField
            field={fields.rationale}
            label="Rationale (optional)"
            rows={4}
            maxLength={MAX_RATIONALE_LENGTH}
            placeholder="Why this trade: setup, confluence, invalidation."
            hint={`Up to ${MAX_RATIONALE_LENGTH} characters.`}
          />

          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:self-start">
            {busy ? "Publishing..." : "Publish Signal"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
