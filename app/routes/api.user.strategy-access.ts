import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEntitlements } from "~/models/subscriptions.server";
import { strategyAccessSchema } from "~/schemas/api/account";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/user/strategy-access: the ids of the strategies whose live signals the user sees in full. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return apiJsonOf(strategyAccessSchema, getEntitlements(user).strategyIds);
});

export const action = readOnlyAction();
