import type { LoaderFunctionArgs } from "@remix-run/node";
import { listStrategies, toApiStrategy } from "~/models/strategies.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** GET /api/strategies: every strategy, catalogue order. Public; an API key, when sent, is checked and counted. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  return apiJson(listStrategies().map(toApiStrategy));
});

export const action = () => methodNotAllowed(["GET"]);
