/**
 * Client side of the page-action pattern for the portal and account pages
 * (server side: `handleIntent` in app/services/form-intent.server.ts): a
 * Conform form bound to one intent of a page, and alerts for replies that
 * belong to no single form.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect } from "react";
import type { z, ZodTypeAny } from "zod";
import { Alert } from "~/components/ui/form-alert";
import { lastResultFor } from "~/components/ui/intent-result";
import { toast, type ToastMessage } from "~/components/ui/toast";

/** The action data of a page whose action uses `handleIntent`, as the page receives it. */
export type IntentReplyData<Data = unknown> = { intent: string; submission: SubmissionResult<string[]>; data?: Data } | undefined;

/** The `defaultValue` Conform accepts for a form of `Schema`. */
type FormDefaultValue<Schema extends ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>>>[0]["defaultValue"];

/** Initial field values by name: strings, numbers, booleans (Conform serializes true as "on") or lists of them. */
type InitialValues = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/**
 * `useForm` for the form posting `options.intent`: its own reply as
 * `lastResult`, validated on the client with `options.schema` (the schema the
 * action parses) when it is submitted, never while typing, so the layout stays put. `options.id` (default '<intent>-form') must be unique on the page;
 * `options.constraints` adds the schema's HTML constraints (required, maxLength…) for browsers without JavaScript.
 */
export function useIntentForm<Schema extends ZodTypeAny>(
  reply: IntentReplyData,
  options: { intent: string; schema: Schema; defaultValue?: InitialValues | null; id?: string; constraints?: boolean },
) {
  const { intent, schema, defaultValue, id = `${intent}-form`, constraints = false } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: lastResultFor(reply, intent),
    defaultValue: defaultValue as FormDefaultValue<Schema>,
    constraint: constraints ? getZodConstraint(schema) : undefined,
    // Validate on submit only: a message appearing or vanishing on blur or input moved the buttons under the pointer.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The form-level message of a reply to `intent` (or to any intent when omitted), if any. */
export function replyFormError(reply: IntentReplyData, intent?: string): string | undefined {
  if (!reply || (intent !== undefined && reply.intent !== intent)) return undefined;
  return reply.submission.error?.[""]?.[0] ?? undefined;
}

/** The message for a posted intent the page does not know ("Unknown action…"), as an alert. */
export function UnknownIntentAlert({ reply }: { reply: IntentReplyData }) {
  const message = reply?.submission.error?.intent?.[0];
  return message ? <Alert>{message}</Alert> : null;
}

/** Shows the toast an action's reply carries in `data.toast` (a refusal, or a generated API key), for JavaScript users. */
export function useReplyToast(reply: IntentReplyData<{ toast?: ToastMessage }>): void {
  useEffect(() => {
    if (reply?.data?.toast) toast(reply.data.toast);
  }, [reply]);
}
