import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiLedgerEvent } from "~/domain/signals";
import { listLedger } from "~/models/ledger.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { ledgerPageSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, nextPageLink, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** Reads `?after=` (the last seq already read): a non-negative integer, 0 when absent. @throws 400 problem naming `after`. */
function parseAfter(url: URL): number {
  const raw = url.searchParams.get("after");
  if (raw === null || raw === "") return 0;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw problem(400, "after must be a non-negative integer (a ledger seq)", {
      errors: [{ field: "after", message: "Must be a non-negative integer" }],
    });
  }
  return value;
}

/**
 * GET /api/ledger?after=SEQ&limit=N: the signal ledger oldest first, `limit`
 * rows (1..100, default 20) after seq `after` (default 0), as
 * `{events, nextCursor}` (`nextCursor`: the `after` of the next page, null at
 * the head; also as a `Link: <…>; rel="next"` header). Public; events of PENDING/ACTIVE signals of strategies the caller
 * is not entitled to come with `payload` and `salt` null (docs/ledger.md).
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const after = parseAfter(url);
  const limit = parseLimit(url);
  const caller = await getApiCaller(request);
  const page = listLedger(getEntitlements(caller).strategyIds, { after, limit });
  const headers = page.nextCursor === null ? undefined : { Link: nextPageLink(url, { after: String(page.nextCursor) }) };
  return apiJsonOf(ledgerPageSchema, { events: page.events.map(toApiLedgerEvent), nextCursor: page.nextCursor }, { headers });
}, { access: "public" });

export const action = readOnlyAction("public");
