/** OpenAPI paths of the public catalogue: strategies and blog posts. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { limitParam } from "~/schemas/api/common";
import { apiPostListSchema, apiPostSchema, apiStrategyListSchema, apiStrategySchema } from "~/schemas/api/catalogue";
import { z } from "~/schemas/api/zod";
import { jsonResponse, notModifiedResponse, problemResponses, SECURITY } from "../responses";

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
  "/api/blog": {
    get: {
      operationId: "listPosts",
      tags: ["Blog"],
      summary: "List posts",
      description: "Posts newest first, optionally searched and filtered by category.",
      security: [...SECURITY.optional],
      requestParams: {
        query: z.object({
          limit: limitParam,
          q: z.string().max(200).optional().openapi({ description: "Case-insensitive match on title or excerpt (at most 200 characters).", example: "breakout" }),
          category: z.string().optional().openapi({ description: "A category name or its URL slug.", example: "strategy-notes" }),
        }),
      },
      responses: {
        "200": jsonResponse(apiPostListSchema, "The posts.", { get: true }),
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
