/**
 * The admin desk's publish form (/admin/signals without `intent`): validate,
 * publish once per form (its hidden `idempotencyKey`, docs/decisions/0125-idempotency-keys.md),
 * answer with post/redirect/get and the 'Signal Created' toast, or re-render the form with its errors.
 */
import { randomUUID } from "node:crypto";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { SIGNAL_CREATED_TOAST } from "~/content/signal-desk";
import { publishSignal, StrategyUnavailableError } from "~/models/signals.server";
import { PUBLISH_KEY_FIELD, signalSchema } from "~/schemas/signal";
import { capEchoedValues } from "./form-intent.server";
import { runFormOnce } from "./idempotency.server";
import { redirectWithToast } from "./toast.server";

/** Each field's maximum length, so a rejected post never echoes more than that back. */
const SIGNAL_LIMITS = getZodConstraint(signalSchema) as Record<string, { maxLength?: number }>;

/** A new key for one render of the publish form (a random UUID). */
export function newPublishKey(): string {
  return randomUUID();
}

const FAILED_MESSAGE = "Failed to create signal. Please try again.";

/**
 * Handles one post of the publish form.
 * @param request the POST (for the toast cookie and the URL); formData its already read form.
 * @param adminId the signed-in admin, who publishes.
 * @returns a redirect to /admin/signals with the toast (also for a repeat of a form that
 *   already published, which publishes nothing); Conform's reply with status 400 (invalid
 *   fields, unknown or inactive strategy), 409 (the form was already used for another
 *   signal, or its first post is still running) or 500 (storage failure).
 */
export async function publishFromForm(request: Request, formData: FormData, adminId: number): Promise<Response> {
  const submission = parseWithZod(formData, { schema: signalSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return json(capEchoedValues(submission.reply(), SIGNAL_LIMITS), { status: 400 });
  }
  const key = formData.get(PUBLISH_KEY_FIELD);
  const outcome = await runFormOnce(
    { caller: `form:user:${adminId}`, key: typeof key === "string" ? key : null, url: request.url, fields: submission.value },
    () => {
      try {
        publishSignal(submission.value, adminId);
        return { done: true, redirectTo: "/admin/signals" };
      } catch (error) {
        if (error instanceof StrategyUnavailableError) {
          const reply = submission.reply({ formErrors: [error.message], fieldErrors: { [error.field]: [error.message] } });
          return { done: false, response: json(reply, { status: 400 }) };
        }
        console.error("[admin.signals] publishing failed", error);
        return { done: false, response: json(submission.reply({ formErrors: [FAILED_MESSAGE] }), { status: 500 }) };
      }
    },
  );
  if (outcome.kind === "refused") return outcome.response;
  if (outcome.kind === "conflict") return json(submission.reply({ formErrors: [outcome.message] }), { status: 409 });
  return redirectWithToast(request, outcome.redirectTo, SIGNAL_CREATED_TOAST);
}
