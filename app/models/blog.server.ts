/**
 * Insights blog posts (spec sections 2, 3 "Blog post", 7 /api/blog) and the
 * newsletter subscriber list.
 *
 * A post's HTML is sanitised once, when it is written (`toStoredPost`, and
 * `backfillPostHtml` for rows stored before that): readers get the stored
 * `contentHtml` (docs/decisions/0062). Lists read no content at all unless asked.
 */
import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { blogPosts, newsletterSubscribers, type BlogPost } from "../../db/schema";
import { sanitizePostHtml } from "~/domain/sanitize";
import { keysetCondition, type KeysetPage } from "~/models/keyset.server";
import { getDb } from "~/platform/db.server";

/** A post as an author writes it: everything but the stored sanitised copy, which is derived here. */
export type NewPost = Omit<typeof blogPosts.$inferInsert, "contentHtml">;

/** A post without its body (raw or sanitised): what lists show. */
export type PostSummary = Omit<BlogPost, "content" | "contentHtml">;

/** A post with its sanitised body. */
export type PostWithHtml = PostSummary & Pick<BlogPost, "contentHtml">;

/** The columns of a `PostSummary`. */
const SUMMARY_COLUMNS = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
};

/** The HTML readers get for raw `content`: `sanitizePostHtml(content)`, or null when there is no content. */
function sanitisedHtml(content: string | null | undefined): string | null {
  return content ? sanitizePostHtml(content) : null;
}

/**
 * The row to store for `post`: the post with `contentHtml`, its content sanitised.
 * Every write of a post goes through this (the seed is the only writer today).
 */
export function toStoredPost(post: NewPost): typeof blogPosts.$inferInsert {
  return { ...post, contentHtml: sanitisedHtml(post.content) };
}

/**
 * Gives every post that has content but no sanitised copy its `contentHtml`:
 * posts stored before migration 0012, or all of them after a change of the
 * sanitising policy cleared the column. A no-op once done. Synchronous, one transaction.
 * @returns how many posts were sanitised.
 */
export function backfillPostHtml(db: Db = getDb()): number {
  return db.transaction((tx) => {
    const pending = tx
      .select({ id: blogPosts.id, content: blogPosts.content })
      .from(blogPosts)
      .where(and(isNull(blogPosts.contentHtml), isNotNull(blogPosts.content)))
      .all();
    for (const post of pending) {
      tx.update(blogPosts).set({ contentHtml: sanitisedHtml(post.content) }).where(eq(blogPosts.id, post.id)).run();
    }
    return pending.length;
  });
}

/** Longest search query accepted, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** Escapes LIKE wildcards (`%`, `_`) and the escape character itself (`\`). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `text`, case-insensitively, with `text` matched literally. */
function containsInsensitive(column: SQL | typeof blogPosts.title, text: string): SQL {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

interface ListPostsOptions {
  limit: number;
  /** Matched case-insensitively against the title or the excerpt. */
  q?: string | null;
  /** A category name (e.g. "Strategy Notes"), matched case-insensitively. */
  category?: string | null;
  /** Only the posts older (`before`) or newer (`after`) than a post's (publishedAt, id); `after` takes the nearest ones. */
  page?: KeysetPage;
}

/**
 * Posts newest first (by publishedAt, then id), optionally searched, filtered
 * by category and paged; without their bodies unless `withContent` (then with
 * the sanitised `contentHtml`).
 */
export function listPosts(options: ListPostsOptions & { withContent?: false }): PostSummary[];
export function listPosts(options: ListPostsOptions & { withContent: true }): PostWithHtml[];
export function listPosts(options: ListPostsOptions & { withContent?: boolean }): PostSummary[] | PostWithHtml[];
export function listPosts({ limit, q, category, page, withContent = false }: ListPostsOptions & { withContent?: boolean }): PostSummary[] | PostWithHtml[] {
  const conditions: SQL[] = [];
  const query = q?.trim();
  if (query) {
    conditions.push(or(containsInsensitive(blogPosts.title, query), containsInsensitive(sql`coalesce(${blogPosts.excerpt}, '')`, query))!);
  }
  const wantedCategory = category?.trim();
  if (wantedCategory) {
    conditions.push(eq(sql`lower(${blogPosts.category})`, wantedCategory.toLowerCase()));
  }
  const keyset = keysetCondition(blogPosts.publishedAt, blogPosts.id, page);
  if (keyset) conditions.push(keyset);
  const newer = page?.direction === "after";
  const columns: typeof SUMMARY_COLUMNS & { contentHtml?: typeof blogPosts.contentHtml } = withContent
    ? { ...SUMMARY_COLUMNS, contentHtml: blogPosts.contentHtml }
    : SUMMARY_COLUMNS;
  const rows: PostSummary[] = getDb()
    .select(columns)
    .from(blogPosts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...(newer ? [asc(blogPosts.publishedAt), asc(blogPosts.id)] : [desc(blogPosts.publishedAt), desc(blogPosts.id)]))
    .limit(limit)
    .all();
  return newer ? rows.reverse() : rows;
}

/** The post with `id`, or undefined. */
export function getPost(id: number): BlogPost | undefined {
  return getDb().select().from(blogPosts).where(eq(blogPosts.id, id)).get();
}

/** The post with `slug` (case-insensitive), or undefined. */
export function getPostBySlug(slug: string): BlogPost | undefined {
  if (!slug) return undefined;
  return getDb()
    .select()
    .from(blogPosts)
    .where(eq(sql`lower(${blogPosts.slug})`, slug.toLowerCase()))
    .get();
}

/**
 * Up to `limit` other posts: the newest of the same category first, then the
 * newest of the other categories. Never includes `post` itself. Two reads
 * bounded by `limit`: the category's through blog_posts_category_published_idx,
 * then, only when it has fewer than `limit` others, the newest `limit + 1`
 * posts of the whole blog. At most `sameCategory.length + 1` of those are of
 * the post's category (that is all the category holds), so the rest are at
 * least the `limit - sameCategory.length` newest others.
 */
export function relatedPosts(post: Pick<BlogPost, "id" | "category">, limit = 3): PostSummary[] {
  const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];
  const sameCategory = getDb()
    .select(SUMMARY_COLUMNS)
    .from(blogPosts)
    .where(and(eq(blogPosts.category, post.category), ne(blogPosts.id, post.id)))
    .orderBy(...newestFirst)
    .limit(limit)
    .all();
  if (sameCategory.length === limit) return sameCategory;
  const newest = getDb()
    .select(SUMMARY_COLUMNS)
    .from(blogPosts)
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .all();
  const others = newest.filter((candidate) => candidate.category !== post.category).slice(0, limit - sameCategory.length);
  return [...sameCategory, ...others];
}

/** The API shape of a post in a list without bodies (spec section 3 without `content`): times ISO strings. */
export function toApiPostSummary(post: PostSummary) {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    publishedAt: post.publishedAt.toISOString(),
    createdAt: post.createdAt.toISOString(),
  };
}

/** The API shape of a post (spec section 3): `content` is the stored sanitised HTML (or null), times ISO strings. */
export function toApiPost(post: PostWithHtml) {
  const { publishedAt, createdAt, ...summary } = toApiPostSummary(post);
  return { ...summary, content: post.contentHtml, publishedAt, createdAt };
}

/**
 * Adds `email` (trimmed, lower-cased) to the newsletter list. Subscribing twice
 * is not an error and adds no second row.
 * @returns whether a new row was created.
 */
export function subscribeToNewsletter(email: string): { created: boolean } {
  const result = getDb()
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .run();
  return { created: result.changes > 0 };
}
