/** OpenAPI paths of the admin signal endpoints. */
import type { ZodTypeAny } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  cancelRequestSchema,
  closeRequestSchema,
  modifyRequestSchema,
  partialCloseRequestSchema,
  pricesRequestSchema,
  pricesResultSchema,
  publishSignalRequestSchema,
  triggerRequestSchema,
} from "~/schemas/api/admin";
import { apiSignalSchema } from "~/schemas/api/signals";
import { z } from "~/schemas/api/zod";
import { idempotencyKeyHeader, idempotentProblemResponses, jsonResponse, SECURITY } from "../responses";

function transition(name: string, operationId: string, summary: string, body: ZodTypeAny): ZodOpenApiPathsObject {
  return {
    [`/api/admin/signals/{id}/${name}`]: {
      post: {
        operationId,
        tags: ["Admin"],
        summary,
        security: [...SECURITY.required],
        requestParams: {
          path: z.object({ id: z.coerce.number().int().min(1).openapi({ description: "The signal's id.", example: 1 }) }),
          header: idempotencyKeyHeader,
        },
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: {
          "200": jsonResponse(apiSignalSchema, "The updated signal."),
          ...idempotentProblemResponses("The signal's state does not allow this transition.", 400, 401, 403, 404, 405, 413, 415, 429),
        },
      },
    },
  };
}

export const adminPaths: ZodOpenApiPathsObject = {
  "/api/admin/signals": {
    post: {
      operationId: "publishSignal",
      tags: ["Admin"],
      summary: "Publish a signal",
      description: "A market entry is ACTIVE at once; limit and stop entries are PENDING. Invalid fields are named as sent (e.g. `tpJson.tp1`).",
      security: [...SECURITY.required],
      requestParams: { header: idempotencyKeyHeader },
      requestBody: { required: true, content: { "application/json": { schema: publishSignalRequestSchema } } },
      responses: {
        "201": jsonResponse(apiSignalSchema, "The published signal."),
        ...idempotentProblemResponses(null, 400, 401, 403, 405, 413, 415, 429),
      },
    },
  },
  ...transition("trigger", "triggerSignal", "Trigger a pending signal", triggerRequestSchema),
  ...transition("modify", "modifySignal", "Move a signal's levels", modifyRequestSchema),
  ...transition("partial-close", "partiallyCloseSignal", "Close part of a position", partialCloseRequestSchema),
  ...transition("close", "closeSignal", "Close a signal", closeRequestSchema),
  ...transition("cancel", "cancelSignal", "Cancel a pending signal", cancelRequestSchema),
  "/api/admin/prices": {
    post: {
      operationId: "postPriceBars",
      tags: ["Admin"],
      summary: "Resolve open signals from price bars",
      description:
        "OHLC bars replayed against the open signals: pending entries are triggered when touched, active signals close at their stop or target (the stop first when one bar touches both), overdue ones expire. Idempotent; bars at once or one by one give the same state. A bar dated in the future is refused naming it (`bars[3].time`). Body up to 4 MB.",
      security: [...SECURITY.required],
      requestParams: {
        header: idempotencyKeyHeader,
        query: z.object({ dryRun: z.enum(["1", "0"]).optional().openapi({ description: "1: answer what the bars would do (`preview`) without writing anything." }) }),
      },
      requestBody: { required: true, content: { "application/json": { schema: pricesRequestSchema } } },
      responses: {
        "200": jsonResponse(pricesResultSchema, "What the bars changed."),
        ...idempotentProblemResponses(null, 400, 401, 403, 405, 413, 415, 429),
      },
    },
  },
};
