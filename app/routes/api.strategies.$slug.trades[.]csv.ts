import type { LoaderFunctionArgs } from "@remix-run/node";
import { tradesCsv } from "~/domain/track-record";
import { cachedTrackRecordBody, listTradeResults, strategyLabels, trackRecordScope } from "~/models/read-models/track-record.server";
import { trackRecordQueryInput, trackRecordQuerySchema } from "~/schemas/track-record";
import { apiHandler, applySecurityHeaders, problem, readOnlyAction, sharedBytesBody, validationProblem } from "~/services/http.server";
import { keptBody, keptBodyFor } from "~/services/kept-body.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/strategies/{slug}/trades.csv?from=&to=&basis=: one RFC 4180 row per
 * closed signal of the strategy (or of all, for `all`) on the basis asked for
 * (`live` by default, `simulated` or `all`, docs/decisions/0146), oldest first, with
 * every per-trade figure and its `simulated` flag. Public (any origin may read it). 404 for an unknown slug; 400 naming `from`,
 * `to` or `basis` (or `risk`, which the rows do not use but is checked like the performance endpoint's).
 * A full export, so its size follows the record's: the text is made once per
 * ledger head and period, and compressed once per coding asked for
 * (docs/decisions/0065-track-record-at-scale.md, 0078).
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  const slug = (params.slug ?? "").toLowerCase();
  const scope = trackRecordScope(slug);
  if (!scope) return problem(404, `No strategy with slug "${params.slug}"`);
  const query = trackRecordQuerySchema.safeParse(trackRecordQueryInput(new URL(request.url)));
  if (!query.success) return validationProblem(query.error);
  const period = { from: query.data.from, to: query.data.to, basis: query.data.basis };
  const kept = await cachedTrackRecordBody("trades.csv", scope, period, async () =>
    keptBody(tradesCsv(listTradeResults(scope, period), strategyLabels())),
  );
  const { bytes, headers: bodyHeaders } = await keptBodyFor(request, kept);
  const headers = applySecurityHeaders(
    new Headers({
      ...bodyHeaders,
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${slug}-trades.csv"`,
    }),
  );
  return new Response(sharedBytesBody(bytes), { status: 200, headers });
}, { access: "public" });

export const action = readOnlyAction("public");
