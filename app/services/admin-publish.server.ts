/**
 * The admin desk's publish form (/admin/signals without `intent`), through
 * `handleIntent` like every page action: validate, publish once per form (its hidden `idempotencyKey`, docs/decisions/0125-idempotency-keys.md),
 * answer with post/redirect/get and the 'Signal Created' toast, or re-render the form with its errors.
 */
import { randomUUID } from "node:crypto";
import { SIGNAL_CREATED_TOAST } from "~/content/signal-desk";
import { publishSignal, StrategyUnavailableError } from "~/models/signals.server";
import { PUBLISH_KEY_FIELD, signalSchema } from "~/schemas/signal";
import { handleIntent, type IntentOutcome } from "./form-intent.server";
import { runFormOnce } from "./idempotency.server";

/** A new key for one render of the publish form (a random UUID). */
export function newPublishKey(): string {
  return randomUUID();
}

const FAILED_MESSAGE = "Failed to create signal. Please try again.";

/**
 * Handles one post of the publish form through `handleIntent`.
 * @param request the POST (for the toast cookie and the URL); formData its already read form.
 * @param adminId the signed-in admin, who publishes.
 * @returns a redirect to /admin/signals with the toast (also for a repeat of a form that
 *   already published, which publishes nothing); else the reply `{intent: "", submission}` with
 *   status 400 (invalid fields, unknown or inactive strategy), 409 (the form was already used
 *   for another signal, or its first post is still running) or 500 (storage failure).
 */
export function publishFromForm(request: Request, formData: FormData, adminId: number) {
  return handleIntent(
    request,
    signalSchema,
    async (value) => {
      const key = formData.get(PUBLISH_KEY_FIELD);
      const outcome = await runFormOnce<IntentOutcome>(
        { caller: `form:user:${adminId}`, key: typeof key === "string" ? key : null, url: request.url, fields: value },
        () => {
          try {
            publishSignal(value, adminId);
            return { done: true, redirectTo: "/admin/signals" };
          } catch (error) {
            if (error instanceof StrategyUnavailableError) {
              return { done: false, refusal: { status: 400, formErrors: [error.message], fieldErrors: { [error.field]: [error.message] } } };
            }
            console.error("[admin.signals] publishing failed", error);
            return { done: false, refusal: { status: 500, formErrors: [FAILED_MESSAGE] } };
          }
        },
      );
      if (outcome.kind === "refused") return outcome.refusal;
      if (outcome.kind === "conflict") return { status: 409, formErrors: [outcome.message] };
      return { redirectTo: outcome.redirectTo, toast: SIGNAL_CREATED_TOAST };
    },
    { formData, disableAutoCoercion: true },
  );
}
