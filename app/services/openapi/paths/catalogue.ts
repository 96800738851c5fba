/** OpenAPI paths of the public catalogue: strategies and blog posts. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { cursorParams, limitParam } from "~/schemas/api/common";
import { apiPostListSchema, apiPostSchema, apiStrategyListSchema, apiStrategySchema } from "~/schemas/api/catalogue";
import { strategyPerformanceSchema, trackRecordQueryParams } from "~/schemas/api/track-record";
import { z } from "~/schemas/api/zod";
import { jsonResponse, notModifiedResponse, problemResponses, SECURITY } from "../responses";
import { CURSOR_NOTE, pagedResponse } from "./signals";

const slugParam = z.object({ slug: z.string().openapi({ description: "The strategy's slug, or `all` for every strategy.", example: "alpha-swing" }) });

export const cataloguePaths: ZodOpenApiPathsObject = {
  "/api/strategies": {
    get: {
      operationId: "listStrategies",
      tags: ["Strategies"],
      summary: "List strategies",
      description: "Every strategy, in catalogue order. Public; an API key, when sent, is checked and counted.",
      security: [...SECURITY.optional],
      responses: {
        "200": jsonResponse(apiStrategyListSchema, "The strategies.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(401, 429),
      },
    },
  },
  "/api/strategies/{slug}": {
    get: {
      operationId: "getStrategy",
      tags: ["Strategies"],
      summary: "Get a strategy",
      security: [...SECURITY.optional],
      requestParams: { path: z.object({ slug: z.string().openapi({ description: "The strategy's slug.", example: "alpha-swing" }) }) },
      responses: {
        "200": jsonResponse(apiStrategySchema, "The strategy.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(401, 404, 429),
      },
    },
  },
  "/api/strategies/{slug}/performance": {
    get: {
      operationId: "getStrategyPerformance",
      tags: ["Strategies"],
      summary: "Get a strategy's live track record",
      description:
        "Computed from the strategy's closed signals (or every strategy's, for the slug `all`), net of spread, commission and slippage; every figure traces to ledger events. Public. The answer grows with the record: `equity.byTrade` has one point per closed trade of the period (narrow it with `from` and `to`; `equity.byDay` and `monthly` grow with the period only). It is made once per ledger state and query, and a request with its ETag in `If-None-Match` gets 304 without the body.",
      security: [...SECURITY.optional],
      requestParams: { path: slugParam, query: trackRecordQueryParams },
      responses: {
        "200": jsonResponse(strategyPerformanceSchema, "The track record.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
  "/api/strategies/{slug}/trades.csv": {
    get: {
      operationId: "getStrategyTradesCsv",
      tags: ["Strategies"],
      summary: "Download a strategy's closed trades as CSV",
      description:
        "One RFC 4180 row per closed signal, oldest first, with every per-trade figure of the track record. Public. A full export: its size follows the number of trades in the period (narrow it with `from` and `to`). It is made once per ledger state and period, and a request with its ETag in `If-None-Match` gets 304 without the body.",
      security: [...SECURITY.optional],
      requestParams: { path: slugParam, query: trackRecordQueryParams },
      responses: {
        "200": {
          description: "The trades (`Content-Disposition: attachment`).",
          content: { "text/csv": { schema: z.string().openapi({ description: "CSV with a header row." }) } },
        },
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 404, 429),
      },
    },
  },
  "/api/blog": {
    get: {
      operationId: "listPosts",
      tags: ["Blog"],
      summary: "List posts",
      description: `Posts newest first (publish time, then id), optionally searched and filtered by category; without their bodies unless \`include=content\` is given. ${CURSOR_NOTE}`,
      security: [...SECURITY.optional],
      requestParams: {
        query: z.object({
          limit: limitParam,
          q: z.string().max(200).optional().openapi({ description: "Case-insensitive match on title or excerpt (at most 200 characters).", example: "breakout" }),
          category: z.string().optional().openapi({ description: "A category name or its URL slug.", example: "strategy-notes" }),
          include: z.enum(["content"]).optional().openapi({ description: "`content`: each post with its sanitised HTML `content` (left out otherwise)." }),
          ...cursorParams("post"),
        }),
      },
      responses: {
        "200": pagedResponse(apiPostListSchema, "The posts."),
        "304": notModifiedResponse,
        ...problemResponses(400, 401, 429),
      },
    },
  },
  "/api/blog/{slug}": {
    get: {
      operationId: "getPost",
      tags: ["Blog"],
      summary: "Get a post",
      description: "One post; the slug is case-insensitive.",
      security: [...SECURITY.optional],
      requestParams: { path: z.object({ slug: z.string().openapi({ description: "The post's slug." }) }) },
      responses: {
        "200": jsonResponse(apiPostSchema, "The post.", { get: true }),
        "304": notModifiedResponse,
        ...problemResponses(401, 404, 429),
      },
    },
  },
};
