import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSignalsForViewer } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { apiSignalListSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** GET /api/signals/strategy/{strategyId}?limit=N: one strategy's signals, newest first; 404 for an unknown strategy. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const caller = await getApiCaller(request);
  const strategyId = Number(params.strategyId);
  if (!Number.isInteger(strategyId) || strategyId < 1) {
    return problem(400, "strategyId must be a positive integer", {
      errors: [{ field: "strategyId", message: "Must be a positive integer" }],
    });
  }
  if (!getStrategyById(strategyId)) return problem(404, `No strategy with id ${strategyId}`);
  const limit = parseLimit(new URL(request.url));
  return apiJsonOf(apiSignalListSchema, listSignalsForViewer(caller, { limit, strategyId }));
}, { access: "public" });

export const action = readOnlyAction("public");
