/** The parts of a legal page (/legal/*): header with version and date, contents, body and version list. */
import { Link } from "@remix-run/react";
import { ARTICLE_BODY_CLASS } from "~/components/insights/article-parts";
import { LEGAL_PAGE_COPY } from "~/content/legal-pages";
import type { TocEntry } from "~/domain/markdown-document";

interface LegalHeaderProps {
  title: string;
  summary: string;
  version: string;
  effective: string;
  currentVersion: string;
  path: string;
}

/** Title, summary, version and effective date; a notice with a link when an earlier version is shown. */
export function LegalHeader({ title, summary, version, effective, currentVersion, path }: LegalHeaderProps) {
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{summary}</p>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="legal-version">
        <div className="flex gap-1">
          <dt className="font-semibold">{LEGAL_PAGE_COPY.versionLabel}</dt>
          <dd>{version}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-semibold">{LEGAL_PAGE_COPY.effectiveLabel}</dt>
          <dd>
            <time dateTime={effective}>{effective}</time>
          </dd>
        </div>
      </dl>
      {version !== currentVersion ? (
        <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-slate-900">
          {LEGAL_PAGE_COPY.olderNotice}{" "}
          <Link to={path} className="font-medium text-blue-700 underline dark:text-blue-400">
            {currentVersion}
          </Link>
          .
        </p>
      ) : null}
    </header>
  );
}

/** The table of contents: links to the body's h2/h3 anchors. */
export function LegalToc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav aria-labelledby="legal-toc" className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="legal-toc" className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        {LEGAL_PAGE_COPY.tocTitle}
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? "pl-4" : undefined}>
            <a href={`#${entry.id}`} className="text-blue-700 underline dark:text-blue-400">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The document's sanitised HTML. */
export function LegalBody({ html }: { html: string }) {
  return <div data-testid="legal-body" className={`mt-10 ${ARTICLE_BODY_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Every version of the document, each linking to `?version=`, the shown one marked. */
export function LegalVersions({ path, versions, shown }: { path: string; versions: { version: string; effective: string }[]; shown: string }) {
  return (
    <section aria-labelledby="legal-versions" className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-700">
      <h2 id="legal-versions" className="text-lg font-semibold">
        {LEGAL_PAGE_COPY.versionsTitle}
      </h2>
      {versions.length === 1 ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{LEGAL_PAGE_COPY.onlyVersion}</p> : null}
      <ul className="mt-3 space-y-1 text-sm">
        {versions.map((v, index) => (
          <li key={v.version}>
            <Link
              to={`${path}?version=${encodeURIComponent(v.version)}`}
              aria-current={v.version === shown ? "page" : undefined}
              className="text-blue-700 underline dark:text-blue-400"
            >
              {LEGAL_PAGE_COPY.versionLabel} {v.version}
            </Link>{" "}
            ({LEGAL_PAGE_COPY.effectiveLabel.toLowerCase()} {v.effective}){index === 0 ? `, ${LEGAL_PAGE_COPY.currentMarker}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
