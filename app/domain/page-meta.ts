/**
 * Page metadata shared by every public route: a specific <title>, a meta
 * description and Open Graph tags. Remix v2 replaces (does not merge) the
 * root route's meta with a child route's, so each page returns a full set.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "~/content/seo";

/** 'Pricing' → 'Pricing | FX Trader'. */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/**
 * The meta descriptors of one page.
 * @param title the page's own title, without the site name ('Pricing').
 * @param description one or two sentences used for the meta description and og:description.
 */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
  ];
}
