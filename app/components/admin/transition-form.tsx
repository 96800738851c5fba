/**
 * One lifecycle form of the admin desk (trigger, modify, partial close, close,
 * cancel) for one signal: a native POST to /admin/signals with hidden
 * `intent` and `signalId`, validated on blur with the action's schema when
 * JavaScript runs. Only the reply to this intent AND this signal reaches it,
 * so a refusal shows on the right field of the right signal's form.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";

import type { ComponentProps } from "react";
import { Button } from "~/components/ui/button";
import { InputField, SelectField, SelectOptions, TextareaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { BACKDATE_HINT, DESK_FORM_LABELS } from "~/content/signal-desk";
import { CLOSE_REASONS, MAX_NOTE_LENGTH } from "~/domain/signal-lifecycle";
import { PRICE_STEP } from "~/schemas/signal";
import { deskSchema, type DeskInput, type DeskIntent } from "~/schemas/signal-transitions";

/** The action data of the desk page: a transition's reply (`handleIntent`) carries its intent. */
export type DeskReply = { intent: string; submission: SubmissionResult<string[]> } | undefined;

/** The reply for the `intent` form of signal `signalId`, else undefined. */
export function deskResultFor(reply: DeskReply, intent: DeskIntent, signalId: number): SubmissionResult<string[]> | undefined {
  if (!reply || reply.intent !== intent) return undefined;
  return reply.submission.initialValue?.signalId === String(signalId) ? reply.submission : undefined;
}

/** The levels a signal's forms start from (quote currency). */
export interface DeskSignal {
  id: number;
  symbol: string;
  sl: number | null;
  tpJson: { tp1: number | null; tp2: number | null };
}

type Fields = ReturnType<typeof useForm<Record<string, string>>>[1];
type Field = Fields[string];

/**
 * What a desk control takes from its Conform field: id, name, form, error
 * messages (InputField and its siblings derive aria-invalid and
 * aria-describedby from them, as `getInputProps` does) and the initial value.
 * The desk's forms have no constraints (`useForm` gets none), so this is what
 * `getInputProps` returns for them; each property of a Conform field is a
 * proxy that builds the field's metadata again, and a desk renders a few
 * dozen controls, so each is read once.
 */
function bound(field: Field) {
  const initialValue = field.initialValue;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    error: field.errors,
    defaultValue: typeof initialValue === "string" ? initialValue : undefined,
  };
}

function DeskInput({ field, ...props }: { field: Field } & Omit<ComponentProps<typeof InputField>, keyof ReturnType<typeof bound>>) {
  return <InputField {...bound(field)} {...props} />;
}

function PriceInput({ field, label }: { field: Field; label: string }) {
  return <DeskInput field={field} type="number" step={PRICE_STEP} min="0" inputMode="decimal" label={label} />;
}

const CLOSE_REASON_OPTIONS = CLOSE_REASONS.map((reason) => ({ value: reason, label: reason }));

/** The inputs of each form, after the hidden intent and signal id. */
function IntentFields({ intent, fields }: { intent: DeskIntent; fields: Fields }) {
  switch (intent) {
    case "trigger":
      return <PriceInput field={fields.fillPrice!} label="Fill price" />;
    case "modify":
      return (
        <>
          <PriceInput field={fields.sl!} label="Stop loss (SL)" />
          <PriceInput field={fields.tp1!} label="Take profit 1 (TP1)" />
          <PriceInput field={fields.tp2!} label="Take profit 2 (TP2)" />
        </>
      );
    case "partial-close":
      return (
        <>
          <PriceInput field={fields.exitPrice!} label="Exit price" />
          <DeskInput
            field={fields.fraction!}
            type="number"
            step="0.01"
            min="0.01"
            max="0.99"
            inputMode="decimal"
            label="Fraction"
            hint="Share of the original position, e.g. 0.5 for half."
          />
        </>
      );
    case "close":
      return (
        <>
          <SelectField {...bound(fields.reason!)} label="Reason">
            <SelectOptions placeholder="Select a reason" options={CLOSE_REASON_OPTIONS} />
          </SelectField>
          <PriceInput field={fields.exitPrice!} label="Exit price" />
        </>
      );
    case "cancel":
      return <TextareaField {...bound(fields.note!)} label="Note (optional)" rows={2} maxLength={MAX_NOTE_LENGTH} />;
  }
}

/** Initial values: the modify form starts from the current levels, the partial close from half. */
function defaultsFor(intent: DeskIntent, signal: DeskSignal): Record<string, string> {
  const text = (value: number | null) => (value === null ? "" : String(value));
  if (intent === "modify") return { sl: text(signal.sl), tp1: text(signal.tpJson.tp1), tp2: text(signal.tpJson.tp2) };
  if (intent === "partial-close") return { fraction: "0.5" };
  return {};
}

/** The `intent` form of `signal`; `reply` is the page's action data. */
export function TransitionForm({ intent, signal, reply }: { intent: DeskIntent; signal: DeskSignal; reply: DeskReply }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string>, DeskInput>({
    id: `${intent}-${signal.id}`,
    lastResult: deskResultFor(reply, intent, signal.id),
    defaultValue: defaultsFor(intent, signal),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deskSchema }),
  });
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("signalId") === String(signal.id);
  const labels = DESK_FORM_LABELS[intent];

  return (
    <Form
      method="post"
      action="/admin/signals"
      preventScrollReset
      {...getFormProps(form)}
      aria-label={`${labels.title}: ${signal.symbol} #${signal.id}`}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      data-testid={`desk-${intent}`}
    >
      <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{labels.title}</h4>
      <FormAlert form={form} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="signalId" value={signal.id} />
      <IntentFields intent={intent} fields={fields} />
      <DeskInput field={fields.at!} type="datetime-local" label="Time (UTC)" hint={BACKDATE_HINT} />
      <Button type="submit" size="sm" variant={intent === "cancel" ? "destructive" : "default"} disabled={busy} className="self-start">
        {busy ? "Saving..." : labels.submit}
      </Button>
    </Form>
  );
}
