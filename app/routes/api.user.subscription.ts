import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEntitlements } from "~/models/subscriptions.server";
import { userSubscriptionSchema } from "~/schemas/api/account";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/**
 * GET /api/user/subscription: `{planName, status, startDate, endDate}` (ISO UTC);
 * users without one get `{planName: "Free", status: "FREE", startDate: null, endDate: null}`.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, { allowPendingConsent: true });
  const { subscription, planLabel } = getEntitlements(user);
  if (!subscription) return apiJsonOf(userSubscriptionSchema, { planName: planLabel, status: "FREE", startDate: null, endDate: null });
  return apiJsonOf(userSubscriptionSchema, subscription);
});

export const action = readOnlyAction();
