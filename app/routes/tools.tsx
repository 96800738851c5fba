/**
 * /tools — the position size calculator and the risk of ruin estimator
 * (spec sections 2 "Tools", 4 "Calculators" and "Risk of ruin colour", 5, 8).
 *
 * Each calculator is a native POST form to this route's action (hidden
 * `intent` = position-size | risk-of-ruin), so it works without JavaScript:
 * the action returns `{intent, result, submission}` and the page renders the
 * result or the field errors. With JavaScript each form goes through its own
 * `useFetcher`, so each keeps its own result; the action, the JSON API routes
 * and the domain functions share the same schemas.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import type { z, ZodTypeAny } from "zod";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormInputField, FormSelectField } from "~/components/ui/field";
import { Alert, alertClass } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { calculatePositionSize, CalculatorInputError, type PositionSizeResult } from "~/domain/position-size";
import { calculateRiskOfRuin, RISK_OF_RUIN_BANDS, type RiskLevel, type RiskOfRuinResult } from "~/domain/risk-of-ruin";
import { positionSizeSchema, riskOfRuinSchema } from "~/schemas/calculators";
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = () =>
  pageMeta(
    "Risk Calculators",
    "Free forex risk calculators: size a position to a fixed percentage of your account and estimate your risk of ruin from win rate, reward-to-risk and risk per trade.",
  );

/** What the action returns; `result` is null whenever `submission` carries errors. */
export type ToolsActionData =
  | { intent: "position-size"; result: PositionSizeResult | null; submission: SubmissionResult<string[]> }
  | { intent: "risk-of-ruin"; result: RiskOfRuinResult | null; submission: SubmissionResult<string[]> }
  | { intent: null; result: null; submission: null; error: string };

function reply(data: ToolsActionData, status = 200) {
  return json<ToolsActionData>(data, { status });
}

/**
 * Validates `formData` against one calculator's schema and runs it. Invalid
 * input, and inputs the calculator rejects (CalculatorInputError, e.g. a stop
 * equal to the entry), come back as field errors with status 400.
 */
function evaluate<Schema extends ZodTypeAny, Result>(
  formData: FormData,
  schema: Schema,
  calculate: (input: z.output<Schema>) => Result,
): { result: Result | null; submission: SubmissionResult<string[]>; status: number } {
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") return { result: null, submission: submission.reply(), status: 400 };
  try {
    return { result: calculate(submission.value), submission: submission.reply(), status: 200 };
  } catch (error) {
    if (!(error instanceof CalculatorInputError)) throw error;
    return { result: null, submission: submission.reply({ fieldErrors: { [error.field]: [error.message] } }), status: 400 };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return reply({ intent: null, result: null, submission: null, error: "The form could not be read. Please submit it again." }, 400);
  }
  const intent = formData.get("intent");

  if (intent === "position-size") {
    const { result, submission, status } = evaluate(formData, positionSizeSchema, calculatePositionSize);
    return reply({ intent, result, submission }, status);
  }

  if (intent === "risk-of-ruin") {
    const { result, submission, status } = evaluate(formData, riskOfRuinSchema, calculateRiskOfRuin);
    return reply({ intent, result, submission }, status);
  }

  return reply(
    { intent: null, result: null, submission: null, error: "Unknown calculator. Choose the position size or risk of ruin calculator." },
    400,
  );
}

// ---------------------------------------------------------------------------
// Client-side pre-check and messages (spec sections 5 and 8)

const INVALID_INPUT = {
  title: "Invalid Input",
  description: "Please fill in all fields with valid numbers.",
  variant: "destructive",
} as const;
const POSITION_SIZE_FAILED = "Failed to calculate position size. Please check your inputs.";
const RISK_OF_RUIN_FAILED = "Failed to calculate risk of ruin. Please check your inputs.";

function parsesAsNumber(value: FormDataEntryValue | null): boolean {
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));
}

/**
 * Blocks the submission and shows the 'Invalid Input' toast unless every
 * required field (and each optional one that is filled in) parses as a number.
 */
function guardNumbers(event: FormEvent<HTMLFormElement>, required: readonly string[], optional: readonly string[] = []) {
  const data = new FormData(event.currentTarget);
  const ok =
    required.every((name) => parsesAsNumber(data.get(name))) &&
    optional.every((name) => {
      const value = data.get(name);
      return value === null || (typeof value === "string" && value.trim() === "") || parsesAsNumber(value);
    });
  if (!ok) {
    event.preventDefault();
    toast(INVALID_INPUT);
  }
}

/**
 * One calculator's state. Each form posts through its own fetcher (keyed by
 * its intent), so each keeps its own result. Starts from the no-JS action data;
 * each successful fetcher response replaces the result, an error keeps it and
 * raises the 'Calculation Error' toast instead. Submitting is blocked with the
 * 'Invalid Input' toast unless `numbers` parse as numbers.
 */
