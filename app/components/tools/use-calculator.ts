/**
 * One /tools calculator's client state: its own fetcher, its Conform form,
 * its last result, and the number pre-check that marks each field that does
 * not parse and raises the 'Invalid Input' toast (spec sections 5 and 8).
 * The pre-check (zod and the calculator schemas, ./calculator-precheck.ts)
 * loads on the first focus in a calculator, not with the page.
 */
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { toast } from "~/components/ui/toast";
import { CALCULATION_ERROR_TITLE, INVALID_INPUT_TOAST } from "~/content/tools";
import type { PositionSizeReport } from "~/domain/position-size";
import type { RiskOfRuinReport } from "~/domain/risk-of-ruin";
import type { CalculatorIntent, ToolsResult } from "~/schemas/calculator-intents";

/** What the /tools action replies (the `handleIntent` reply with a `ToolsResult`). */
export interface ToolsReply {
  intent: string;
  submission: SubmissionResult<string[]>;
  data?: ToolsResult;
}

/** A calculator form's values as Conform sees them: text fields and rows of text fields (take-profit levels). */
export type CalculatorFormValues = Record<string, string | Array<Record<string, string>> | undefined>;

/** Each calculator's result type. */
interface CalculatorResults {
  "position-size": PositionSizeReport;
  "risk-of-ruin": RiskOfRuinReport;
}

type Precheck = typeof import("./calculator-precheck").precheckCalculator;

let precheckChunk: Promise<Precheck> | undefined;

/** The pre-check, loading its chunk on the first call of the page. */
function loadPrecheck(): Promise<Precheck> {
  precheckChunk ??= import("./calculator-precheck").then((module) => module.precheckCalculator);
  return precheckChunk;
}

/**
 * One calculator's state. Its form posts through its own fetcher (keyed by
 * its intent), so each calculator keeps its own result. Starts from the no-JS
 * action reply (`pageReply`, when it answered this intent) or from
 * `defaultValue`; each successful fetcher reply replaces the result, an error
 * keeps it and raises the 'Calculation Error' toast with `errorMessage`.
 * Before sending, the calculator's pre-check (the spec's "must parse as
 * numbers" rule, `CALCULATOR_PRECHECKS`) checks the form: on failure each bad
 * field is marked with its message, the 'Invalid Input' toast shows and
 * nothing is sent. Its chunk starts loading when a field of the form gets
 * focus; a submit that comes before it has loaded waits for it.
 */
export function useCalculator<Intent extends CalculatorIntent>(
  intent: Intent,
  pageReply: ToolsReply | undefined,
  errorMessage: string,
  defaultValue?: CalculatorFormValues,
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

  const precheck = useRef<Precheck | null>(null);
  const loadOwnPrecheck = () =>
    loadPrecheck().then((check) => {
      precheck.current = check;
    });
  const [form, fields] = useForm<CalculatorFormValues>({
    id: intent,
    lastResult: latest?.submission,
    defaultValue,
    // Conform validates on submit only, after `onSubmit` below has the pre-check; until then the server decides.
    onValidate: ({ formData }) =>
      precheck.current ? precheck.current(intent, formData) : parse(formData, { resolve: (value) => ({ value }) }),
  });
  const formProps = getFormProps(form);
  const conformSubmit = formProps.onSubmit;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const check = precheck.current;
    if (!check) {
      event.preventDefault();
      const formElement = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadOwnPrecheck().then(() => formElement.requestSubmit(submitter));
      return;
    }
    if (check(intent, new FormData(event.currentTarget)).status !== "success") toast(INVALID_INPUT_TOAST);
    conformSubmit(event);
  };
  const onFocus = () => {
    if (!precheck.current) void loadOwnPrecheck();
  };

  return {
    Form: fetcher.Form,
    formProps: { ...formProps, onSubmit, onFocus },
    fields,
    result,
    failed: latest?.submission.status === "error",
    busy: fetcher.state !== "idle",
  };
}

/** The parts of a calculator's state its card needs. */
export type CalculatorCardState = Pick<ReturnType<typeof useCalculator>, "Form" | "formProps" | "failed" | "busy">;

/** A calculator form's Conform fields, by name. */
export type CalculatorFields = ReturnType<typeof useCalculator>["fields"];
