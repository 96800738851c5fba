import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEntitlements } from "~/models/subscriptions.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/user/strategy-access: the ids of the strategies whose live signals the user sees in full. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return apiJson(getEntitlements(user).strategyIds);
});

export const action = () => methodNotAllowed(["GET"]);
