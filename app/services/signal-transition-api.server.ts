/**
 * The one handler behind `POST /api/admin/signals/{id}/<transition>`: admin
 * session or admin API key, a JSON body validated by the transition's schema,
 * then the signals model's transition. Conventions of `POST /api/admin/signals`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { toApiSignal } from "~/domain/signals";
import type { SignalChange } from "~/models/signals.server";
import { apiSignalSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { apiCaller, withIdempotencyKey } from "~/services/idempotency.server";
import { requireApiAdmin } from "~/services/session.server";

/**
 * Builds the action of one transition endpoint.
 * @param schema validates the JSON body (field errors → 400 naming each field).
 * @param run applies the transition to signal `id` with the parsed input.
 * @returns an action answering 200 with the updated signal in API shape (both
 *   documented shapes, levels shown: the caller is an admin); 400 for an id
 *   that is not a positive integer or an invalid field; 401 signed out; 403 not
 *   an admin; 404 unknown id; 405 not POST; 409 the signal's state does not
 *   allow it; 413/415 bad body. Refusals are problem+json with `errors: [{field, message}]`.
 *   Takes an `Idempotency-Key` (docs/decisions/0125-idempotency-keys.md).
 */
export function signalTransitionAction<Input>(
  schema: ZodType<Input, ZodTypeDef, unknown>,
  run: (signalId: number, input: Input) => SignalChange,
) {
  return apiHandler(async ({ request, params }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireApiAdmin(request);
    const signalId = Number(params.id);
    if (!Number.isSafeInteger(signalId) || signalId < 1) {
      return problem(400, "id: must be a positive integer", { errors: [{ field: "id", message: "Must be a positive integer" }] });
    }
    return withIdempotencyKey(request, apiCaller(admin), async (request) => {
      const parsed = schema.safeParse(await readJsonBody(request));
      if (!parsed.success) return validationProblem(parsed.error);
      const result = run(signalId, parsed.data);
      if (!result.ok) {
        return problem(result.status, `${result.field}: ${result.message}`, { errors: [{ field: result.field, message: result.message }] });
      }
      return apiJsonOf(apiSignalSchema, toApiSignal(result.signal, new Set([result.signal.strategyId])));
    });
  }, { allow: ["POST"] });
}
