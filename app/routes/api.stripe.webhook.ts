import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, apiHandler, methodNotAllowed, problem, readTextBody } from "~/services/http.server";
import { stripeBilling, verifiedEvent } from "~/services/stripe.server";
import { handleStripeEvent } from "~/services/stripe-webhook.server";

/** Largest event accepted, in bytes (Stripe's subscription and invoice events are a few KB). */
const MAX_EVENT_BYTES = 64 * 1024;

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/stripe/webhook: Stripe's events. The raw body is verified with
 * `stripe.webhooks.constructEvent` against STRIPE_WEBHOOK_SECRET; that
 * signature, not a cookie or the Origin header, is what authorises it
 * (docs/decisions/0165-stripe-webhook-ordering.md).
 * @returns 200 `{received: true, outcome}` (`replay` for an event already
 *   handled: nothing changes); 400 for a missing or wrong signature (nothing
 *   changes); 404 in demo billing; 413 for a body over 64 KB.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!stripeBilling()) return problem(404, "Stripe billing is not enabled on this server");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return problem(400, "The Stripe-Signature header is missing", { errors: [{ field: "Stripe-Signature", message: "Required" }] });
  const body = await readTextBody(request, MAX_EVENT_BYTES);
  const event = verifiedEvent(body, signature);
  if (!event) return problem(400, "The Stripe-Signature header does not match the body", { errors: [{ field: "Stripe-Signature", message: "Invalid signature" }] });
  const outcome = handleStripeEvent(event, new Date());
  return apiJson({ received: true, outcome });
});
