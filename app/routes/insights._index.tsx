/**
 * /insights — the insights list (spec sections 2 "Insights list", 4, 5
 * "Insights search" and "Newsletter email", 9: list limit 12, skeleton 6).
 *
 * - Search is a GET form (`?q=`), matched case-insensitively on title or
 *   excerpt on the server; with JavaScript it also filters as you type
 *   (debounced, replacing the history entry).
 * - Category buttons are links (`?category=`) that filter the list (the spec's
 *   buttons do not filter; see docs/decisions/insights-and-contact.md).
 * - While a search or a category is set, the results come first and the
 *   featured block is hidden.
 * - The newsletter box is a native POST form (intent=newsletter): the email is
 *   stored once (subscribing again is a success), rate limited per IP; the
 *   confirmation shows inline and, with JavaScript, as a toast. A body that is
 *   not a form is refused (415/400) by `readFormData`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";

import { FeaturedInsights, LatestPosts } from "~/components/insights/insight-lists";
import { CategoryLinks, SearchForm } from "~/components/insights/insights-search";
import { PageHeader } from "~/components/marketing";
import { Newsletter } from "~/components/insights/newsletter";
import { INSIGHTS_COPY, NEWSLETTER_COPY } from "~/content/insights";
import { categoryFromSlug } from "~/domain/insight-categories";
import { listPosts, MAX_QUERY_LENGTH, subscribeToNewsletter } from "~/models/blog.server";
import { newsletterSchema } from "~/schemas/newsletter";
import { publicOrigin } from "~/platform/env.server";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp } from "~/services/http.server";
import { limitPublicForm, retryMessage } from "~/services/rate-limit.server";

/** Spec section 9: blog list limit 12. */
const INSIGHTS_LIST_LIMIT = 12;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = "Insights | FX Trader";
  return [
    { title },
    { name: "description", content: INSIGHTS_COPY.description },
    { property: "og:title", content: title },
    { property: "og:description", content: INSIGHTS_COPY.description },
    { property: "og:type", content: "website" },
    ...(data ? [{ property: "og:url", content: data.canonicalUrl }, { tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
    ...(data
      ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: "FX Trader Insights", href: `${data.origin}/insights/rss.xml` }]
      : []),
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const active = categoryFromSlug(url.searchParams.get("category"));
  const posts = listPosts({ limit: INSIGHTS_LIST_LIMIT, q, category: active?.category ?? null }).map((post) => ({
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    publishedAt: post.publishedAt.toISOString(),
  }));
  const origin = publicOrigin(request);
  return json({ posts, q, category: active?.slug ?? null, maxQueryLength: MAX_QUERY_LENGTH, origin, canonicalUrl: `${origin}/insights` });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntent<typeof newsletterSchema, string>(request, newsletterSchema, async ({ email }) => {
    const retryAfter = await limitPublicForm("newsletter", clientIp(context));
    if (retryAfter) {
      return { formErrors: [`${NEWSLETTER_COPY.tooMany} ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
    }
    subscribeToNewsletter(email);
    return { data: NEWSLETTER_COPY.successMessage };
  });
}

export default function Insights() {
  const { posts, q, category, maxQueryLength } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname.toLowerCase() === "/insights";

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader title={INSIGHTS_COPY.title} lead={INSIGHTS_COPY.description} leadMargin="mt-3" />

      <div className="mt-8">
        <SearchForm q={q} category={category} maxLength={maxQueryLength} />
        <CategoryLinks q={q} active={category} />
      </div>

      {/* A search or a category shows its results first: the featured block would push them below the fold. */}
      {q || category ? null : <FeaturedInsights />}
      <LatestPosts posts={posts} q={q} searching={searching} filtered={Boolean(q || category)} />
      <Newsletter />
    </div>
  );
}
