import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteAccountSchema } from "~/schemas/privacy";
import { confirmDeletion } from "~/services/account-deletion.server";
import { acceptedVersions, type AcceptedVersions } from "~/models/legal-acceptances.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { meSchema } from "~/schemas/api/account";
import { apiHandler, apiJson, apiJsonOf, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** An acceptance as JSON: `{version, acceptedAt}` (ISO 8601) or null. */
function acceptanceJson(acceptance: AcceptedVersions["terms"]) {
  return acceptance ? { version: acceptance.version, acceptedAt: acceptance.acceptedAt.toISOString() } : null;
}

/**
 * GET /api/me: `{subscription: {status, planName, ...} | {status: "FREE"}, entitlements: {strategyAccess: [ids]}, emailVerified,
 * legal: {terms: {version, acceptedAt} | null, privacy: …}}`. Served when consent is due, so the caller can see what they accepted.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, { allowPendingConsent: true });
  const entitlements = getEntitlements(user);
  const accepted = acceptedVersions(user.id);
  return apiJsonOf(meSchema, {
    subscription: entitlements.subscription ?? { status: "FREE", planName: entitlements.planLabel },
    entitlements: { strategyAccess: entitlements.strategyIds },
    emailVerified: user.emailVerified,
    legal: { terms: acceptanceJson(accepted.terms), privacy: acceptanceJson(accepted.privacy) },
  });
});

/**
 * DELETE /api/me with JSON `{password, code?}` (code: required when two-factor is on): schedules the
 * account's deletion (`202 {deletionScheduledFor}`), ending every session; 400 problem naming
 * `password` or `code` when they are missing or wrong. Other methods: 405.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireApiUser(request, { allowPendingConsent: true });
  const parsed = deleteAccountSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationProblem(parsed.error);
  const outcome = await confirmDeletion(user.id, parsed.data, new Date());
  if (!outcome.ok) return problem(400, outcome.message, { errors: [{ field: outcome.field, message: outcome.message }] });
  return apiJson({ deletionScheduledFor: outcome.purgeAt.toISOString() }, 202);
});
