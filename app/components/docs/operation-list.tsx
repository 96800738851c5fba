import type { OperationSummary } from "~/services/openapi/operations.server";
import { OFFSCREEN_SKIPPED, StaticMarkup } from "~/components/docs/static-markup";
import { DOCS_INTRO } from "~/content/docs";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  POST: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
};

/** One operation: method, path, summary, parameters, responses and a curl example. */
function Operation({ operation }: { operation: OperationSummary }) {
  return (
    <article id={operation.id} className={`rounded-xl border border-slate-200 p-5 dark:border-slate-700 ${OFFSCREEN_SKIPPED}`} aria-labelledby={`${operation.id}-title`}>
      <h4 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-semibold ${METHOD_COLOURS[operation.method] ?? ""}`}>{operation.method}</span>
        <span className="break-all">{operation.path}</span>
      </h4>
      <p className="mt-2 font-semibold">{operation.summary}</p>
      {operation.description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{operation.description}</p> : null}
      {operation.parameters.length > 0 ? (
        <>
          <h5 className="mt-4 text-sm font-semibold">{DOCS_INTRO.parametersLabel}</h5>
          <ul className="mt-1 space-y-1 text-sm">
            {operation.parameters.map((p) => (
              <li key={`${p.location}-${p.name}`}>
                <code>{p.name}</code> ({p.location}, {p.type}
                {p.required ? ", required" : ""}){p.description ? `: ${p.description}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h5 className="mt-4 text-sm font-semibold">{DOCS_INTRO.responsesLabel}</h5>
      <ul className="mt-1 space-y-1 text-sm">
        {operation.responses.map((r) => (
          <li key={r.status}>
            <code>{r.status}</code> {r.description}
          </li>
        ))}
      </ul>
      <h5 className="mt-4 text-sm font-semibold">{DOCS_INTRO.curlLabel}</h5>
      <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        <code>{operation.curl}</code>
      </pre>
    </article>
  );
}

/**
 * The server-rendered reference: every operation, grouped by tag (the page
 * without JavaScript, and what search engines index); static markup, not
 * hydrated.
 */
export function OperationList({ operations }: { operations: OperationSummary[] }) {
  const tags = [...new Set(operations.map((o) => o.tag))];
  return (
    <section aria-labelledby="operations" className="mt-12">
      <h2 id="operations" className="text-2xl font-bold">
        {DOCS_INTRO.operationsTitle}
      </h2>
      <StaticMarkup id="operations-list">
        {tags.map((tag) => (
          <section key={tag} aria-label={tag} className="mt-8">
            <h3 className="text-xl font-semibold">{tag}</h3>
            <div className="mt-4 grid gap-4">
              {operations
                .filter((o) => o.tag === tag)
                .map((operation) => (
                  <Operation key={operation.id} operation={operation} />
                ))}
            </div>
          </section>
        ))}
      </StaticMarkup>
    </section>
  );
}
