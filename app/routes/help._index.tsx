/**
 * /help — the Help Center: every article by topic, and a server-side search
 * (`GET /help?q=…`, SQLite FTS5; a plain GET form, so it works without
 * JavaScript). Articles are Markdown in app/content/help.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HelpFurther, HelpResults, HelpSearchForm, HelpTopics } from "~/components/help/help-index";
import { PageHeader } from "~/components/marketing";
import { HELP_PAGE } from "~/content/help-center";
import { pageMeta } from "~/domain/page-meta";
import { helpQuerySchema } from "~/schemas/help";
import { helpCategoriesWithArticles } from "~/services/help-articles.server";
import { searchHelp } from "~/services/help-center.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const categories = helpCategoriesWithArticles();
  const parsed = helpQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    return json({ categories, query: "", results: null, error: HELP_PAGE.queryTooLong }, { status: 400 });
  }
  const query = parsed.data.q;
  return json({ categories, query, results: query ? searchHelp(query) : null, error: null });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(HELP_PAGE.title, HELP_PAGE.description),
  ...(data?.query ? [{ name: "robots", content: "noindex" }] : []),
];

export default function HelpCenter() {
  const { categories, query, results, error } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader title={HELP_PAGE.title} lead={HELP_PAGE.lead} />
      <HelpSearchForm query={query} error={error} />
      {results ? <HelpResults query={query} results={results} /> : null}
      <HelpTopics categories={categories} />
      <HelpFurther />
    </div>
  );
}
