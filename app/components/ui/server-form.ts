/**
 * Forms validated on the server only (sign-in, sign-up): the action parses
 * the post with the form's zod schema (`parseWithZod`) and replies with
 * `submission.reply()`; the page reads that reply here, without loading zod
 * or Conform in the browser. The form itself is a native POST with
 * `noValidate`, the same with and without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";

/** What a form shows from the action's reply. */
export interface ServerFormState {
  /** The form-level messages (Conform's errors under the "" key), if any. */
  formErrors: string[] | undefined;
  /** The messages for field `name`, if any. */
  errorsOf(name: string): string[] | undefined;
  /** The value the user posted for field `name` (hidden fields such as passwords come back undefined). */
  valueOf(name: string): string | undefined;
}

/**
 * @param reply the action's reply (`useActionData`), undefined before the first post.
 * @returns the reply's messages and values, and a ref for the <Form>: after
 *   a reply with errors, focus moves to the form's first invalid field.
 */
export function useServerForm(reply: SubmissionResult<string[]> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (reply?.status !== "error") return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);
  const state: ServerFormState = {
    formErrors: reply?.error?.[""] ?? undefined,
    errorsOf: (name) => reply?.error?.[name] ?? undefined,
    valueOf: (name) => {
      const value = reply?.initialValue?.[name];
      return typeof value === "string" ? value : undefined;
    },
  };
  return { formRef, ...state };
}
