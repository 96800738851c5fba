import type { ActionFunctionArgs } from "@remix-run/node";
import { registrationVerifySchema } from "~/schemas/passkeys";
import { apiHandler, apiJson, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { verifyPasskeyRegistration } from "~/services/passkeys.server";
import { requireApiViewer } from "~/services/session.server";

/**
 * POST /api/auth/passkeys/registration/verify `{response, name?}`: `response` is the browser's
 * `startRegistration` answer (RegistrationResponseJSON), checked against the session's challenge
 * (single use). Session only (401 otherwise).
 * @returns 201 `{id, name, createdAt, deviceType, backedUp}`; 400 naming `response` (expired or used
 *   challenge, an answer that does not verify) or the invalid field; 409 when the passkey is already registered.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireApiViewer(request);
  const parsed = registrationVerifySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationProblem(parsed.error);
  const outcome = await verifyPasskeyRegistration(request, viewer.user, viewer.sessionId, parsed.data, new Date());
  if (!outcome.ok) return problem(outcome.status, outcome.message, { errors: [{ field: outcome.field, message: outcome.message }] });
  const { passkey } = outcome;
  return apiJson(
    { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt.toISOString(), deviceType: passkey.deviceType, backedUp: passkey.backedUp },
    201,
  );
});

export const loader = () => methodNotAllowed(["POST"]);
