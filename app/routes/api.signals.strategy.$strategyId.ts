import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSignalsForViewer } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { apiSignalListSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { pageHeaders, paginate, parseCursor, signalPosition } from "~/services/pagination.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/signals/strategy/{strategyId}?limit=N&before=ID|after=ID: one
 * strategy's signals, newest first, paged as /api/signals (docs/decisions/0059);
 * 404 for an unknown strategy, 400 naming `limit`, `before` or `after`.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const caller = await getApiCaller(request);
  const strategyId = Number(params.strategyId);
  if (!Number.isInteger(strategyId) || strategyId < 1) {
    return problem(400, "strategyId must be a positive integer", {
      errors: [{ field: "strategyId", message: "Must be a positive integer" }],
    });
  }
  if (!getStrategyById(strategyId)) return problem(404, `No strategy with id ${strategyId}`);
  const url = new URL(request.url);
  const limit = parseLimit(url);
  const cursor = parseCursor(url, signalPosition, "signal");
  const page = paginate(
    cursor,
    limit,
    (keyset, n) => listSignalsForViewer(caller, { limit: n, strategyId, page: keyset }),
    (signal) => ({ time: new Date(signal.createdAt), id: signal.id }),
  );
  return apiJsonOf(apiSignalListSchema, page.items, { headers: pageHeaders(url, page) });
}, { access: "public" });

export const action = readOnlyAction("public");
