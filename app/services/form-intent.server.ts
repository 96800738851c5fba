/**
 * The one pattern for page actions: read the form, parse it with the route's
 * zod schema (for a page with several forms, a discriminated union on
 * `intent`, one object per form), run the handler, and answer either with a
 * redirect carrying a flash toast (post/redirect/get) or with the form's
 * errors for Conform's `useForm({ lastResult })`. Works the same with and
 * without JavaScript. A body that is not a form (JSON, text/plain,
 * octet-stream, multipart without a boundary) or cannot be parsed is refused
 * with a thrown `Response`, which Remix renders with the route's error
 * boundary, never as a 500.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, type TypedResponse } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { MAX_FIELD_ERRORS } from "./http.server";
import { redirectWithToast, type Toast } from "./toast.server";

/** The body of a refused page request, which the error boundary shows (`RefusalPage`). */
export interface Refusal {
  title: string;
  message: string;
}

const FORM_CONTENT_TYPE = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART_WITH_BOUNDARY = /^multipart\/form-data\b.*;\s*boundary=/i;

/**
 * The posted form fields of a page action.
 * @throws Response 415 when the Content-Type is not a form encoding; 400 when the body is not a readable form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_CONTENT_TYPE.test(contentType) && !MULTIPART_WITH_BOUNDARY.test(contentType)) {
    throw json<Refusal>(
      {
        title: "Unsupported form",
        message: "This page accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).",
      },
      { status: 415, statusText: "Unsupported Media Type" },
    );
  }
  try {
    return await request.formData();
  } catch {
    throw json<Refusal>(
      { title: "Request not accepted", message: "The form could not be read. Please submit it again." },
      { status: 400, statusText: "Bad Request" },
    );
  }
}

/** Longest submitted value echoed back into a page for a field whose schema sets no `max` length, in characters. */
export const DEFAULT_ECHO_MAX_CHARS = 256;
/** Most values of one repeated field (e.g. checkboxes) echoed back into a page. */
export const ECHO_MAX_ITEMS = 100;

/** What an intent handler decides. */
export type IntentOutcome<Data = never> =
  /** Success: redirect to `redirectTo` with `toast` (and any extra headers, e.g. Set-Cookie). */
  | { toast: Toast; redirectTo: string; headers?: HeadersInit }
  /** Re-render the page with form errors (status 400 unless given) or with `data` (status 200 unless given). */
  | { formErrors?: string[]; fieldErrors?: Record<string, string[]>; data?: Data; status?: number; headers?: HeadersInit }
  /** Anything else, answered as it is. */
  | Response;

/** The action data a page receives when an intent re-renders it. */
export interface IntentReply<Data = never> {
  /** The `intent` field of the form that was posted ("" for single-form pages). */
  intent: string;
  /** Conform's submission result, with echoed values cut to each field's maximum length. */
  submission: SubmissionResult<string[]>;
  data?: Data;
}

type Field = string | string[] | { [key: string]: Field } | Field[] | undefined;

function capValue(value: Field, max: number): Field {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) return value.slice(0, ECHO_MAX_ITEMS).map((item) => capValue(item, max)) as Field;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capValue(item, max)]));
  }
  return value;
}

/**
 * A submission result with the errors of at most MAX_FIELD_ERRORS fields
 * (the form-level errors, key "", always kept); past that, the form-level
 * errors end with "and N more fields are invalid".
 */
function capErrors(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const entries = Object.entries(result.error ?? {});
  const fields = entries.filter(([name]) => name !== "");
  if (fields.length <= MAX_FIELD_ERRORS) return result;
  const formErrors = result.error?.[""] ?? [];
  const more = `And ${fields.length - MAX_FIELD_ERRORS} more fields are invalid.`;
  return { ...result, error: { ...Object.fromEntries(fields.slice(0, MAX_FIELD_ERRORS)), "": [...formErrors, more] } };
}

