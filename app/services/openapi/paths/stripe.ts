/**
 * OpenAPI path of the Stripe webhook (the endpoint Stripe calls with billing
 * events; docs/decisions/0165-stripe-webhook-ordering.md).
 */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "~/schemas/api/zod";
import { jsonResponse, problemResponses } from "../responses";

const stripeEventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_1QabcXYZ" }),
    object: z.literal("event"),
    type: z.string().openapi({ example: "customer.subscription.updated" }),
    created: z.number().int().openapi({ description: "Unix seconds." }),
    data: z.object({ object: z.record(z.unknown()) }),
  })
  .passthrough()
  .openapi({ description: "A Stripe event, as Stripe sends it." });

const stripeWebhookReplySchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["replay", "applied", "stale", "ignored"]).openapi({
    description: "`replay`: the event id was already handled, nothing changed; `stale`: older than the state stored; `ignored`: not about a subscriber of this site.",
  }),
});

export const stripePaths: ZodOpenApiPathsObject = {
  "/api/stripe/webhook": {
    post: {
      operationId: "stripeWebhook",
      tags: ["Billing"],
      summary: "Receive billing events (called by Stripe)",
      description: [
        "Stripe posts billing events here. The raw body is verified against the `Stripe-Signature` header with the server's STRIPE_WEBHOOK_SECRET; a missing or wrong signature is refused with 400 and changes nothing.",
        "Each event id is handled once (a redelivery answers 200 with `outcome: replay`). Subscription events apply in `created` order.",
        "Handled: checkout.session.completed, customer.subscription.created|updated|deleted|paused|resumed|trial_will_end, invoice.paid, invoice.payment_failed, invoice.finalized.",
        "404 in demo billing (no STRIPE_SECRET_KEY).",
      ].join(" "),
      security: [{}],
      requestParams: {
        header: z.object({ "Stripe-Signature": z.string().openapi({ description: "Stripe's signature of the body: `t=<unix seconds>,v1=<HMAC-SHA256 hex>`." }) }),
      },
      requestBody: { required: true, content: { "application/json": { schema: stripeEventSchema } } },
      responses: {
        "200": jsonResponse(stripeWebhookReplySchema, "The event was verified and handled (or was already)."),
        ...problemResponses(400, 404, 405, 413),
      },
    },
  },
};
