/**
 * The legal pages (/legal/risk-warning, /legal/terms, /legal/privacy,
 * /legal/disclaimers): one Markdown file per document and version,
 * `app/content/legal/<slug>/<version>.md`, front matter `title`, `version`,
 * `effective` (YYYY-MM-DD) and `summary`. Files are read once per process
 * (they ship with the build and never change while it runs).
 *
 * The Privacy Policy's `{{cookies}}` paragraph becomes the cookie table,
 * generated from `COOKIES` in cookies.server.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LEGAL_SLUGS, type LegalSlug } from "~/content/legal-paths";
import { compareVersions, parseMarkdownDocument, type TocEntry } from "~/domain/markdown-document";
import { escapeXml } from "~/domain/xml";
import { COOKIES, type CookieDefinition } from "./cookies.server";

/** Folder of the legal Markdown files, relative to the project root (the server's working directory). */
const LEGAL_DIR = join(process.cwd(), "app", "content", "legal");

/** One version of a legal document, rendered. */
export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  summary: string;
  version: string;
  /** Effective date, `YYYY-MM-DD`. */
  effective: string;
  html: string;
  toc: TocEntry[];
}

/** A version in a document's history: its number and effective date. */
export interface LegalVersion {
  version: string;
  effective: string;
}

const cache = new Map<LegalSlug, LegalDocument[]>();

/** A lifetime in words: seconds as days/minutes, or the definition's note. */
function lifetimeText(cookie: CookieDefinition): string {
  if (cookie.maxAge === null) return cookie.lifetimeNote ?? "until the browser closes";
  if (cookie.maxAge >= 86_400) return `${Math.round(cookie.maxAge / 86_400)} days`;
  return `${Math.round(cookie.maxAge / 60)} minutes`;
}

/** The cookie table (HTML) generated from `COOKIES`. */
export function cookieTableHtml(): string {
  const rows = Object.values(COOKIES as Record<string, CookieDefinition>).map(
    (cookie) =>
      `<tr><td><code>${escapeXml(cookie.name)}</code></td><td>${escapeXml(cookie.purpose)}</td><td>${escapeXml(lifetimeText(cookie))}</td><td>${cookie.essential ? "Essential" : "Optional"}</td></tr>`,
  );
  return `<table><thead><tr><th scope="col">Name</th><th scope="col">Purpose</th><th scope="col">Lifetime</th><th scope="col">Type</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function loadVersions(slug: LegalSlug): LegalDocument[] {
  const cached = cache.get(slug);
  if (cached) return cached;
  const folder = join(LEGAL_DIR, slug);
  const documents = readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const parsed = parseMarkdownDocument(readFileSync(join(folder, file), "utf8"));
      const { title, version, effective, summary } = parsed.data;
      if (typeof title !== "string" || typeof version !== "string" || typeof effective !== "string" || typeof summary !== "string") {
        throw new Error(`${slug}/${file}: front matter needs title, version, effective and summary as strings`);
      }
      const html = parsed.html.replace("<p>{{cookies}}</p>", cookieTableHtml());
      return { slug, title, summary, version, effective, html, toc: parsed.toc };
    })
    .sort((a, b) => compareVersions(b.version, a.version));
  if (documents.length === 0) throw new Error(`no versions of ${slug} in ${folder}`);
  cache.set(slug, documents);
  return documents;
}

/**
 * A legal document: the current version, or `version` when given.
 * @returns the document, or null when `version` names no version of it.
 */
export function getLegalDocument(slug: LegalSlug, version?: string | null): LegalDocument | null {
  const versions = loadVersions(slug);
  if (!version) return versions[0]!;
  return versions.find((doc) => doc.version === version) ?? null;
}

/** Every version of `slug`, newest first. */
export function listLegalVersions(slug: LegalSlug): LegalVersion[] {
  return loadVersions(slug).map(({ version, effective }) => ({ version, effective }));
}

/** The current version of `slug` (e.g. `"1.0"`). */
export function currentLegalVersion(slug: LegalSlug): string {
  return loadVersions(slug)[0]!.version;
}

/** Whether `slug` is one of the legal documents. */
export function isLegalSlug(slug: string): slug is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(slug);
}
