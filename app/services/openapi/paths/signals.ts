/** OpenAPI paths of signals, their ledger events and the ledger. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { limitParam } from "~/schemas/api/common";
import { apiSignalListSchema, ledgerHeadSchema, ledgerPageSchema, signalEventsSchema } from "~/schemas/api/signals";
import { z } from "~/schemas/api/zod";
import { jsonResponse, notModifiedResponse, problemResponses, SECURITY } from "../responses";

const LOCKED_NOTE = "Open (PENDING or ACTIVE) signals of strategies the caller is not entitled to come with `locked: true` and null levels.";

export const signalPaths: ZodOpenApiPathsObject = {
  "/api/signals": {
    get: {
      operationId: "listSignals",
      tags: ["Signals"],
      summary: "List signals",
      description: `Signals of every strategy, newest first, optionally filtered by status and strategy. ${LOCKED_NOTE}`,
      security: [...SECURITY.optional],
      requestParams: {
        query: z.object({
          limit: limitParam,
          status: z
            .string()
            .optional()
            .openapi({ description: "Comma list of PENDING, ACTIVE, CLOSED, CANCELLED, EXPIRED (case-insensitive).", example: "PENDING,ACTIVE" }),
          strategyId: z.coerce.number().int().min(1).optional().openapi({ description: "Only this strategy's signals; 400 when it does not exist.", example: 1 }),
        }),
      },
      responses: {
        "200": jsonResponse(apiSignalListSchema, "The signals.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 429),
      },
    },
  },
  "/api/signals/strategy/{strategyId}": {
    get: {
      operationId: "listStrategySignals",
      tags: ["Signals"],
      summary: "List one strategy's signals",
      description: `One strategy's signals, newest first. ${LOCKED_NOTE}`,
      security: [...SECURITY.optional],
      requestParams: {
        path: z.object({ strategyId: z.coerce.number().int().min(1).openapi({ description: "The strategy's id.", example: 1 }) }),
        query: z.object({ limit: limitParam }),
      },
      responses: {
        "200": jsonResponse(apiSignalListSchema, "The signals.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
  "/api/signals/{id}/events": {
    get: {
      operationId: "listSignalEvents",
      tags: ["Ledger"],
      summary: "List one signal's ledger events",
      description: "The signal's ledger events in seq order; while it is open, callers not entitled to its strategy get `payload` and `salt` null.",
      security: [...SECURITY.optional],
      requestParams: { path: z.object({ id: z.coerce.number().int().min(1).openapi({ description: "The signal's id.", example: 1 }) }) },
      responses: {
        "200": jsonResponse(signalEventsSchema, "The events.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
  "/api/ledger": {
    get: {
      operationId: "listLedger",
      tags: ["Ledger"],
      summary: "Read the ledger",
      description: "Ledger events oldest first after seq `after`; page on with `after=nextCursor` until it is null. Verify with `npm run ledger:verify` (docs/ledger.md).",
      security: [...SECURITY.optional],
      requestParams: {
        query: z.object({
          after: z.coerce.number().int().min(0).optional().openapi({ description: "The last seq already read (default 0).", example: 0 }),
          limit: limitParam,
        }),
      },
      responses: {
        "200": jsonResponse(ledgerPageSchema, "A page of events; `Link` names the next page unless this is the head.", { get: true, paged: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 429),
      },
    },
  },
  "/api/ledger/head": {
    get: {
      operationId: "getLedgerHead",
      tags: ["Ledger"],
      summary: "Get the ledger head",
      description: "The last event's seq, hash and time; publish or compare it to pin the chain.",
      security: [{}],
      responses: {
        "200": jsonResponse(ledgerHeadSchema, "The head.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(),
      },
    },
  },
};
