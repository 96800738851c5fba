import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSignalsForViewer } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { apiSignalListSchema } from "~/schemas/api/signals";
import { signalFilterParams, signalFiltersSchema } from "~/schemas/signal-filters";
import { apiHandler, apiJsonOf, parseLimit, problem, readOnlyAction, validationProblem } from "~/services/http.server";
import { pageHeaders, paginate, parseCursor, signalPosition } from "~/services/pagination.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/signals?limit=N&status=PENDING,ACTIVE&strategyId=ID&before=ID|after=ID:
 * newest first (creation time, then id), 1..100 (default 20), paged by signal
 * id (`before`: older, `after`: newer; cursors in the `Link` and
 * `X-Next-Cursor` headers, docs/decisions/0059). `status` is a comma list of PENDING, ACTIVE, CLOSED,
 * CANCELLED, EXPIRED (case-insensitive); `strategyId` one strategy. Public;
 * open signals of strategies the caller is not entitled to come with
 * `locked: true` and null price levels. 400 problem naming `limit`, `status`,
 * `strategyId` (also for a strategy that does not exist), `before` or `after`.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const limit = parseLimit(url);
  const filters = signalFiltersSchema.safeParse(signalFilterParams(url));
  if (!filters.success) return validationProblem(filters.error);
  const { status: statuses, strategyId } = filters.data;
  if (strategyId !== undefined && !getStrategyById(strategyId)) {
    const message = `No strategy with id ${strategyId}`;
    return problem(400, `strategyId: ${message}`, { errors: [{ field: "strategyId", message }] });
  }
  const cursor = parseCursor(url, signalPosition, "signal");
  const caller = await getApiCaller(request);
  const page = paginate(
    cursor,
    limit,
    (keyset, n) => listSignalsForViewer(caller, { limit: n, strategyId, statuses, page: keyset }),
    (signal) => ({ time: new Date(signal.createdAt), id: signal.id }),
  );
  return apiJsonOf(apiSignalListSchema, page.items, { headers: pageHeaders(url, page) });
}, { access: "public" });

export const action = readOnlyAction("public");
