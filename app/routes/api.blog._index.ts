import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryFromSlug } from "~/domain/insight-categories";
import { listPosts, MAX_QUERY_LENGTH, toApiPost } from "~/models/blog.server";
import { apiPostListSchema } from "~/schemas/api/catalogue";
import { apiHandler, apiJsonOf, parseLimit, problem, readOnlyAction } from "~/services/http.server";
import { pageHeaders, paginate, parseCursor, postPosition } from "~/services/pagination.server";
import { getApiCaller } from "~/services/session.server";

/**
 * GET /api/blog?limit=N&q=&category=&before=ID|after=ID — posts newest first
 * (by publish time, then id; spec section 7: `limit=12` for the list page,
 * `limit=3` for related posts). Public.
 * - `limit`: 1 to 100, default 20 (400 otherwise).
 * - `q`: case-insensitive match on title or excerpt, at most 200 characters.
 * - `category`: a category name ("Strategy Notes") or its URL slug ("strategy-notes").
 * - `before` / `after`: a post id; the posts older / newer than it (cursors in
 *   the `Link` and `X-Next-Cursor` headers, docs/decisions/0059; 400 naming them when invalid).
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
  const cursor = parseCursor(url, postPosition, "post");
  const page = paginate(
    cursor,
    limit,
    (keyset, n) => listPosts({ limit: n, q, category, page: keyset }),
    (post) => ({ time: post.publishedAt, id: post.id }),
  );
  return apiJsonOf(apiPostListSchema, page.items.map(toApiPost), { headers: pageHeaders(url, page) });
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
