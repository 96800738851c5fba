import type { LoaderFunctionArgs } from "@remix-run/node";
import { listMt5Queue } from "~/models/mt5.server";
import { mt5QueuePageSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, nextPageLink, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";
import { channelRefusal } from "~/domain/entitlements";
import { getPlanFeatures } from "~/models/subscriptions.server";

/**
 * Reads `?after=` (the last queue id the client has seen).
 * @returns a non-negative integer, 0 when absent.
 * @throws Response 400 naming `after` otherwise.
 */
function parseAfter(url: URL): number {
  const raw = url.searchParams.get("after");
  if (raw === null || raw === "") return 0;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) {
    throw problem(400, "after must be a non-negative integer (the nextCursor of the previous poll)", {
      errors: [{ field: "after", message: "Must be a non-negative integer" }],
    });
  }
  return value;
}

/**
 * GET /api/mt5/queue?after=<id>&limit=N (API key or session): the caller's
 * MT5 queue entries due now, oldest first,
 * `{items: [{id, queuedAt, version, changedAt, auto, remaining, signal}], nextCursor}`.
 * An entry is offered until `POST /api/mt5/ack` acknowledges its version:
 * past `after`, new or changed since last offered, or 60 s after it was
 * offered (docs/decisions/0052-mt5-auto-send-and-acks.md). Poll with
 * `?after=nextCursor` (also the `Link: rel="next"` header). 403 naming the
 * caller's plan when it does not include the MT5 order queue.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const refusal = channelRefusal(getPlanFeatures(user.id, user.role), "mt5");
  if (refusal) throw problem(403, refusal, { title: "Not included in your plan" });
  const url = new URL(request.url);
  const after = parseAfter(url);
  const limit = parseLimit(url);
  const page = listMt5Queue(user.id, { after, limit });
  return apiJsonOf(mt5QueuePageSchema, page, { headers: { Link: nextPageLink(url, { after: String(page.nextCursor) }) } });
});

export const action = readOnlyAction();
