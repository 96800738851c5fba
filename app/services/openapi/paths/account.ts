/** OpenAPI paths of the caller's own account and MT5 queue. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { meSchema, apiUserSchema, strategyAccessSchema, userSubscriptionSchema } from "~/schemas/api/account";
import { limitParam } from "~/schemas/api/common";
import { mt5AckRequestSchema, mt5AckResultSchema, mt5QueuePageSchema } from "~/schemas/api/signals";
import { z } from "~/schemas/api/zod";
import { deleteAccountSchema } from "~/schemas/privacy";
import { jsonResponse, notModifiedResponse, problemResponses, SECURITY } from "../responses";

const signedIn = (operationId: string, summary: string, schema: Parameters<typeof jsonResponse>[0], description: string) => ({
  get: {
    operationId,
    tags: ["Account"],
    summary,
    description,
    security: [...SECURITY.required],
    responses: {
      "200": jsonResponse(schema, summary, { get: true }),
      "304": notModifiedResponse,
      ...problemResponses(401, 429),
    },
  },
});

export const accountPaths: ZodOpenApiPathsObject = {
  "/api/me": {
    ...signedIn("getMe", "Get my subscription, entitlements and accepted terms", meSchema, "The subscription (or the Free tier), the ids of the strategies whose live signals you see in full, and the versions of the Terms of Use and Privacy Policy you accepted."),
    delete: {
      operationId: "deleteMe",
      tags: ["Account"],
      summary: "Delete my account",
      description:
        "Schedules the account's deletion, confirmed with your password (and `code`, a two-factor or recovery code, when two-factor authentication is on). Every session ends at once; signing in within 14 days cancels the deletion; then the personal data is purged.",
      security: [...SECURITY.required],
      requestBody: { required: true, content: { "application/json": { schema: deleteAccountSchema } } },
      responses: {
        "202": jsonResponse(z.object({ deletionScheduledFor: z.string().datetime() }).strict(), "Scheduled; the purge runs at `deletionScheduledFor`."),
        ...problemResponses(400, 401, 405, 413, 415, 429),
      },
    },
  },
  "/api/me/export": {
    get: {
      operationId: "exportMe",
      tags: ["Account"],
      summary: "Download my data",
      description:
        "Everything tied to your account as one JSON file (an attachment), streamed table by table: `{exportedAt, userId, tables: {<table>: [rows]}}`. Secrets (password and key hashes, the two-factor secret, webhook secrets, session ids) are left out.",
      security: [...SECURITY.required],
      responses: {
        "200": jsonResponse(z.object({ exportedAt: z.string().datetime(), userId: z.number().int(), tables: z.record(z.array(z.record(z.unknown()))) }), "Your data.", { get: true }),
        ...problemResponses(401, 429),
      },
    },
  },
  "/api/auth/user": signedIn("getUser", "Get my user", apiUserSchema, "The signed-in user."),
  "/api/user/subscription": signedIn("getSubscription", "Get my subscription", userSubscriptionSchema, "The subscription; the Free tier has null dates."),
  "/api/user/strategy-access": signedIn("getStrategyAccess", "List my entitled strategies", strategyAccessSchema, "Ids of the strategies whose live signals you see in full."),
  "/api/mt5/queue": {
    get: {
      operationId: "pollMt5Queue",
      tags: ["MT5"],
      summary: "Poll my MT5 queue",
      description:
        "Signals you sent to MT5 or your strategies auto-sent, oldest first, each with the signal as it stands now and a `version` that grows with every later event (modified, closed…). An entry is offered until you acknowledge it with `POST /api/mt5/ack`: again on the first poll 60 s after it was offered, and as soon as it changes; an acknowledged entry never again until its signal changes. Poll with `after=nextCursor`; every few seconds is fine.",
      security: [...SECURITY.required],
      requestParams: {
        query: z.object({
          after: z.coerce.number().int().min(0).optional().openapi({ description: "The `nextCursor` of the previous poll (default 0).", example: 0 }),
          limit: limitParam,
        }),
      },
      responses: {
        "200": jsonResponse(mt5QueuePageSchema, "Queued signals; `Link` names the next poll.", { get: true, paged: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 403, 429),
      },
    },
  },
  "/api/mt5/ack": {
    post: {
      operationId: "acknowledgeMt5",
      tags: ["MT5"],
      summary: "Acknowledge MT5 queue entries",
      description: "The entries (`items[].id` of the queue) your Expert Advisor applied: they are not offered again until their signal changes. Ids that are not yours are listed in `unknown`.",
      security: [...SECURITY.required],
      requestBody: { required: true, content: { "application/json": { schema: mt5AckRequestSchema } } },
      responses: {
        "200": jsonResponse(mt5AckResultSchema, "What was acknowledged."),
        ...problemResponses(400, 401, 405, 413, 415, 429),
      },
    },
  },
};
