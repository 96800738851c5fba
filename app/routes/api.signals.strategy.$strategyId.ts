import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSignalsForViewer } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { apiHandler, apiJson, methodNotAllowed, parseLimit, problem } from "~/services/http.server";
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
  return apiJson(listSignalsForViewer(caller, { limit, strategyId }));
});

export const action = () => methodNotAllowed(["GET"]);
