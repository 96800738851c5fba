/**
 * Turning a visitor's search words into an SQLite FTS5 query, and a match
 * snippet into marked parts. Pure.
 *
 * FTS5 query syntax: https://sqlite.org/fts5.html#full_text_query_syntax —
 * each word becomes a quoted string with a `*` prefix match (`"webhoo"*`), so
 * no operator, column filter or quote the visitor types reaches the parser;
 * the words are ANDed (FTS5's implicit operator).
 */

/** The longest search the Help Center accepts, in characters. */
export const HELP_QUERY_MAX_CHARS = 100;
/** Words of a search used; the rest are ignored. */
export const HELP_QUERY_MAX_WORDS = 8;

/** Marks around the matched words in a snippet (control characters that cannot come from the articles' text). */
export const SNIPPET_OPEN = "\u0002";
export const SNIPPET_CLOSE = "\u0003";

/**
 * The FTS5 MATCH expression for `input`: its letter-and-digit words
 * (lower-cased, at most HELP_QUERY_MAX_WORDS), each a quoted prefix query.
 * @returns null when `input` has no word to search for.
 */
export function ftsQuery(input: string): string | null {
  const words = input.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, HELP_QUERY_MAX_WORDS)
    .map((word) => `"${word}"*`)
    .join(" ");
}

/** A snippet's parts: plain text, and the matched words (`mark: true`). */
export function snippetParts(snippet: string): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  for (const [index, piece] of snippet.split(SNIPPET_OPEN).entries()) {
    if (index === 0) {
      if (piece) parts.push({ text: piece, mark: false });
      continue;
    }
    const [marked = "", rest = ""] = piece.split(SNIPPET_CLOSE);
    if (marked) parts.push({ text: marked, mark: true });
    if (rest) parts.push({ text: rest, mark: false });
  }
  return parts;
}
