/**
 * /help/<slug> — one Help Center article (app/content/help/<slug>.md, rendered
 * like the legal pages) with its contents, and "Was this article helpful?":
 * a native POST form counted once per voter (a signed-in user, or a visitor
 * by a keyed hash of their IP), rate limited per IP (docs/decisions/0134).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HelpArticleHeader, HelpfulForm } from "~/components/help/help-article";
import { LegalBody, LegalToc } from "~/components/legal/legal-page";
import { RouteErrorPage } from "~/components/not-found";
import { HELP_ARTICLE_PAGE, HELP_CATEGORIES, HELP_PAGE, HELP_PATH } from "~/content/help-center";
import { pageMeta } from "~/domain/page-meta";
import { helpVoteCounts, helpVoteOf, recordHelpVote } from "~/models/help.server";
import { helpVoteSchema } from "~/schemas/help";
import { handleIntent } from "~/services/form-intent.server";
import { getHelpArticle } from "~/services/help-articles.server";
import { helpVoterKey, limitHelpVote } from "~/services/help-center.server";
import { clientIp } from "~/services/http.server";
import { getViewer } from "~/services/session.server";

function articleOr404(slug: string | undefined) {
  const article = getHelpArticle(slug ?? "");
  if (!article) throw json({ message: HELP_ARTICLE_PAGE.notFoundMessage }, { status: 404 });
  return article;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const article = articleOr404(params.slug);
  const viewer = await getViewer(request);
  const voter = helpVoterKey(viewer?.user.id ?? null, clientIp(context));
  const categoryTitle = HELP_CATEGORIES.find((c) => c.id === article.category)!.title;
  const { slug, title, summary, html, toc } = article;
  return json({ article: { slug, title, summary, html, toc }, categoryTitle, counts: helpVoteCounts(slug), vote: helpVoteOf(slug, voter) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const article = articleOr404(params.slug);
  return handleIntent<typeof helpVoteSchema, string>(
    request,
    helpVoteSchema,
    async ({ helpful }) => {
      const ip = clientIp(context);
      const retryAfter = await limitHelpVote(ip);
      if (retryAfter) return { formErrors: [HELP_ARTICLE_PAGE.rateLimited], status: 429, headers: { "Retry-After": String(retryAfter) } };
      const viewer = await getViewer(request);
      const userId = viewer?.user.id ?? null;
      recordHelpVote({ slug: article.slug, voterKey: helpVoterKey(userId, ip), userId, helpful: helpful === "yes", now: new Date() });
      return { data: HELP_ARTICLE_PAGE.thanks };
    },
    { invalidFormErrors: () => [HELP_ARTICLE_PAGE.invalid] },
  );
}

/** The page shows the viewer's own vote: not for the shared page cache. */
export const headers: HeadersFunction = ({ actionHeaders }) => ({ "Cache-Control": "private, no-cache", ...(actionHeaders.get("Retry-After") ? { "Retry-After": actionHeaders.get("Retry-After")! } : {}) });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(`${data.article.title} | ${HELP_PAGE.title}`, data.article.summary)
    : [{ title: `${HELP_ARTICLE_PAGE.notFoundTitle} | FX Trader` }, { name: "robots", content: "noindex" }];

export default function HelpArticlePage() {
  const { article, categoryTitle, counts, vote } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refusal (invalid vote, too many votes) is the reply's form error; thanks is its data.
  const refusal = result?.submission.error?.[""]?.[0];
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <HelpArticleHeader title={article.title} summary={article.summary} categoryTitle={categoryTitle} />
      <LegalToc toc={article.toc} />
      <LegalBody html={article.html} />
      <HelpfulForm vote={vote} counts={counts} message={refusal ?? result?.data ?? null} refused={refusal !== undefined} />
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{ title: HELP_ARTICLE_PAGE.notFoundTitle, message: HELP_ARTICLE_PAGE.notFoundMessage }}
      failed={HELP_ARTICLE_PAGE.failed}
      link={{ to: HELP_PATH, label: HELP_PAGE.title }}
    />
  );
}