/**
 * A submission result whose echoed values are no longer than each field's
 * maximum (`maxLengths[name]`, else `DEFAULT_ECHO_MAX_CHARS`) and no field
 * repeats more than `ECHO_MAX_ITEMS` values, so a huge post is never written
 * back into a page.
 */
export function capEchoedValues(
  result: SubmissionResult<string[]>,
  maxLengths: Record<string, { maxLength?: number } | undefined>,
): SubmissionResult<string[]> {
  result = capErrors(result);
  if (!result.initialValue) return result;
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).map(([name, value]) => [
      name,
      capValue(value as Field, maxLengths[name]?.maxLength ?? DEFAULT_ECHO_MAX_CHARS),
    ]),
  ) as SubmissionResult<string[]>["initialValue"];
  return { ...result, initialValue };
}

/** How `handleIntent` reads and answers one page's form. */
export interface IntentOptions {
  /** The form when the action has already read it (to pick a handler, check a honeypot, or keep the body for an auth strategy); else it is read here. */
  formData?: FormData;
  /** Fields never echoed back in a reply (passwords, one-time codes): Conform's `hideFields`. */
  hideFields?: string[];
  /** The form-level messages of an invalid post (default none: the field errors speak for themselves). */
  invalidFormErrors?: (formData: FormData) => string[];
  /** Parse with Conform's `disableAutoCoercion` (a schema that coerces its own strings, e.g. prices kept exact). */
  disableAutoCoercion?: boolean;
}

/**
 * Handles one page action.
 * @param request the POST request (form-encoded or multipart).
 * @param schema the page's zod schema; for several forms a `z.discriminatedUnion("intent", [...])`.
 * @param handle runs the parsed value; returns an `IntentOutcome`.
 * @param options `formData` when the action has already read the form, `hideFields`, `invalidFormErrors` (see `IntentOptions`).
 * @returns a redirect with a flash toast, or JSON `IntentReply` (400 on invalid input).
 * @throws Response 415/400 from `readFormData` when the body is not a readable form.
 */
export async function handleIntent<Schema extends ZodTypeAny, Data = never>(
  request: Request,
  schema: Schema,
  handle: (
    value: z.output<Schema>,
    submission: Submission<z.input<Schema>, string[], z.output<Schema>>,
  ) => IntentOutcome<Data> | Promise<IntentOutcome<Data>>,
  options: IntentOptions = {},
): Promise<TypedResponse<IntentReply<Data>>> {
  const { hideFields } = options;
  const formData = options.formData ?? (await readFormData(request));
  const intentField = formData.get("intent");
  const intent = typeof intentField === "string" ? intentField : "";
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: options.disableAutoCoercion });
  const maxLengths = getZodConstraint(schema) as Record<string, { maxLength?: number } | undefined>;
  const reply = (result: SubmissionResult<string[]>, data: Data | undefined, init: ResponseInit) =>
    json<IntentReply<Data>>(
      { intent, submission: capEchoedValues(result, maxLengths), ...(data === undefined ? {} : { data }) },
      init,
    );

  if (submission.status !== "success") {
    return reply(submission.reply({ formErrors: options.invalidFormErrors?.(formData), hideFields }), undefined, { status: 400 });
  }

  const outcome = await handle(submission.value, submission);
  if (outcome instanceof Response) return outcome as TypedResponse<IntentReply<Data>>;
  if ("toast" in outcome) {
    return redirectWithToast(request, outcome.redirectTo, outcome.toast, { headers: outcome.headers }) as Promise<
      TypedResponse<IntentReply<Data>>
    >;
  }
  const failed = Boolean(outcome.formErrors?.length || Object.keys(outcome.fieldErrors ?? {}).length);
  const result = failed
    ? submission.reply({ formErrors: outcome.formErrors, fieldErrors: outcome.fieldErrors, hideFields })
    : submission.reply({ hideFields });
  return reply(result, outcome.data, { status: outcome.status ?? (failed ? 400 : 200), headers: outcome.headers });
}
