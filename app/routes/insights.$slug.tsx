/**
 * /insights/{slug} — one article (spec section 2 "Insight article", 8 "Post
 * Not Found", 9: related posts 3, excerpts cut at 100 characters, 5 min read).
 *
 * The body is the post's stored sanitised HTML (`contentHtml`, sanitised once
 * when the post was written; docs/decisions/0062). The Share button (no action in the spec) uses the Web Share API or
 * copies the link with JavaScript, and is a plain link to the article without it.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ArticleBody, ArticleByline, ArticleCta, RelatedPosts } from "~/components/insights/article-parts";
import { RouteErrorPage } from "~/components/not-found";
import { Badge } from "~/components/ui/badge";
import { ARTICLE_COPY, AUTHOR_BLOCK } from "~/content/insight-article";
import { categorySlug } from "~/domain/insight-categories";
import { READ_TIME_LABEL, truncateExcerpt } from "~/domain/sanitize";
import { formatDate } from "~/domain/signal-display";
import { getPostBySlug, relatedPosts } from "~/models/blog.server";
import { publicOrigin } from "~/platform/env.server";

/** Spec section 9: related posts limit 3. */
const RELATED_LIMIT = 3;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = getPostBySlug(params.slug ?? "");
  if (!post) throw json({ message: ARTICLE_COPY.notFoundMessage }, { status: 404 });
  const url = `${publicOrigin(request)}/insights/${post.slug}`;
  return json({
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      categorySlug: categorySlug(post.category),
      author: post.author,
      publishedAt: post.publishedAt.toISOString(),
      html: post.contentHtml || null,
    },
    readTime: READ_TIME_LABEL,
    url,
    related: relatedPosts(post, RELATED_LIMIT).map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      category: r.category,
      publishedAt: r.publishedAt.toISOString(),
      excerpt: truncateExcerpt(r.excerpt),
    })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) {
    return [{ title: `${ARTICLE_COPY.notFoundTitle} | FX Trader` }, { name: "robots", content: "noindex" }];
  }
  const { post, url } = data;
  const title = `${post.title} | FX Trader`;
  const description = post.excerpt ?? `${post.title}: ${post.category} from the FX Trader research desk.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:section", content: post.category },
    { tagName: "link", rel: "canonical", href: url },
  ];
};

export default function InsightArticle() {
  const { post, readTime, url, related } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <Link to="/insights" className="text-sm font-medium text-blue-700 underline dark:text-blue-400">
        ← {ARTICLE_COPY.back}
      </Link>

      <article className="mt-6">
        <header>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
            <Link to={`/insights?category=${encodeURIComponent(post.categorySlug)}`} className="rounded-full">
              <Badge>{post.category}</Badge>
            </Link>
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            <span aria-hidden="true">·</span>
            <span>{readTime}</span>
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          {post.excerpt ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{post.excerpt}</p> : null}

          <ArticleByline author={post.author} url={url} title={post.title} />
        </header>

        <ArticleBody html={post.html} />

        <footer className="mt-12 rounded-xl bg-slate-50 p-6 dark:bg-slate-900">
          <p className="font-semibold">About the author</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{AUTHOR_BLOCK.bio}</p>
        </footer>
      </article>

      <RelatedPosts related={related} />
      <ArticleCta />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{ title: ARTICLE_COPY.notFoundTitle, message: ARTICLE_COPY.notFoundMessage }}
      failed="This article could not be loaded. Please try again."
      link={{ to: "/insights", label: ARTICLE_COPY.notFoundLink }}
    />
  );
}
