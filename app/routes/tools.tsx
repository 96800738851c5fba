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
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField, SelectField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { calculatePositionSize, CalculatorInputError, type PositionSizeResult } from "~/domain/position-size";
import { calculateRiskOfRuin, RISK_OF_RUIN_BANDS, type RiskLevel, type RiskOfRuinResult } from "~/domain/risk-of-ruin";
import { positionSizeSchema, riskOfRuinSchema } from "~/schemas/calculators";

export const meta: MetaFunction = () => [
  { title: "Risk Calculators | FX Trader" },
  {
    name: "description",
    content:
      "Free forex risk calculators: size a position to a fixed percentage of your account and estimate your risk of ruin from win rate, reward-to-risk and risk per trade.",
  },
];

/** What the action returns; `result` is null whenever `submission` carries errors. */
export type ToolsActionData =
  | { intent: "position-size"; result: PositionSizeResult | null; submission: SubmissionResult<string[]> }
  | { intent: "risk-of-ruin"; result: RiskOfRuinResult | null; submission: SubmissionResult<string[]> }
  | { intent: null; result: null; submission: null; error: string };

function reply(data: ToolsActionData, status = 200) {
  return json<ToolsActionData>(data, { status });
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
    const submission = parseWithZod(formData, { schema: positionSizeSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return reply({ intent, result: null, submission: submission.reply() }, 400);
    try {
      return reply({ intent, result: calculatePositionSize(submission.value), submission: submission.reply() });
    } catch (error) {
      if (!(error instanceof CalculatorInputError)) throw error;
      return reply({ intent, result: null, submission: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, 400);
    }
  }

  if (intent === "risk-of-ruin") {
    const submission = parseWithZod(formData, { schema: riskOfRuinSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return reply({ intent, result: null, submission: submission.reply() }, 400);
    try {
      return reply({ intent, result: calculateRiskOfRuin(submission.value), submission: submission.reply() });
    } catch (error) {
      if (!(error instanceof CalculatorInputError)) throw error;
      return reply({ intent, result: null, submission: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, 400);
    }
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
 * The latest successful result for one calculator: starts from the no-JS
 * action data, is replaced by each successful fetcher response and kept on
 * errors (which raise the 'Calculation Error' toast instead).
 */
function useCalculatorResult<T>(
  fetcherState: string,
  fetched: { result: T | null } | undefined,
  initial: T | null,
  errorMessage: string,
): T | null {
  const [result, setResult] = useState<T | null>(initial);
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcherState !== "idle" || !fetched || handled.current === fetched) return;
    handled.current = fetched;
    if (fetched.result) setResult(fetched.result);
    else toast({ title: "Calculation Error", description: errorMessage, variant: "destructive" });
  }, [fetcherState, fetched, errorMessage]);
  return result;
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

function FormErrorNote({ submission, message }: { submission?: SubmissionResult<string[]> | null; message: string }) {
  if (submission?.status !== "error") return null;
  return <p className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{message}</p>;
}

// ---------------------------------------------------------------------------
// Position size

type PositionSizeData = Extract<ToolsActionData, { intent: "position-size" }>;
type RiskOfRuinData = Extract<ToolsActionData, { intent: "risk-of-ruin" }>;

function PositionSizeCalculator({ serverData }: { serverData?: PositionSizeData }) {
  const fetcher = useFetcher<typeof action>({ key: "position-size" });
  const fetched = fetcher.data?.intent === "position-size" ? (fetcher.data as PositionSizeData) : undefined;
  const latest = fetched ?? serverData;
  const result = useCalculatorResult(fetcher.state, fetched, serverData?.result ?? null, POSITION_SIZE_FAILED);
  const busy = fetcher.state !== "idle";

  const [form, fields] = useForm({
    id: "position-size",
    lastResult: latest?.submission,
    onSubmit(event) {
      guardNumbers(event, ["accountBalance", "riskPercent", "entryPrice", "stopLoss"], ["conversionRate"]);
    },
  });
  const unit = result?.symbol?.startsWith("XAU") ? "oz" : "units";

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Position Size Calculator</h2>
        <CardDescription>
          How many lots to trade so that hitting your stop loses exactly the share of your account you chose (rounded down
          to 0.01 lot).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="position-size" />
          <FormErrorNote submission={latest?.submission} message={POSITION_SIZE_FAILED} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              {...getInputProps(fields.accountBalance, { type: "number" })}
              id={fields.accountBalance.id}
              label="Account balance (USD)"
              error={fields.accountBalance.errors}
              step="0.01"
              min="0"
              inputMode="decimal"
              placeholder="10000"
            />
            <InputField
              {...getInputProps(fields.riskPercent, { type: "number" })}
              id={fields.riskPercent.id}
              label="Risk per trade (%)"
              error={fields.riskPercent.errors}
              step="any"
              min="0"
              max="100"
              inputMode="decimal"
              placeholder="1"
            />
            <InputField
              {...getInputProps(fields.entryPrice, { type: "number" })}
              id={fields.entryPrice.id}
              label="Entry price"
              error={fields.entryPrice.errors}
              step="0.00001"
              min="0"
              inputMode="decimal"
              placeholder="1.08500"
            />
            <InputField
              {...getInputProps(fields.stopLoss, { type: "number" })}
              id={fields.stopLoss.id}
              label="Stop loss price"
              error={fields.stopLoss.errors}
              step="0.00001"
              min="0"
              inputMode="decimal"
              placeholder="1.08000"
            />
            <SelectField
              {...getSelectProps(fields.symbol)}
              id={fields.symbol.id}
              label="Instrument (optional)"
              error={fields.symbol.errors}
              hint="Pip: 0.01 for JPY pairs and gold, else 0.0001."
            >
              {SYMBOLS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </SelectField>
            <InputField
              {...getInputProps(fields.conversionRate, { type: "number" })}
              id={fields.conversionRate.id}
              label="Conversion rate (USD per 1 unit of quote currency)"
              error={fields.conversionRate.errors}
              step="any"
              min="0"
              inputMode="decimal"
              placeholder="1.27"
              hint="Needed for crosses, e.g. the GBPUSD rate for EURGBP. Optional otherwise."
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Calculating..." : "Calculate Position Size"}
          </Button>
        </fetcher.Form>

        <div aria-live="polite" className="mt-6">
          {result ? (
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
          ) : null}
        </div>
      </CardContent>
    </Card>
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
  const fetcher = useFetcher<typeof action>({ key: "risk-of-ruin" });
  const fetched = fetcher.data?.intent === "risk-of-ruin" ? (fetcher.data as RiskOfRuinData) : undefined;
  const latest = fetched ?? serverData;
  const result = useCalculatorResult(fetcher.state, fetched, serverData?.result ?? null, RISK_OF_RUIN_FAILED);
  const busy = fetcher.state !== "idle";

  const [form, fields] = useForm({
    id: "risk-of-ruin",
    lastResult: latest?.submission,
    onSubmit(event) {
      guardNumbers(event, ["winRate", "riskReward", "riskPerTrade"]);
    },
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Risk of Ruin Estimator</h2>
        <CardDescription>
          The chance of losing your whole account when every trade risks the same share of your starting balance.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="risk-of-ruin" />
          <FormErrorNote submission={latest?.submission} message={RISK_OF_RUIN_FAILED} />
          <InputField
            {...getInputProps(fields.winRate, { type: "number" })}
            id={fields.winRate.id}
            label="Win rate (%)"
            error={fields.winRate.errors}
            step="any"
            min="0"
            max="100"
            inputMode="decimal"
            placeholder="55"
          />
          <InputField
            {...getInputProps(fields.riskReward, { type: "number" })}
            id={fields.riskReward.id}
            label="Reward-to-risk ratio (R multiple)"
            error={fields.riskReward.errors}
            step="0.1"
            min="0"
            inputMode="decimal"
            placeholder="1.5"
          />
          <InputField
            {...getInputProps(fields.riskPerTrade, { type: "number" })}
            id={fields.riskPerTrade.id}
            label="Risk per trade (% of starting balance)"
            error={fields.riskPerTrade.errors}
            step="any"
            min="0"
            max="100"
            inputMode="decimal"
            placeholder="1"
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Calculating..." : "Calculate Risk of Ruin"}
          </Button>
        </fetcher.Form>

        <div aria-live="polite" className="mt-6">
          {result ? (
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
          ) : null}
        </div>
      </CardContent>
    </Card>
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
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {actionData.error}
        </p>
      ) : null}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <PositionSizeCalculator serverData={actionData?.intent === "position-size" ? (actionData as PositionSizeData) : undefined} />
        <RiskOfRuinCalculator serverData={actionData?.intent === "risk-of-ruin" ? (actionData as RiskOfRuinData) : undefined} />
      </div>
    </div>
  );
}
