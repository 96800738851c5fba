import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteWebhook } from "~/models/webhooks.server";
import { parseWebhookId } from "~/schemas/webhooks";
import { apiHandler, applySecurityHeaders, methodNotAllowed, problem } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/webhooks/{id}: deletes the caller's endpoint and its delivery log. 204; 404 for an unknown or another user's id. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request);
  const id = parseWebhookId(params.id);
  if (id === null || !deleteWebhook(user.id, id)) return problem(404, "No webhook endpoint with that id");
  return new Response(null, { status: 204, headers: applySecurityHeaders(new Headers({ "Cache-Control": "no-store" })) });
});
