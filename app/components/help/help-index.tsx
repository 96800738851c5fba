/** The parts of /help: the search form (a GET form, works without JavaScript), the results and the topics. */
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { HELP_PAGE, HELP_PATH, helpArticlePath } from "~/content/help-center";
import { HELP_QUERY_MAX_CHARS, snippetParts } from "~/domain/help-search";

const muted = "text-slate-700 dark:text-slate-300";
const linkClass = "font-medium text-blue-700 underline dark:text-blue-400";

/** The search box: `GET /help?q=…`. */
export function HelpSearchForm({ query, error }: { query: string; error: string | null }) {
  return (
    <Form method="get" action={HELP_PATH} role="search" className="mt-8 flex max-w-2xl flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor="help-q" className="block text-sm font-medium">
          {HELP_PAGE.searchLabel}
        </label>
        <input
          id="help-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={HELP_QUERY_MAX_CHARS}
          placeholder={HELP_PAGE.searchPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "help-q-error" : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        {error ? (
          <p id="help-q-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass()}>
        {HELP_PAGE.searchButton}
      </button>
    </Form>
  );
}

interface Result {
  slug: string;
  title: string;
  summary: string;
  snippet: string;
}

/** The search's results, best first, each with its snippet (matched words marked). */
export function HelpResults({ query, results }: { query: string; results: Result[] }) {
  return (
    <section aria-labelledby="help-results" className="mt-8" data-testid="help-results">
      <h2 id="help-results" className="text-lg font-semibold">
        {HELP_PAGE.resultsFor(query, results.length)}
      </h2>
      {results.length === 0 ? <p className={`mt-2 ${muted}`}>{HELP_PAGE.noResults}</p> : null}
      <ol className="mt-4 space-y-4">
        {results.map((result) => (
          <li key={result.slug}>
            <Link to={helpArticlePath(result.slug)} className={linkClass}>
              {result.title}
            </Link>
            <p className={`mt-1 text-sm ${muted}`}>
              {snippetParts(result.snippet).map((part, index) =>
                part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
              )}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm">
        <Link to={HELP_PATH} className={linkClass}>
          {HELP_PAGE.clearSearch}
        </Link>
      </p>
    </section>
  );
}

interface Category {
  id: string;
  title: string;
  description: string;
  articles: { slug: string; title: string; summary: string }[];
}

/** Every topic with its articles. */
export function HelpTopics({ categories }: { categories: Category[] }) {
  return (
    <div className="mt-10 grid gap-8 md:grid-cols-2">
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`help-${category.id}`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
          <h2 id={`help-${category.id}`} className="text-lg font-semibold">
            {category.title}
          </h2>
          <p className={`mt-1 text-sm ${muted}`}>{category.description}</p>
          <ul className="mt-3 space-y-2">
            {category.articles.map((article) => (
              <li key={article.slug}>
                <Link to={helpArticlePath(article.slug)} className={linkClass}>
                  {article.title}
                </Link>
                <p className={`text-sm ${muted}`}>{article.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Where to go when the articles do not answer: contact and the status page. */
export function HelpFurther() {
  return (
    <p className={`mt-12 text-sm ${muted}`}>
      {HELP_PAGE.contactLead}{" "}
      <Link to="/contact" className={linkClass}>
        {HELP_PAGE.contactLink}
      </Link>
      . {HELP_PAGE.statusLead}{" "}
      <Link to="/status" className={linkClass}>
        {HELP_PAGE.statusLink}
      </Link>
      .
    </p>
  );
}
