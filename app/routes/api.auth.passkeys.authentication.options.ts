import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, apiJson, clientIp, methodNotAllowed, problem } from "~/services/http.server";
import { passkeyAuthenticationOptions } from "~/services/passkeys.server";
import { limitPasskeyOptions, retryMessage } from "~/services/rate-limit.server";

/**
 * POST /api/auth/passkeys/authentication/options (no body, anyone): the options for the
 * browser's `startAuthentication` (the sign-in button and the browser's autofill), with a
 * new single-use challenge bound to this browser by the signed `__passkey` cookie (5 minutes).
 * 429 with Retry-After past 60 a client IP in 15 minutes. GET: 405.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const retryAfter = await limitPasskeyOptions(clientIp(context));
  if (retryAfter) return problem(429, `Too many passkey requests. ${retryMessage(retryAfter)}`, { headers: { "Retry-After": String(retryAfter) } });
  const { options, setCookie } = await passkeyAuthenticationOptions(request, new Date());
  return apiJson(options, { headers: { "Set-Cookie": setCookie } });
});

export const loader = () => methodNotAllowed(["POST"]);
