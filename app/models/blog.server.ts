/**
 * Insights blog posts (spec sections 2, 3 "Blog post", 7 /api/blog) and the
 * newsletter subscriber list.
 */
import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { blogPosts, newsletterSubscribers, type BlogPost } from "../../db/schema";
import { sanitizePostHtml } from "~/domain/sanitize";
import { keysetCondition, type KeysetPage } from "~/models/keyset.server";
import { getDb } from "~/platform/db.server";

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

/** Posts newest first (by publishedAt, then id), optionally searched, filtered by category and paged. */
export function listPosts({ limit, q, category, page }: ListPostsOptions): BlogPost[] {
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
  const rows = getDb()
    .select()
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
 * Up to `limit` other posts: same category first, then the newest of the rest.
 * Never includes `post` itself.
 */
export function relatedPosts(post: Pick<BlogPost, "id" | "category">, limit = 3): BlogPost[] {
  return getDb()
    .select()
    .from(blogPosts)
    .where(ne(blogPosts.id, post.id))
    .orderBy(
      sql`CASE WHEN ${blogPosts.category} = ${post.category} THEN 0 ELSE 1 END`,
      desc(blogPosts.publishedAt),
      desc(blogPosts.id),
    )
    .limit(limit)
    .all();
}

/** The API shape of a post (spec section 3): content is sanitised HTML (or null), times ISO strings. */
export function toApiPost(post: BlogPost) {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    content: post.content ? sanitizePostHtml(post.content) : null,
    publishedAt: post.publishedAt.toISOString(),
    createdAt: post.createdAt.toISOString(),
  };
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