function useCalculator<Result>(
  intent: CalculatorIntent,
  serverData: CalculatorData<Result> | undefined,
  errorMessage: string,
  numbers: { required: readonly string[]; optional?: readonly string[] },
) {
  const fetcher = useFetcher<typeof action>({ key: intent });
  const fetched = fetcher.data?.intent === intent ? (fetcher.data as CalculatorData<Result>) : undefined;
  const latest = fetched ?? serverData;
  const [result, setResult] = useState<Result | null>(serverData?.result ?? null);
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetched || handled.current === fetched) return;
    handled.current = fetched;
    if (fetched.result) setResult(fetched.result);
    else toast({ title: "Calculation Error", description: errorMessage, variant: "destructive" });
  }, [fetcher.state, fetched, errorMessage]);

  const [form, fields] = useForm({
    id: intent,
    lastResult: latest?.submission,
    onSubmit(event) {
      guardNumbers(event, numbers.required, numbers.optional);
    },
  });

  return {
    Form: fetcher.Form,
    formProps: getFormProps(form),
    fields,
    result,
    failed: latest?.submission?.status === "error",
    busy: fetcher.state !== "idle",
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdPrecise = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 4 });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 });

const SYMBOLS = [
  { value: "", label: "Any pair quoted in USD (100,000 units per lot)" },
  { value: "EURUSD", label: "EURUSD" },
  { value: "GBPUSD", label: "GBPUSD" },
  { value: "AUDUSD", label: "AUDUSD" },
  { value: "NZDUSD", label: "NZDUSD" },
  { value: "USDJPY", label: "USDJPY" },
  { value: "USDCHF", label: "USDCHF" },
  { value: "USDCAD", label: "USDCAD" },
  { value: "EURGBP", label: "EURGBP (needs conversion rate)" },
  { value: "EURJPY", label: "EURJPY (needs conversion rate)" },
  { value: "GBPJPY", label: "GBPJPY (needs conversion rate)" },
  { value: "XAUUSD", label: "XAUUSD (gold, 100 oz per lot)" },
];

function ResultRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A calculator's number input (decimal keypad on phones). */
function NumberField<Schema>(props: Omit<ComponentProps<typeof FormInputField<Schema>>, "type">) {
  return <FormInputField type="number" inputMode="decimal" {...props} />;
}

/** A calculator's card: heading, its form (hidden intent, error note, fields, submit) and the live result area. */
function CalculatorCard({
  title,
  description,
  intent,
  calculator,
  errorMessage,
  submitLabel,
  children,
  result,
}: {
  title: string;
  description: ReactNode;
  intent: CalculatorIntent;
  calculator: Pick<ReturnType<typeof useCalculator>, "Form" | "formProps" | "failed" | "busy">;
  errorMessage: string;
  submitLabel: string;
  children: ReactNode;
  result: ReactNode;
}) {
  const { Form, formProps, failed, busy } = calculator;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...formProps} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={intent} />
          {failed ? <p className={alertClass}>{errorMessage}</p> : null}
          {children}
          <Button type="submit" disabled={busy}>
            {busy ? "Calculating..." : submitLabel}
          </Button>
        </Form>

        <div aria-live="polite" className="mt-6">
          {result}
        </div>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------
// Position size

type CalculatorIntent = "position-size" | "risk-of-ruin";
type CalculatorData<Result> = { result: Result | null; submission: SubmissionResult<string[]> };
type PositionSizeData = Extract<ToolsActionData, { intent: "position-size" }>;
type RiskOfRuinData = Extract<ToolsActionData, { intent: "risk-of-ruin" }>;

