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

/** The attributes of a desk control named `name`: id, name, form, error messages and initial value. */
type Control = (name: string) => {
  id: string;
  name: string;
  form: string;
  error: string[] | undefined;
  defaultValue: string | undefined;
};

/**
 * What `getInputProps` (and its select and textarea siblings) gives the
 * desk's controls, read with two lookups per field: the id is
 * `<form id>-<name>` as Conform makes it, the messages and the initial value
 * come from the field (InputField and its siblings derive aria-invalid and
 * aria-describedby from the messages, as Conform does). The desk's forms have
 * no constraints (`useForm` gets none). Every property read of a Conform
 * field builds the field's metadata again, and a desk renders a few dozen
 * controls.
 */
function controlsOf(formId: string, fields: Fields): Control {
  return (name) => {
    const field = fields[name]!;
    const initialValue = field.initialValue;
    return {
      id: `${formId}-${name}`,
      name,
      form: formId,
      error: field.errors,
      defaultValue: typeof initialValue === "string" ? initialValue : undefined,
    };
  };
}

function DeskInput({ control, name, ...props }: { control: Control; name: string } & Omit<ComponentProps<typeof InputField>, keyof ReturnType<Control>>) {
  return <InputField {...control(name)} {...props} />;
}

function PriceInput({ control, name, label }: { control: Control; name: string; label: string }) {
  return <DeskInput control={control} name={name} type="number" step={PRICE_STEP} min="0" inputMode="decimal" label={label} />;
}

const CLOSE_REASON_OPTIONS = CLOSE_REASONS.map((reason) => ({ value: reason, label: reason }));

/** The inputs of each form, after the hidden intent and signal id. */
function IntentFields({ intent, control }: { intent: DeskIntent; control: Control }) {
  switch (intent) {
    case "trigger":
      return <PriceInput control={control} name="fillPrice" label="Fill price" />;
    case "modify":
      return (
        <>
          <PriceInput control={control} name="sl" label="Stop loss (SL)" />
          <PriceInput control={control} name="tp1" label="Take profit 1 (TP1)" />
          <PriceInput control={control} name="tp2" label="Take profit 2 (TP2)" />
        </>
      );
    case "partial-close":
      return (
        <>
          <PriceInput control={control} name="exitPrice" label="Exit price" />
          <DeskInput
            control={control}
            name="fraction"
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
          <SelectField {...control("reason")} label="Reason">
            <SelectOptions placeholder="Select a reason" options={CLOSE_REASON_OPTIONS} />
          </SelectField>
          <PriceInput control={control} name="exitPrice" label="Exit price" />
        </>
      );
    case "cancel":
      return <TextareaField {...control("note")} label="Note (optional)" rows={2} maxLength={MAX_NOTE_LENGTH} />;
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
  const formId = `${intent}-${signal.id}`;
  const [form, fields] = useForm<Record<string, string>, DeskInput>({
    id: formId,
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
  const control = controlsOf(formId, fields);

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
      <IntentFields intent={intent} control={control} />
      <DeskInput control={control} name="at" type="datetime-local" label="Time (UTC)" hint={BACKDATE_HINT} />
      <Button type="submit" size="sm" variant={intent === "cancel" ? "destructive" : "default"} disabled={busy} className="self-start">
        {busy ? "Saving..." : labels.submit}
      </Button>
    </Form>
  );
}
