import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEntitlements } from "~/models/subscriptions.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/**
 * GET /api/me: `{subscription: {status, planName, ...} | {status: "FREE"}, entitlements: {strategyAccess: [ids]}}`.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const entitlements = getEntitlements(user);
  return apiJson({
    subscription: entitlements.subscription ?? { status: "FREE", planName: entitlements.planLabel },
    entitlements: { strategyAccess: entitlements.strategyIds },
  });
});

export const action = () => methodNotAllowed(["GET"]);
