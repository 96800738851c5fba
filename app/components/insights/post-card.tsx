/** The card of one insight post, as the /insights list and an article's related posts show it. */
import { Link } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatDate } from "~/domain/signal-display";

/** A post as a card shows it (dates as ISO strings). */
export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  category: string;
  publishedAt: string;
}

/**
 * Category, date, the title linking to the post (the whole card is the link's
 * target area) and the excerpt when there is one. `titleSize` is the title's
 * text size: "text-lg" in the list, "text-base" in the narrower related row.
 */
export function PostCard({ post, titleSize }: { post: PostSummary; titleSize: "text-base" | "text-lg" }) {
  return (
    <Card className="relative flex h-full flex-col transition-shadow focus-within:shadow-md hover:shadow-md">
      <CardHeader>
        <div className="flex items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Badge variant="outline">{post.category}</Badge>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </div>
        <h3 className={`mt-2 ${titleSize} leading-tight font-semibold`}>
          <Link
            to={`/insights/${post.slug}`}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {post.title}
          </Link>
        </h3>
      </CardHeader>
      {post.excerpt ? (
        <CardContent>
          <p className="text-sm text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        </CardContent>
      ) : null}
    </Card>
  );
}
