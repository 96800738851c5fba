/**
 * One /tools calculator's client state: its own fetcher, its Conform form,
 * its last result, and the number pre-check that raises the 'Invalid Input'
 * toast (spec sections 5 and 8).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { toast } from "~/components/ui/toast";
import { CALCULATION_ERROR_TITLE, INVALID_INPUT_TOAST } from "~/content/tools";
import type { PositionSizeResult } from "~/domain/position-size";
import type { RiskOfRuinResult } from "~/domain/risk-of-ruin";
import type { CalculatorIntent } from "~/schemas/calculators";

/** A successful calculation, tagged with the calculator that made it. */
export type ToolsResult =
  | { intent: "position-size"; result: PositionSizeResult }
  | { intent: "risk-of-ruin"; result: RiskOfRuinResult };

/** What the /tools action replies (the `handleIntent` reply with a `ToolsResult`). */
export interface ToolsReply {
  intent: string;
  submission: SubmissionResult<string[]>;
  data?: ToolsResult;
}

/** Each calculator's result type. */
interface CalculatorResults {
  "position-size": PositionSizeResult;
  "risk-of-ruin": RiskOfRuinResult;
}

function parsesAsNumber(value: FormDataEntryValue | null): boolean {
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));
}

/**
 * Blocks the submission and shows the 'Invalid Input' toast unless every
 * required field (and each optional one that is filled in) parses as a number.
 */
function guardNumbers(event: FormEvent<HTMLFormElement>, required: readonly string[], optional: readonly string[]) {
  const data = new FormData(event.currentTarget);
  const ok =
    required.every((name) => parsesAsNumber(data.get(name))) &&
    optional.every((name) => {
      const value = data.get(name);
      return value === null || (typeof value === "string" && value.trim() === "") || parsesAsNumber(value);
    });
  if (!ok) {
    event.preventDefault();
    toast(INVALID_INPUT_TOAST);
  }
}

/**
 * One calculator's state. Its form posts through its own fetcher (keyed by
 * its intent), so each calculator keeps its own result. Starts from the no-JS
 * action reply (`pageReply`, when it answered this intent); each successful
 * fetcher reply replaces the result, an error keeps it and raises the
 * 'Calculation Error' toast with `errorMessage`. Submitting is blocked with the
 * 'Invalid Input' toast unless `numbers` parse as numbers.
 */
export function useCalculator<Intent extends CalculatorIntent>(
  intent: Intent,
  pageReply: ToolsReply | undefined,
  errorMessage: string,
  numbers: { required: readonly string[]; optional?: readonly string[] }
) {
  const fetcher = useFetcher<ToolsReply>({ key: intent });
  const own = (reply: ToolsReply | undefined) => (reply?.intent === intent ? reply : undefined);
  const fetched = own(fetcher.data as ToolsReply | undefined);
  const latest = fetched ?? own(pageReply);
  const initial = own(pageReply)?.data?.result;
  const [result, setResult] = useState(() => (initial ?? null) as CalculatorResults[Intent] | null);
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetched || handled.current === fetched) return;
    handled.current = fetched;
    if (fetched.data) setResult(() => fetched.data!.result as CalculatorResults[Intent]);
    else toast({ title: CALCULATION_ERROR_TITLE, description: errorMessage, variant: "destructive" });
  }, [fetcher.state, fetched, errorMessage]);

  const [form, fields] = useForm({
    id: intent,
    lastResult: latest?.submission,
    onSubmit(event) {
      guardNumbers(event, numbers.required, numbers.optional ?? []);
    },
  });

  return {
    Form: fetcher.Form,
    formProps: getFormProps(form),
    fields,
    result,
    failed: latest?.submission.status === "error",
    busy: fetcher.state !== "idle",
  };
}

/** The parts of a calculator's state its card needs. */
export type CalculatorCardState = Pick<ReturnType<typeof useCalculator>, "Form" | "formProps" | "failed" | "busy">;
