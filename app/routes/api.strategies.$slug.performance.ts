import type { LoaderFunctionArgs } from "@remix-run/node";
import { cachedTrackRecordBody, getTrackRecord, trackRecordScope } from "~/models/read-models/track-record.server";
import { trackRecordQueryInput, trackRecordQuerySchema } from "~/schemas/track-record";
import { strategyPerformanceSchema } from "~/schemas/api/track-record";
import { apiHandler, apiJsonOf, apiJsonText, problem, readOnlyAction, validationProblem } from "~/services/http.server";
import { keptBody, keptBodyFor } from "~/services/kept-body.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/strategies/{slug}/performance?from=&to=&risk=&basis=: the track
 * record of one strategy, or of all of them for the slug `all`, net of costs
 * (every field of `TrackRecord` in app/domain/track-record.ts, plus `slug` and
 * `basis`: `live` by default, `simulated` or `all`, docs/decisions/0146).
 * Public (closed signals are public). 404 for an unknown slug; 400 naming
 * `risk`, `from`, `to` or `basis` when one is invalid. The body is serialised once per
 * ledger head and query, and compressed once per coding asked for (its
 * equity curve by trade grows with the record:
 * docs/decisions/0065-track-record-at-scale.md, 0078).
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  const slug = params.slug ?? "";
  const scope = trackRecordScope(slug);
  if (!scope) return problem(404, `No strategy with slug "${slug}"`);
  const query = trackRecordQuerySchema.safeParse(trackRecordQueryInput(new URL(request.url)));
  if (!query.success) return validationProblem(query.error);
  const options = { riskPct: query.data.risk, from: query.data.from, to: query.data.to, basis: query.data.basis };
  const kept = await cachedTrackRecordBody("performance", scope, options, async () =>
    keptBody(await apiJsonOf(strategyPerformanceSchema, { slug: slug.toLowerCase(), basis: options.basis, ...getTrackRecord(scope, options) }).text()),
  );
  const { bytes, headers } = await keptBodyFor(request, kept);
  return apiJsonText(bytes, { headers });
}, { access: "public" });

export const action = readOnlyAction("public");
