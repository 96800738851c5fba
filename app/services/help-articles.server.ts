/**
 * The Help Center's articles: one Markdown file per article,
 * `app/content/help/<slug>.md`, front matter `title`, `summary`, `category`
 * (an id of HELP_CATEGORIES) and `order` (position in its category), rendered
 * by the same renderer as the legal pages (parseMarkdownDocument). Files are
 * read once per process: they ship with the build and never change while it runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HELP_CATEGORIES, type HelpCategoryId } from "~/content/help-center";
import { parseMarkdownDocument, type TocEntry } from "~/domain/markdown-document";

/** Folder of the help articles, relative to the project root (the server's working directory). */
export const HELP_DIR = join(process.cwd(), "app", "content", "help");

/** One article, rendered. `text` is its body's plain text (what the search index holds). */
export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  category: HelpCategoryId;
  order: number;
  html: string;
  toc: TocEntry[];
  text: string;
}

/** An article as lists show it. */
export type HelpArticleSummary = Pick<HelpArticle, "slug" | "title" | "summary" | "category">;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
let cache: HelpArticle[] | undefined;

function parseArticle(file: string, source: string): HelpArticle {
  const slug = file.replace(/\.md$/, "");
  if (!SLUG.test(slug)) throw new Error(`help/${file}: the file name must be a lower-case slug`);
  const parsed = parseMarkdownDocument(source);
  const { title, summary, category, order } = parsed.data;
  if (typeof title !== "string" || typeof summary !== "string" || typeof order !== "number") {
    throw new Error(`help/${file}: front matter needs title and summary as strings and order as a number`);
  }
  if (!HELP_CATEGORIES.some((c) => c.id === category)) throw new Error(`help/${file}: unknown category ${String(category)}`);
  return { slug, title, summary, category: category as HelpCategoryId, order, html: parsed.html, toc: parsed.toc, text: parsed.text };
}

/**
 * Every article, by category (HELP_CATEGORIES order), then `order`, then title.
 * @throws Error naming the file when an article's front matter is incomplete.
 */
export function listHelpArticles(): HelpArticle[] {
  if (cache) return cache;
  const rank = (id: HelpCategoryId) => HELP_CATEGORIES.findIndex((c) => c.id === id);
  cache = readdirSync(HELP_DIR)
    .filter((file) => file.endsWith(".md"))
    .map((file) => parseArticle(file, readFileSync(join(HELP_DIR, file), "utf8")))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.order - b.order || a.title.localeCompare(b.title));
  return cache;
}

/** The article at `slug`, or null. */
export function getHelpArticle(slug: string): HelpArticle | null {
  return listHelpArticles().find((article) => article.slug === slug) ?? null;
}

/** The categories with their articles' summaries, empty categories left out. */
export function helpCategoriesWithArticles(): { id: HelpCategoryId; title: string; description: string; articles: HelpArticleSummary[] }[] {
  const articles = listHelpArticles();
  return HELP_CATEGORIES.map((category) => ({
    ...category,
    articles: articles.filter((a) => a.category === category.id).map(({ slug, title, summary, category: id }) => ({ slug, title, summary, category: id })),
  })).filter((category) => category.articles.length > 0);
}
