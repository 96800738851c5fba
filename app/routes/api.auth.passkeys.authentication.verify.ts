import type { ActionFunctionArgs } from "@remix-run/node";
import { getUserById } from "~/models/users.server";
import { authenticationVerifySchema } from "~/schemas/passkeys";
import { apiHandler, apiJson, clientIp, methodNotAllowed, problem, readJsonBody, safeRedirect, validationProblem } from "~/services/http.server";
import { rememberDevice } from "~/services/known-device.server";
import { clearPasskeyCookie, verifyPasskeySignIn } from "~/services/passkeys.server";
import { limitSignIn, resetSignInLimit, retryMessage } from "~/services/rate-limit.server";
import { completeSignIn } from "~/services/session.server";

/**
 * POST /api/auth/passkeys/authentication/verify `{response, returnTo?}`: `response` is the
 * browser's `startAuthentication` answer, checked against this browser's challenge (the
 * `__passkey` cookie; single use). A passkey is both factors at once: the two-factor code
 * step is skipped. Counts as a sign-in attempt (per client IP and per credential).
 * @returns 200 `{redirectTo}` (a same-site path; `returnTo` when it is one, else /dashboard)
 *   with the new session's cookie, as the password sign-in; 400 naming `response` or the invalid
 *   field; 403 for a signature counter that went backwards (a cloned authenticator); 429 with Retry-After.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const parsed = authenticationVerifySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationProblem(parsed.error);
  const ip = clientIp(context);
  const limitKey = `passkey:${parsed.data.response.id}`;
  const retryAfter = await limitSignIn(ip, limitKey);
  if (retryAfter) return problem(429, `Too many sign-in attempts. ${retryMessage(retryAfter)}`, { headers: { "Retry-After": String(retryAfter) } });
  const cleared = await clearPasskeyCookie();
  const outcome = await verifyPasskeySignIn(request, parsed.data.response, new Date());
  if (!outcome.ok) {
    return problem(outcome.status, outcome.message, { errors: [{ field: outcome.field, message: outcome.message }], headers: { "Set-Cookie": cleared } });
  }
  await resetSignInLimit(limitKey);
  const user = getUserById(outcome.userId)!;
  const headers = new Headers({ "Set-Cookie": cleared });
  headers.append("Set-Cookie", await rememberDevice(request, user.email));
  const signedIn = await completeSignIn(request, user.id, safeRedirect(parsed.data.returnTo), ip, headers);
  const redirectTo = signedIn.headers.get("Location") ?? "/dashboard";
  signedIn.headers.delete("Location");
  return apiJson({ redirectTo }, { headers: signedIn.headers });
});

export const loader = () => methodNotAllowed(["POST"]);
