/** The public catalogue: strategies and blog posts. */
import type { toApiPost, toApiPostSummary } from "~/models/blog.server";
import type { ApiStrategy } from "~/models/strategies.server";
import { isoDateTime } from "./common";
import { z } from "./zod";

/** A strategy of the catalogue. */
export const apiStrategySchema: z.ZodType<ApiStrategy> = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    slug: z.string().openapi({ example: "alpha-swing" }),
    name: z.string().openapi({ example: "Alpha Swing" }),
    description: z.string(),
    riskClass: z.string().openapi({ example: "Balanced" }),
    timeframes: z.string().openapi({ example: "H4, D1" }),
    instruments: z.string().openapi({ example: "EURUSD, GBPUSD, AUDUSD, NZDUSD, USDJPY, USDCAD" }),
    avgDuration: z.string().nullable().openapi({ example: "3-5 days" }),
    winRate: z.number().min(0).max(100).nullable().openapi({ description: "Percent of winning trades.", example: 68 }),
    methodology: z.string().nullable(),
    isActive: z.boolean().openapi({ example: true }),
    createdAt: isoDateTime,
  })
  .strict()
  .openapi({ ref: "Strategy" });

export const apiStrategyListSchema = z.array(apiStrategySchema).openapi({ ref: "StrategyList" });

const postFields = {
  id: z.number().int().openapi({ example: 1 }),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  category: z.string().openapi({ example: "Strategy Notes" }),
};

/** A blog post; `content` is sanitised HTML (null for excerpt-only posts). */
export const apiPostSchema: z.ZodType<ReturnType<typeof toApiPost>> = z
  .object({
    ...postFields,
    content: z.string().nullable().openapi({ description: "Sanitised HTML." }),
    publishedAt: isoDateTime,
    createdAt: isoDateTime,
  })
  .strict()
  .openapi({ ref: "Post" });

/** A post in a list: without `content` unless the list was asked for it (`include=content`). */
export const apiPostListItemSchema: z.ZodType<ReturnType<typeof toApiPostSummary> | ReturnType<typeof toApiPost>> = z
  .object({
    ...postFields,
    content: z.string().nullable().optional().openapi({ description: "Sanitised HTML; only with `include=content`." }),
    publishedAt: isoDateTime,
    createdAt: isoDateTime,
  })
  .strict()
  .openapi({ ref: "PostListItem" });

export const apiPostListSchema = z.array(apiPostListItemSchema).openapi({ ref: "PostList" });
