/**
 * Shapes shared by every /api operation: RFC 9457 problem details, ISO 8601
 * times and the list page size.
 */
import { z } from "./zod";

/** Page-size bounds for list endpoints (DESIGN.md: 1 to 100, default 20). */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** An ISO 8601 UTC date-time as the API writes it (`2026-11-23T09:30:00.000Z`). */
export const isoDateTime = z.string().datetime().openapi({ example: "2026-11-23T09:30:00.000Z" });

/** One invalid field of a 400 problem, named as the client sent it (dotted path). */
export const fieldErrorSchema = z
  .object({
    field: z.string().openapi({ example: "limit" }),
    message: z.string().openapi({ example: "Must be an integer from 1 to 100" }),
  })
  .strict()
  .openapi({ ref: "FieldError" });

/** RFC 9457 problem details, the body of every 4xx and 5xx /api answer (`application/problem+json`). */
export const problemSchema = z
  .object({
    type: z.string().openapi({ example: "about:blank" }),
    title: z.string().openapi({ example: "Invalid request" }),
    status: z.number().int().min(400).max(599).openapi({ example: 400 }),
    detail: z.string().openapi({ example: "limit must be an integer from 1 to 100" }),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .strict()
  .openapi({ ref: "Problem", description: "RFC 9457 problem details; `errors` lists each invalid field on a 400." });

/** `?limit=`: page size, 1 to 100, default 20. */
export const limitParam = z.coerce
  .number()
  .int()
  .min(LIST_LIMIT.min)
  .max(LIST_LIMIT.max)
  .default(LIST_LIMIT.default)
  .openapi({
    param: { name: "limit", in: "query", description: `Page size, ${LIST_LIMIT.min} to ${LIST_LIMIT.max} (default ${LIST_LIMIT.default}).` },
    example: LIST_LIMIT.default,
  });

/**
 * `?before=` / `?after=` of a cursor-paged list (docs/decisions/0059-list-cursor-pagination.md):
 * an item's id; at most one of them.
 */
export function cursorParams(noun: string) {
  return {
    before: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: `The ${noun}s that come after the ${noun} with this id in the list (older): the \`X-Next-Cursor\` of the previous page. Not with \`after\`.`, example: 120 }),
    after: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: `The ${noun}s that come before the ${noun} with this id in the list (newer), the nearest ones first cut at \`limit\`. Not with \`before\`.`, example: 140 }),
  };
}
