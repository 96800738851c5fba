import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiStrategyWithRecord } from "~/models/read-models/track-record.server";
import { listStrategies } from "~/models/strategies.server";
import { apiStrategyListSchema } from "~/schemas/api/catalogue";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** GET /api/strategies: every strategy, catalogue order. Public; an API key, when sent, is checked and counted. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  return apiJsonOf(apiStrategyListSchema, listStrategies().map(apiStrategyWithRecord));
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
