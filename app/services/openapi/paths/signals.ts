/** OpenAPI paths of signals, their ledger events and the ledger. */
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { cursorParams, limitParam } from "~/schemas/api/common";
import { checkpointSchema, consistencyProofSchema, inclusionProofSchema, ledgerPublicKeySchema } from "~/schemas/api/ledger";
import { apiSignalListSchema, ledgerHeadSchema, ledgerPageSchema, signalEventsSchema } from "~/schemas/api/signals";
import { z } from "~/schemas/api/zod";
import { jsonResponse, notModifiedResponse, problemResponses, SECURITY } from "../responses";

/** Headers of a cursor-paged list's answer (docs/decisions/0059-list-cursor-pagination.md). */
export const CURSOR_HEADERS = {
  Link: {
    description: 'RFC 8288 links to the neighbouring pages, present when they exist: `<…?before=<nextCursor>&…>; rel="next"` (older), `<…?after=<id>&…>; rel="prev"` (newer, only on a page reached with a cursor).',
    schema: { type: "string" },
  },
  "X-Next-Cursor": {
    description: "The `before` of the next (older) page: the id of this page's last item. Absent on the last page.",
    schema: { type: "string" },
  },
} as const;

/** How the list pages, for the descriptions. */
export const CURSOR_NOTE =
  "Paged by cursor: pass `before` (the `X-Next-Cursor` header, or follow `Link` rel=\"next\") for older items, `after` for newer ones; the body stays a plain array.";

const LOCKED_NOTE = "Open (PENDING or ACTIVE) signals of strategies the caller is not entitled to come with `locked: true` and null levels.";

/** A GET answer of a cursor-paged list: the JSON array and its paging headers. */
export function pagedResponse(schema: Parameters<typeof jsonResponse>[0], description: string): ZodOpenApiResponseObject {
  const response = jsonResponse(schema, description, { get: true });
  // jsonResponse's headers are a plain map of header objects and references.
  return { ...response, headers: { ...(response.headers as Record<string, object>), ...CURSOR_HEADERS } } as ZodOpenApiResponseObject;
}

export const signalPaths: ZodOpenApiPathsObject = {
  "/api/signals": {
    get: {
      operationId: "listSignals",
      tags: ["Signals"],
      summary: "List signals",
      description: `Signals of every strategy, newest first (creation time, then id), optionally filtered by status and strategy. ${CURSOR_NOTE} ${LOCKED_NOTE}`,
      security: [...SECURITY.optional],
      requestParams: {
        query: z.object({
          limit: limitParam,
          status: z
            .string()
            .optional()
            .openapi({ description: "Comma list of PENDING, ACTIVE, CLOSED, CANCELLED, EXPIRED (case-insensitive).", example: "PENDING,ACTIVE" }),
          strategyId: z.coerce.number().int().min(1).optional().openapi({ description: "Only this strategy's signals; 400 when it does not exist.", example: 1 }),
          ...cursorParams("signal"),
        }),
      },
      responses: {
        "200": pagedResponse(apiSignalListSchema, "The signals."),
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
      description: `One strategy's signals, newest first (creation time, then id). ${CURSOR_NOTE} ${LOCKED_NOTE}`,
      security: [...SECURITY.optional],
      requestParams: {
        path: z.object({ strategyId: z.coerce.number().int().min(1).openapi({ description: "The strategy's id.", example: 1 }) }),
        query: z.object({ limit: limitParam, ...cursorParams("signal") }),
      },
      responses: {
        "200": pagedResponse(apiSignalListSchema, "The signals."),
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
  "/api/ledger/checkpoint": {
    get: {
      operationId: "getLedgerCheckpoint",
      tags: ["Ledger"],
      summary: "Get a signed checkpoint",
      description:
        "The RFC 9162 Merkle tree head of the ledger (leaves: the 32 bytes of each row's hash, in seq order), signed with Ed25519 over a C2SP tlog-checkpoint note. Keep it; `npm run ledger:verify -- --checkpoint FILE` or `npm run ledger:witness` later proves the log still extends it.",
      security: [{}],
      responses: { "200": jsonResponse(checkpointSchema, "The checkpoint.", { get: true }), "304": notModifiedResponse, ...problemResponses() },
    },
  },
  "/api/ledger/public-key": {
    get: {
      operationId: "getLedgerPublicKey",
      tags: ["Ledger"],
      summary: "Get the checkpoint signing key",
      description: "The Ed25519 public key checkpoints are signed with, and its C2SP key ID.",
      security: [{}],
      responses: { "200": jsonResponse(ledgerPublicKeySchema, "The key.", { get: true }), "304": notModifiedResponse, ...problemResponses() },
    },
  },
  "/api/ledger/proof/inclusion": {
    get: {
      operationId: "getLedgerInclusionProof",
      tags: ["Ledger"],
      summary: "Prove a row is in the log",
      description: "RFC 9162 §2.1.3 inclusion proof of row `seq` in the tree of the first `treeSize` rows; verify it against a checkpoint's root.",
      security: [{}],
      requestParams: {
        query: z.object({
          seq: z.coerce.number().int().min(1).openapi({ description: "The row (leaf index seq − 1).", example: 1 }),
          treeSize: z.coerce.number().int().min(1).optional().openapi({ description: "Tree size (default: the current one).", example: 42 }),
        }),
      },
      responses: { "200": jsonResponse(inclusionProofSchema, "The proof.", { get: true }), "304": notModifiedResponse, ...problemResponses(400) },
    },
  },
  "/api/ledger/proof/consistency": {
    get: {
      operationId: "getLedgerConsistencyProof",
      tags: ["Ledger"],
      summary: "Prove the log only grew",
      description: "RFC 9162 §2.1.4 proof that the tree of the first `from` rows is a prefix of the tree of the first `to` rows.",
      security: [{}],
      requestParams: {
        query: z.object({
          from: z.coerce.number().int().min(1).openapi({ description: "The older tree size (a checkpoint you kept).", example: 1 }),
          to: z.coerce.number().int().min(1).optional().openapi({ description: "The newer tree size (default: the current one).", example: 42 }),
        }),
      },
      responses: { "200": jsonResponse(consistencyProofSchema, "The proof.", { get: true }), "304": notModifiedResponse, ...problemResponses(400) },
    },
  },
};
