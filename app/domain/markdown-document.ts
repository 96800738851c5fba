/**
 * The site's own Markdown documents (legal pages in app/content/legal, help
 * articles in app/content/help): YAML front matter between `---` lines, then
 * Markdown rendered to sanitised HTML with an id on every h2/h3 and a table
 * of contents built from them. Pure: the caller reads the file.
 *
 * Markdown: `marked` (CommonMark + GFM tables); sanitising: sanitize-html
 * (docs/decisions/0110).
 */
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { sanitizeDocumentHtml } from "./sanitize";

/** One table-of-contents entry: a heading's level (2 or 3), its plain text and its anchor id. */
export interface TocEntry {
  level: 2 | 3;
  text: string;
  id: string;
}

/** A rendered document: its front matter, sanitised HTML body, contents and plain text (for search). */
export interface MarkdownDocument {
  data: Record<string, unknown>;
  html: string;
  toc: TocEntry[];
  text: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** A heading's anchor: lower-case words joined by `-` (`"7. Refunds & cancellation"` → `"7-refunds-cancellation"`). */
export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

/** The plain text of inline Markdown tokens (emphasis, links and code reduced to their words). */
function plainText(tokens: Tokens.Generic[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens.map((token) => ("tokens" in token && token.tokens ? plainText(token.tokens, token.text ?? "") : (token.text ?? ""))).join("");
}

/**
 * Parses `source` (front matter + Markdown).
 * @returns the front matter as an object (empty when there is none), the body as sanitised HTML,
 *   the h2/h3 contents in order (ids made unique with `-2`, `-3`… suffixes) and the body's plain text.
 * @throws Error when the front matter is not a YAML mapping.
 */
export function parseMarkdownDocument(source: string): MarkdownDocument {
  const match = FRONT_MATTER.exec(source);
  const data: unknown = match ? parseYaml(match[1]!) : {};
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error("front matter must be a YAML mapping");
  const body = match ? source.slice(match[0].length) : source;
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        const inner = this.parser.parseInline(tokens);
        const words = plainText(tokens as Tokens.Generic[], text);
        const base = slugifyHeading(words) || "section";
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        if (depth === 2 || depth === 3) toc.push({ level: depth, text: words, id });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = sanitizeDocumentHtml(marked.parse(body, { async: false }));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return { data: data as Record<string, unknown>, html, toc, text };
}

/**
 * Orders dotted version strings numerically (`"1.10"` after `"1.9"`).
 * @returns negative when `a` is older than `b`, 0 when equal, positive when newer.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
