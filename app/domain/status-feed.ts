/**
 * The Status Page's RSS 2.0 feed (/status.rss, https://www.rssboard.org/rss-specification):
 * one item per incident note, newest first. Pure: every text is escaped with
 * `escapeXml`, dates are RFC 822 (`toUTCString`).
 */
import { escapeXml } from "./xml";

/** An incident as the feed needs it. */
export interface FeedIncident {
  id: number;
  title: string;
  body: string;
  severity: string;
  resolved: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The feed's XML.
 * @param origin the site's origin (`https://fx.example.com`); item links point to `<origin>/status#incident-<id>`.
 * @param now the build date when there is no incident.
 */
export function statusRssXml(input: { origin: string; title: string; description: string; incidents: readonly FeedIncident[]; now: Date }): string {
  const { origin, incidents } = input;
  const page = `${origin}/status`;
  const items = incidents.map((incident) => {
    const state = incident.resolved ? "Resolved" : "Ongoing";
    return [
      "    <item>",
      `      <title>${escapeXml(`[${state}] ${incident.title}`)}</title>`,
      `      <link>${escapeXml(`${page}#incident-${incident.id}`)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`${page}#incident-${incident.id}-${incident.updatedAt.getTime()}`)}</guid>`,
      `      <pubDate>${incident.updatedAt.toUTCString()}</pubDate>`,
      `      <category>${escapeXml(incident.severity)}</category>`,
      `      <description>${escapeXml(incident.body)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = incidents.reduce<Date | null>((latest, i) => (latest && latest > i.updatedAt ? latest : i.updatedAt), null) ?? input.now;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(input.title)}</title>
    <link>${escapeXml(page)}</link>
    <description>${escapeXml(input.description)}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(`${origin}/status.rss`)}" rel="self" type="application/rss+xml" />
${items.join("\n")}
  </channel>
</rss>
`;
}
