import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiLedgerEvent } from "~/domain/signals";
import { listSignalEvents, signalVerdict } from "~/models/ledger.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { signalEventsSchema } from "~/schemas/api/signals";
import { apiHandler, apiJsonOf, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/signals/{id}/events: one signal's ledger events in seq order, as
 * `{signalId, verified, events}`. Public; while the signal is PENDING or ACTIVE, a
 * caller not entitled to its strategy gets `payload` and `salt` null.
 * `verified` is checked on the full stored events before any is hidden
 * (`signalVerdict`: hashes, links, and the row against the fold of its events).
 * 400 for an id that is not a positive integer, 404 for an unknown signal.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const signalId = Number(params.id);
  if (!Number.isSafeInteger(signalId) || signalId < 1) {
    return problem(400, "id must be a positive integer", { errors: [{ field: "id", message: "Must be a positive integer" }] });
  }
  const caller = await getApiCaller(request);
  const events = listSignalEvents(signalId, getEntitlements(caller).strategyIds);
  if (!events) return problem(404, `No signal with id ${signalId}`);
  const verified = signalVerdict(signalId)?.verified ?? false;
  return apiJsonOf(signalEventsSchema, { signalId, verified, events: events.map(toApiLedgerEvent) });
}, { access: "public" });

export const action = readOnlyAction("public");
