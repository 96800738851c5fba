import type { ActionFunctionArgs } from "@remix-run/node";
import { toApiSignal } from "~/domain/signals";
import { applyPriceBars, previewPriceBars } from "~/models/price-replay.server";
import { pricesResultSchema } from "~/schemas/api/admin";
import { barErrorField, MAX_PRICES_BODY_BYTES, pricesBodySchema } from "~/schemas/prices";
import { apiHandler, apiJsonOf, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { apiCaller, withIdempotencyKey } from "~/services/idempotency.server";
import { requireApiAdmin } from "~/services/session.server";

/** Bar errors spelled out in the problem's `detail` (all of them are in `errors`). */
const DETAIL_ERRORS = 5;

/**
 * POST /api/admin/prices (admins, by session or API key): body
 * `{"bars": [{symbol, time, open, high, low, close}]}`, up to 10,000 bars in
 * any order (`time` the bar's open time, ISO 8601 UTC or epoch ms; exact
 * duplicates ignored). Open signals of those symbols are triggered, closed and
 * expired by the bar replay (docs/decisions/0023, 0032), in one transaction.
 * 200 `{received, applied, duplicates, events, signals}` with the changed
 * signals in API shape; 400 naming each bad field (`bars[3].time` for a bar
 * dated in the future, `bars` for more than 10,000); 401 signed out; 403 not
 * an admin; 413 body over 4 MB; 415 not JSON. Takes an `Idempotency-Key`
 * (docs/decisions/0125-idempotency-keys.md). With `?dryRun=1` nothing is
 * written: 200 adds `dryRun: true` and `preview`, what the bars would do to
 * each open signal (events with price and reason, status and R after them).
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  return withIdempotencyKey(request, apiCaller(admin), applyPrices, MAX_PRICES_BODY_BYTES);
});

/** Validates the bars and replays them. */
async function applyPrices(request: Request): Promise<Response> {
  const parsed = pricesBodySchema.safeParse(await readJsonBody(request, MAX_PRICES_BODY_BYTES));
  if (!parsed.success) return validationProblem(parsed.error);
  const dryRun = new URL(request.url).searchParams.get("dryRun") === "1";
  const result = dryRun ? previewPriceBars(parsed.data.bars) : applyPriceBars(parsed.data.bars);
  if (!result.ok) {
    const errors = result.errors.map((error) => ({ field: barErrorField(error.field), message: error.message }));
    const named = errors.slice(0, DETAIL_ERRORS).map((e) => `${e.field}: ${e.message}`);
    const more = errors.length > DETAIL_ERRORS ? `; and ${errors.length - DETAIL_ERRORS} more` : "";
    return problem(400, `${named.join("; ")}${more}`, { errors });
  }
  if ("preview" in result) {
    const { received, applied, duplicates, events, preview } = result;
    return apiJsonOf(pricesResultSchema, { received, applied, duplicates, events, signals: [], dryRun: true, preview });
  }
  const { received, applied, duplicates, events, signals } = result;
  return apiJsonOf(pricesResultSchema, {
    received,
    applied,
    duplicates,
    events,
    signals: signals.map((signal) => toApiSignal(signal, new Set([signal.strategyId]))),
  });
}

export const loader = () => methodNotAllowed(["POST"]);
