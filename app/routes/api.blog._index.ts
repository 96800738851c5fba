import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryFromSlug } from "~/domain/insight-categories";
import { listPosts, MAX_QUERY_LENGTH, toApiPost } from "~/models/blog.server";
import { apiPostListSchema } from "~/schemas/api/catalogue";
import { apiHandler, apiJsonOf, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/blog?limit=N&q=&category= — posts newest first (spec section 7:
 * `limit=12` for the list page, `limit=3` for related posts). Public.
 * - `limit`: 1 to 100, default 20 (400 otherwise).
 * - `q`: case-insensitive match on title or excerpt, at most 200 characters.
 * - `category`: a category name ("Strategy Notes") or its URL slug ("strategy-notes").
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  const url = new URL(request.url);
  const limit = parseLimit(url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  if (q.length > MAX_QUERY_LENGTH) {
    return problem(400, `q must be at most ${MAX_QUERY_LENGTH} characters`, {
      errors: [{ field: "q", message: `Must be at most ${MAX_QUERY_LENGTH} characters` }],
    });
  }
  const rawCategory = url.searchParams.get("category")?.trim() ?? "";
  const category = categoryFromSlug(rawCategory)?.category ?? rawCategory;
  return apiJsonOf(apiPostListSchema, listPosts({ limit, q, category }).map(toApiPost));
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
