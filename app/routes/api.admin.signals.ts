import type { ActionFunctionArgs } from "@remix-run/node";
import { toApiSignal } from "~/domain/signals";
import { publishSignal, StrategyUnavailableError } from "~/models/signals.server";
import { apiSignalErrors, signalInputFromApiBody, signalSchema } from "~/schemas/signal";
import { apiSignalSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, fieldErrorsProblem, methodNotAllowed, problem, readJsonBody } from "~/services/http.server";
import { apiCaller, withIdempotencyKey } from "~/services/idempotency.server";
import { requireApiAdmin } from "~/services/session.server";

/**
 * POST /api/admin/signals (admins only): publishes an ACTIVE signal.
 * Body (spec section 7): `{strategyId, symbol, side, entryJson: {price, method},
 * sl, tpJson: {tp1, tp2}, rationale, expiresAt}`; the flat aliases direction,
 * entryPrice, stopLoss, takeProfit1, takeProfit2 are accepted too.
 * 201 with the signal in API shape (nested and flat fields at once).
 * 400 problem listing invalid fields under the names the client sent
 * (e.g. `tpJson.tp1`, `sl`), or naming `strategyId` when the strategy is
 * unknown or inactive; 401 signed out; 403 not an admin; 413/415 bad body.
 * With `Idempotency-Key`, a retry gets the first answer and publishes nothing
 * (409 for the key with another body): docs/decisions/0125-idempotency-keys.md.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  return withIdempotencyKey(request, apiCaller(admin), (request) => publish(request, admin.id));
}, { allow: ["POST"] });

/** Validates the body and publishes the signal as `adminId`. */
async function publish(request: Request, adminId: number): Promise<Response> {
  const body = await readJsonBody(request);
  const parsed = signalSchema.safeParse(signalInputFromApiBody(body));
  if (!parsed.success) {
    const errors = apiSignalErrors(parsed.error, body);
    return fieldErrorsProblem(errors);
  }
  try {
    const signal = publishSignal(parsed.data, adminId);
    return apiJsonOf(apiSignalSchema, toApiSignal(signal, new Set([signal.strategyId])), 201);
  } catch (error) {
    if (error instanceof StrategyUnavailableError) {
      return problem(400, `${error.field}: ${error.message}`, { errors: [{ field: error.field, message: error.message }] });
    }
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
