/** Insight categories in URLs: from a `?category=` value to the category, and from a category name to its slug. */
import { INSIGHT_CATEGORIES, type InsightCategory } from "~/content/insights";

/** The category for a `?category=` value (matched case-insensitively), or undefined when unknown or empty. */
export function categoryFromSlug(slug: string | null | undefined): InsightCategory | undefined {
  if (!slug) return undefined;
  const wanted = slug.trim().toLowerCase();
  return INSIGHT_CATEGORIES.find((c) => c.slug !== null && c.slug === wanted);
}

/** The URL slug of a blog category name (e.g. "Strategy Notes" → "strategy-notes"). */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
