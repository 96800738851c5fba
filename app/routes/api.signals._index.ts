import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSignalsForViewer } from "~/models/signals.server";
import { apiSignalListSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, parseLimit, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/signals?limit=N: newest first, 1..100 (default 20). Public; ACTIVE
 * signals of strategies the caller is not entitled to come with `locked: true`
 * and null price levels.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const limit = parseLimit(new URL(request.url));
  const caller = await getApiCaller(request);
  return apiJsonOf(apiSignalListSchema, listSignalsForViewer(caller, { limit }));
}, { access: "public" });

export const action = readOnlyAction("public");
