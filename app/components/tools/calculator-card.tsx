/** The frame every /tools calculator shares: a card with its form and a live result area. */
import type { ComponentProps, ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormInputField } from "~/components/ui/field";
import { alertClass } from "~/components/ui/form-alert";
import type { CalculatorIntent } from "~/schemas/calculator-intents";
import type { CalculatorCardState } from "./use-calculator";

/** One label/value line of a result. */
export function ResultRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A calculator's number input (decimal keypad on phones). */
export function NumberField<Schema>(props: Omit<ComponentProps<typeof FormInputField<Schema>>, "type">) {
  return <FormInputField type="number" inputMode="decimal" {...props} />;
}

/** A calculator's card: heading, its form (hidden intent, error note, fields, submit) and the live result area. */
export function CalculatorCard({
  copy,
  intent,
  calculator,
  children,
  result,
  className,
}: {
  /** The calculator's texts (app/content/tools.ts): heading, description, failure note and submit label. */
  copy: { title: string; description: ReactNode; failed: string; submit: string };
  intent: CalculatorIntent;
  calculator: CalculatorCardState;
  children: ReactNode;
  result: ReactNode;
  /** More classes for the card. */
  className?: string;
}) {
  const { Form, formProps, failed, busy } = calculator;
  return (
    <Card className={className}>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{copy.title}</h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...formProps} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={intent} />
          {failed ? <p className={alertClass}>{copy.failed}</p> : null}
          {children}
          <Button type="submit" disabled={busy}>
            {busy ? "Calculating..." : copy.submit}
          </Button>
        </Form>

        <div aria-live="polite" className="mt-6">
          {result}
        </div>
      </CardContent>
    </Card>
  );
}
