/** The featured insights and the latest posts of /insights (spec section 2 "Insights list"). */
import { Link } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FEATURED_INSIGHTS, INSIGHTS_COPY } from "~/content/insights";
import { PostCard, type PostSummary } from "./post-card";


/** The fixed featured cards. */
export function FeaturedInsights() {
  return (
    <section aria-labelledby="featured-heading" className="mt-12">
      <h2 id="featured-heading" className="text-2xl font-semibold">
        {INSIGHTS_COPY.featuredHeading}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {FEATURED_INSIGHTS.map((item) => (
          <li key={item.title}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <div>
                  <Badge variant="secondary">{item.category}</Badge>
                </div>
                <h3 className="mt-2 text-lg leading-tight font-semibold">{item.title}</h3>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4">
                <p className="text-sm text-slate-700 dark:text-slate-300">{item.description}</p>
                <Link to={item.to} className="text-sm font-medium text-blue-700 underline dark:text-blue-400">
                  {item.cta}
                </Link>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The latest posts matching the search, dimmed while a new search loads, or the empty state. */
/**
 * The posts list: the latest posts, or (`filtered`, a search or a category is
 * set) the results, which then come straight under the search form.
 */
export function LatestPosts({
  posts,
  q,
  searching,
  filtered,
}: {
  posts: PostSummary[];
  q: string;
  searching: boolean;
  filtered: boolean;
}) {
  return (
    <section aria-labelledby="latest-heading" className={filtered ? "mt-10" : "mt-16"}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-heading" className="text-2xl font-semibold">
          {INSIGHTS_COPY.latestHeading}
        </h2>
        <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
          {q ? `${posts.length} ${posts.length === 1 ? "result" : "results"} for “${q}”` : null}
        </p>
      </div>
      <div aria-busy={searching} className={`mt-6 transition-opacity ${searching ? "opacity-60" : ""}`}>
        {posts.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-12 text-center dark:border-slate-600">
            <h3 className="text-lg font-semibold">{INSIGHTS_COPY.emptyTitle}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {q ? INSIGHTS_COPY.emptySearchHint : INSIGHTS_COPY.emptyHint}
            </p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} titleSize="text-lg" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
