import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEntitlements } from "~/models/subscriptions.server";
import { meSchema } from "~/schemas/api/account";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/**
 * GET /api/me: `{subscription: {status, planName, ...} | {status: "FREE"}, entitlements: {strategyAccess: [ids]}, emailVerified}`.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const entitlements = getEntitlements(user);
  return apiJsonOf(meSchema, {
    subscription: entitlements.subscription ?? { status: "FREE", planName: entitlements.planLabel },
    entitlements: { strategyAccess: entitlements.strategyIds },
    emailVerified: user.emailVerified,
  });
});

export const action = readOnlyAction();
