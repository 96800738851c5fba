import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, apiJson, clientIp, methodNotAllowed, problem } from "~/services/http.server";
import { passkeyRegistrationOptions } from "~/services/passkeys.server";
import { limitPasskeyOptions, retryMessage } from "~/services/rate-limit.server";
import { requireApiViewer } from "~/services/session.server";

/**
 * POST /api/auth/passkeys/registration/options (no body): the options for the browser's
 * `startRegistration`, with a new single-use challenge bound to the caller's session.
 * Session only (401 without one, or with only an API key); 429 with Retry-After when asked too often. GET: 405.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireApiViewer(request);
  const retryAfter = await limitPasskeyOptions(clientIp(context));
  if (retryAfter) return problem(429, `Too many passkey requests. ${retryMessage(retryAfter)}`, { headers: { "Retry-After": String(retryAfter) } });
  return apiJson(await passkeyRegistrationOptions(request, viewer.user, viewer.sessionId, new Date()));
});

export const loader = () => methodNotAllowed(["POST"]);