function PositionSizeCalculator({ serverData }: { serverData?: PositionSizeData }) {
  const calculator = useCalculator("position-size", serverData, POSITION_SIZE_FAILED, {
    required: ["accountBalance", "riskPercent", "entryPrice", "stopLoss"],
    optional: ["conversionRate"],
  });
  const { fields, result } = calculator;
  const unit = result?.symbol?.startsWith("XAU") ? "oz" : "units";

  return (
    <CalculatorCard
      title="Position Size Calculator"
      description="How many lots to trade so that hitting your stop loses exactly the share of your account you chose (rounded down to 0.01 lot)."
      intent="position-size"
      calculator={calculator}
      errorMessage={POSITION_SIZE_FAILED}
      submitLabel="Calculate Position Size"
      result={
        result ? (
          <section aria-label="Position size result" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Position size{result.symbol ? ` for ${result.symbol}` : ""}
            </p>
            <p className="text-3xl font-bold tabular-nums" data-testid="lot-size">
              {result.lotSize.toFixed(2)} lots
            </p>
            {result.lotSize === 0 ? (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                The risk is smaller than one micro lot (0.01) at this stop distance.
              </p>
            ) : null}
            <dl className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
              <ResultRow label="Risk amount (USD)" value={usd.format(result.riskAmount)} />
              <ResultRow label="Stop distance (pips)" value={`${result.stopPips.toFixed(1)} pips`} />
              <ResultRow label="Pip value per lot (USD)" value={usdPrecise.format(result.pipValuePerLot)} />
              <ResultRow label={`Position (${unit})`} value={`${integer.format(result.units)} ${unit}`} />
              <ResultRow label="Actual risk at this size (USD)" value={usd.format(result.actualRisk)} />
            </dl>
          </section>
        ) : null
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField field={fields.accountBalance} label="Account balance (USD)" step="0.01" min="0" placeholder="10000" />
        <NumberField field={fields.riskPercent} label="Risk per trade (%)" step="any" min="0" max="100" placeholder="1" />
        <NumberField field={fields.entryPrice} label="Entry price" step="0.00001" min="0" placeholder="1.08500" />
        <NumberField field={fields.stopLoss} label="Stop loss price" step="0.00001" min="0" placeholder="1.08000" />
        <FormSelectField field={fields.symbol} label="Instrument (optional)" hint="Pip: 0.01 for JPY pairs and gold, else 0.0001.">
          {SYMBOLS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </FormSelectField>
        <NumberField
          field={fields.conversionRate}
          label="Conversion rate (USD per 1 unit of quote currency)"
          step="any"
          min="0"
          placeholder="1.27"
          hint="Needed for crosses, e.g. the GBPUSD rate for EURGBP. Optional otherwise."
        />
      </div>
    </CalculatorCard>
  );
}

// ---------------------------------------------------------------------------
// Risk of ruin

/** Text colours with WCAG AA contrast on the card in light and dark mode. */
const LEVEL_CLASS: Record<RiskLevel, string> = {
  Low: "text-green-700 dark:text-green-400",
  Moderate: "text-yellow-800 dark:text-yellow-300",
  High: "text-red-700 dark:text-red-400",
};

function RiskOfRuinCalculator({ serverData }: { serverData?: RiskOfRuinData }) {
  const calculator = useCalculator("risk-of-ruin", serverData, RISK_OF_RUIN_FAILED, {
    required: ["winRate", "riskReward", "riskPerTrade"],
  });
  const { fields, result } = calculator;

  return (
    <CalculatorCard
      title="Risk of Ruin Estimator"
      description="The chance of losing your whole account when every trade risks the same share of your starting balance."
      intent="risk-of-ruin"
      calculator={calculator}
      errorMessage={RISK_OF_RUIN_FAILED}
      submitLabel="Calculate Risk of Ruin"
      result={
        result ? (
          <section
            aria-label="Risk of ruin result"
            data-risk-level={result.riskLevel}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">Risk of ruin</p>
            <p className={`text-3xl font-bold tabular-nums ${LEVEL_CLASS[result.riskLevel]}`} data-testid="risk-of-ruin">
              {percent.format(result.riskOfRuin)}%
            </p>
            <p className={`mt-1 font-semibold ${LEVEL_CLASS[result.riskLevel]}`}>{result.riskLevel} risk</p>
            <p className="mt-3 text-xs text-slate-700 dark:text-slate-300">
              Low below {RISK_OF_RUIN_BANDS.moderate}%, moderate from {RISK_OF_RUIN_BANDS.moderate}% to below{" "}
              {RISK_OF_RUIN_BANDS.high}%, high at {RISK_OF_RUIN_BANDS.high}% or above. Assumes independent trades with a
              fixed risk; results are hypothetical.
            </p>
          </section>
        ) : null
      }
    >
      <NumberField field={fields.winRate} label="Win rate (%)" step="any" min="0" max="100" placeholder="55" />
      <NumberField field={fields.riskReward} label="Reward-to-risk ratio (R multiple)" step="0.1" min="0" placeholder="1.5" />
      <NumberField
        field={fields.riskPerTrade}
        label="Risk per trade (% of starting balance)"
        step="any"
        min="0"
        max="100"
        placeholder="1"
      />
    </CalculatorCard>
  );
}

// ---------------------------------------------------------------------------

export default function Tools() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Risk Calculators</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Size every trade to a fixed share of your account and see how likely a run of losses is to wipe it out. Free to
          use; figures are estimates for education, not investment advice.
        </p>
      </header>
      {actionData && actionData.intent === null ? (
        <Alert className="mt-6">{actionData.error}</Alert>
      ) : null}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <PositionSizeCalculator serverData={actionData?.intent === "position-size" ? (actionData as PositionSizeData) : undefined} />
        <RiskOfRuinCalculator serverData={actionData?.intent === "risk-of-ruin" ? (actionData as RiskOfRuinData) : undefined} />
      </div>
    </div>
  );
}
