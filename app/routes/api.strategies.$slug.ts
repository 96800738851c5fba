import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiStrategyWithRecord } from "~/models/read-models/track-record.server";
import { getStrategyBySlug } from "~/models/strategies.server";
import { apiStrategySchema } from "~/schemas/api/catalogue";
import { apiHandler, apiJsonOf, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** GET /api/strategies/{slug}: one strategy, 404 when unknown. Public; an API key, when sent, is checked and counted. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  const strategy = getStrategyBySlug(params.slug ?? "");
  if (!strategy) return problem(404, `No strategy with slug "${params.slug}"`);
  return apiJsonOf(apiStrategySchema, apiStrategyWithRecord(strategy));
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
