import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createWebhook, listWebhooks, toWebhookView, WebhookLimitError, webhooksRefusal } from "~/models/webhooks.server";
import { webhookCreateSchema } from "~/schemas/webhooks";
import { webhookTargetProblem } from "~/services/channels/webhook-address.server";
import { webhookCreatedSchema, webhookListSchema } from "~/schemas/api/webhooks";
import { apiHandler, apiJsonOf, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";
import { apiCaller, withIdempotencyKey } from "~/services/idempotency.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/webhooks (session or API key): the caller's endpoints, `{items: [{id, url, eventTypes, createdAt, disabledAt, previousSecretExpiresAt}]}`, never a secret. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return apiJsonOf(webhookListSchema, { items: listWebhooks(user.id).map((row) => toWebhookView(row)) });
});

/**
 * POST /api/webhooks `{url, eventTypes}`: registers an endpoint (https only and
 * a public address unless WEBHOOK_ALLOW_PRIVATE=1; at most 5 per user).
 * @returns 201 `{id, url, eventTypes, secret}` — the only time the secret is shown;
 *   400 naming `url` or `eventTypes`; 403 naming the caller's plan when it does not
 *   include webhooks (docs/decisions/0157-plans-as-entitlements.md); 409 at the limit. Takes an `Idempotency-Key`
 *   (docs/decisions/0125-idempotency-keys.md): a retry gets the same endpoint and secret.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  return withIdempotencyKey(request, apiCaller(user), (request) => register(request, user));
});

/** Reads the body, refuses a plan without webhooks (403), validates and registers the endpoint for `user`. */
async function register(request: Request, user: { id: number; role: "user" | "admin" }): Promise<Response> {
  const body = await readJsonBody(request);
  const notIncluded = webhooksRefusal(user.id, user.role);
  if (notIncluded) return problem(403, notIncluded, { title: "Not included in your plan" });
  const userId = user.id;
  const parsed = webhookCreateSchema.safeParse(body);
  if (!parsed.success) return validationProblem(parsed.error);
  const refusal = await webhookTargetProblem(parsed.data.url);
  if (refusal) return problem(400, `url: ${refusal}`, { errors: [{ field: "url", message: refusal }] });
  try {
    const { endpoint, secret } = createWebhook(userId, parsed.data);
    const view = toWebhookView(endpoint);
    return apiJsonOf(webhookCreatedSchema, { id: view.id, url: view.url, eventTypes: view.eventTypes, secret }, 201);
  } catch (error) {
    if (error instanceof WebhookLimitError) return problem(409, error.message);
    throw error;
  }
}
