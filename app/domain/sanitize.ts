/**
 * Article HTML and excerpt helpers for the insights blog (spec sections 2
 * "Insight article" and 9: related excerpts cut at 100 characters, read time
 * fixed at 5 minutes).
 *
 * Pure functions, no I/O. `sanitizePostHtml` pulls in sanitize-html, so call it
 * from loaders / models (server side) and send the cleaned HTML to the browser.
 */
import sanitizeHtml from "sanitize-html";

/** Spec section 9: read time is fixed at 5 minutes. */
export const READ_TIME_LABEL = "5 min read";

/** Spec section 9: related-post excerpts are cut at 100 characters. */
const RELATED_EXCERPT_LENGTH = 100;

const TABLE_TAGS = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "a",
    "blockquote",
    "code",
    "pre",
    "figure",
    "figcaption",
    "img",
    ...TABLE_TAGS,
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  // Links may be relative, http(s) or mailto; images must be https. No javascript:, data:, vbscript: etc.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // Disallowed tags are dropped; script/style/textarea/etc. lose their text too.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }),
  },
  // An image whose src was removed (not https) is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * Cleans authored article HTML for rendering with `dangerouslySetInnerHTML`:
 * keeps common article markup (paragraphs, h2-h4, lists, emphasis, links,
 * quotes, code, tables, https images with alt text) and strips scripts, styles,
 * iframes, every event handler and inline style, and javascript:/data: URLs.
 * Every link gets rel="noopener noreferrer".
 */
export function sanitizePostHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Cuts `text` to at most `max` characters on a word boundary and appends "…".
 * Text that already fits is returned unchanged (whitespace collapsed).
 */
export function truncateExcerpt(text: string | null | undefined, max: number = RELATED_EXCERPT_LENGTH): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  // Cut at the last space when the next character would split a word.
  const splitsWord = clean[max] !== " ";
  const lastSpace = cut.lastIndexOf(" ");
  const base = splitsWord && lastSpace > max * 0.5 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?\-–—]+$/u, "")}…`;
}

const DOCUMENT_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedAttributes: { ...OPTIONS.allowedAttributes, h2: ["id"], h3: ["id"], h4: ["id"] },
};

/**
 * Cleans HTML rendered from the site's own Markdown documents (legal pages,
 * help articles): the article policy of `sanitizePostHtml`, plus `id` on
 * h2-h4 so a table of contents can link to them.
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeHtml(html, DOCUMENT_OPTIONS).trim();
}
