import type { LoaderFunctionArgs } from "@remix-run/node";
import { acceptedVersions, type AcceptedVersions } from "~/models/legal-acceptances.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { meSchema } from "~/schemas/api/account";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** An acceptance as JSON: `{version, acceptedAt}` (ISO 8601) or null. */
function acceptanceJson(acceptance: AcceptedVersions["terms"]) {
  return acceptance ? { version: acceptance.version, acceptedAt: acceptance.acceptedAt.toISOString() } : null;
}

/**
 * GET /api/me: `{subscription: {status, planName, ...} | {status: "FREE"}, entitlements: {strategyAccess: [ids]},
 * legal: {terms: {version, acceptedAt} | null, privacy: …}}`. Served when consent is due, so the caller can see what they accepted.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, { allowPendingConsent: true });
  const entitlements = getEntitlements(user);
  const accepted = acceptedVersions(user.id);
  return apiJsonOf(meSchema, {
    subscription: entitlements.subscription ?? { status: "FREE", planName: entitlements.planLabel },
    entitlements: { strategyAccess: entitlements.strategyIds },
    legal: { terms: acceptanceJson(accepted.terms), privacy: acceptanceJson(accepted.privacy) },
  });
});

export const action = readOnlyAction();
