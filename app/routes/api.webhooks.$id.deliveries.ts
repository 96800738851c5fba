import type { LoaderFunctionArgs } from "@remix-run/node";
import { toDeliveryLogView } from "~/domain/delivery";
import { listTargetDeliveries } from "~/models/outbox.server";
import { getWebhook } from "~/models/webhooks.server";
import { parseWebhookId } from "~/schemas/webhooks";
import { deliveryLogListSchema } from "~/schemas/api/webhooks";
import { apiHandler, apiJsonOf, methodNotAllowed, parseLimit, problem } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/**
 * GET /api/webhooks/{id}/deliveries?limit=N (session or API key): the
 * endpoint's newest deliveries, `{items: [{id, eventType, seq, webhookId,
 * status, attempts, createdAt, sentAt, nextAttemptAt, lastStatusCode,
 * lastError, log: [{attempt, at, statusCode, latencyMs, responseExcerpt, error}]}]}`.
 * 404 for an unknown or another user's id.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const id = parseWebhookId(params.id);
  if (id === null || !getWebhook(user.id, id)) return problem(404, "No webhook endpoint with that id");
  const limit = parseLimit(new URL(request.url));
  return apiJsonOf(deliveryLogListSchema, { items: listTargetDeliveries(user.id, "webhook", id, limit).map(({ job, attempts }) => toDeliveryLogView(job, attempts)) });
});

export const action = () => methodNotAllowed(["GET"]);
