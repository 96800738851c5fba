/**
 * /insights/rss.xml — RSS 2.0 feed of the 20 newest insights.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { INSIGHTS_COPY } from "~/content/insights";
import { listPosts } from "~/models/blog.server";
import { publicOrigin } from "~/platform/env.server";
import { applySecurityHeaders } from "~/services/http.server";
import { escapeXml } from "~/domain/xml";

/** Items in the feed. */
const FEED_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const posts = listPosts({ limit: FEED_SIZE });
  const feedUrl = `${origin}/insights/rss.xml`;
  const items = posts
    .map((post) => {
      const link = `${origin}/insights/${encodeURIComponent(post.slug)}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
        `      <category>${escapeXml(post.category)}</category>`,
        post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : null,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  const lastBuild = posts[0]?.publishedAt ?? new Date();

  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>FX Trader Insights</title>
    <link>${escapeXml(`${origin}/insights`)}</link>
    <description>${escapeXml(INSIGHTS_COPY.description)}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    }),
  );
  return new Response(xml, { headers });
}
