/** The parts of a help article page (/help/<slug>): header, the "Was this helpful?" form and the link back. */
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { HELP_ARTICLE_PAGE, HELP_PATH } from "~/content/help-center";

const muted = "text-slate-700 dark:text-slate-300";

/** Breadcrumb back to /help, the title, the topic and the summary. */
export function HelpArticleHeader({ title, summary, categoryTitle }: { title: string; summary: string; categoryTitle: string }) {
  return (
    <header>
      <p className="text-sm">
        <Link to={HELP_PATH} className="font-medium text-blue-700 underline dark:text-blue-400">
          {HELP_ARTICLE_PAGE.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className={`mt-2 text-sm ${muted}`}>
        {HELP_ARTICLE_PAGE.categoryLabel}: {categoryTitle}
      </p>
      <p className={`mt-4 text-lg ${muted}`}>{summary}</p>
    </header>
  );
}

interface HelpfulProps {
  /** The viewer's earlier answer, or null. */
  vote: boolean | null;
  counts: { yes: number; no: number };
  /** A message after a post: thanks, or why it was refused. */
  message: string | null;
  refused: boolean;
}

/** "Was this article helpful?" with Yes and No buttons: a native POST form, counted once per voter. */
export function HelpfulForm({ vote, counts, message, refused }: HelpfulProps) {
  return (
    <section aria-labelledby="helpful" className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-700" data-testid="helpful">
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <h2 id="helpful" className="text-base font-semibold">
          {HELP_ARTICLE_PAGE.helpfulQuestion}
        </h2>
        <button type="submit" name="helpful" value="yes" aria-pressed={vote === true} className={buttonClass(vote === true ? "default" : "outline", "sm")}>
          {HELP_ARTICLE_PAGE.yes}
        </button>
        <button type="submit" name="helpful" value="no" aria-pressed={vote === false} className={buttonClass(vote === false ? "default" : "outline", "sm")}>
          {HELP_ARTICLE_PAGE.no}
        </button>
      </Form>
      {message ? (
        <p role={refused ? "alert" : "status"} className={`mt-3 text-sm ${refused ? "text-red-700 dark:text-red-400" : muted}`}>
          {message}
        </p>
      ) : null}
      <p className={`mt-2 text-sm ${muted}`} data-testid="helpful-counts">
        {HELP_ARTICLE_PAGE.counts(counts.yes, counts.no)}
      </p>
    </section>
  );
}
