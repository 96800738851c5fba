import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryFromSlug } from "~/domain/insight-categories";
import { listPosts, MAX_QUERY_LENGTH, toApiPost, toApiPostSummary, type PostSummary } from "~/models/blog.server";
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
 * - `include=content`: each post with its sanitised `content`; without it the
 *   posts come without bodies (docs/decisions/0062). Any other value is a 400.
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
  const include = url.searchParams.get("include");
  if (include !== null && include !== "content") {
    return problem(400, "include must be content", { errors: [{ field: "include", message: "Must be content" }] });
  }
  const rawCategory = url.searchParams.get("category")?.trim() ?? "";
  const filters = { q, category: categoryFromSlug(rawCategory)?.category ?? rawCategory };
  const cursor = parseCursor(url, postPosition, "post");
  const position = (post: PostSummary) => ({ time: post.publishedAt, id: post.id });
  if (include === "content") {
    const page = paginate(cursor, limit, (keyset, n) => listPosts({ ...filters, limit: n, page: keyset, withContent: true }), position);
    return apiJsonOf(apiPostListSchema, page.items.map(toApiPost), { headers: pageHeaders(url, page) });
  }
  const page = paginate(cursor, limit, (keyset, n) => listPosts({ ...filters, limit: n, page: keyset }), position);
  return apiJsonOf(apiPostListSchema, page.items.map(toApiPostSummary), { headers: pageHeaders(url, page) });
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
