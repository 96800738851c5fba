/**
 * /sitemap.xml — every public page, every Help Center article, every strategy, every insight and every signal's page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { HELP_PATH, helpArticlePath } from "~/content/help-center";
import { LEGAL_PATHS } from "~/content/legal-paths";
import { listPosts } from "~/models/blog.server";
import { publicOrigin } from "~/platform/env.server";
import { listSignals } from "~/models/signals.server";
import { listStrategies } from "~/models/strategies.server";
import { listHelpArticles } from "~/services/help-articles.server";
import { applySecurityHeaders } from "~/services/http.server";
import { escapeXml } from "~/domain/xml";

/** Spec section 2: the public (signed-out) routes. */
const PUBLIC_PATHS = [
  "/",
  "/strategies",
  "/services",
  "/pricing",
  "/performance",
  "/academy",
  "/tools",
  "/insights",
  "/about",
  "/contact",
  HELP_PATH,
  "/status",
  ...Object.values(LEGAL_PATHS),
] as const;

/** More posts than the blog will plausibly hold; the sitemap protocol allows 50,000 URLs. */
const MAX_POSTS = 45_000;
/** The newest signals listed (each has a public page, /signals/{id}); with the posts, within the protocol's 50,000 URLs. */
const MAX_SIGNALS = 4_000;

function entry(loc: string, lastmod?: Date): string {
  const parts = [`    <loc>${escapeXml(loc)}</loc>`];
  if (lastmod) parts.push(`    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`);
  return `  <url>\n${parts.join("\n")}\n  </url>`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const urls = [
    ...PUBLIC_PATHS.map((path) => entry(`${origin}${path}`)),
    ...listHelpArticles().map((a) => entry(`${origin}${helpArticlePath(a.slug)}`)),
    ...listStrategies().map((s) => entry(`${origin}/strategies/${encodeURIComponent(s.slug)}`)),
    ...listPosts({ limit: MAX_POSTS }).map((p) => entry(`${origin}/insights/${encodeURIComponent(p.slug)}`, p.publishedAt)),
    ...listSignals({ limit: MAX_SIGNALS }).map((s) => entry(`${origin}/signals/${s.id}`)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
  const headers = applySecurityHeaders(
    new Headers({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );
  return new Response(xml, { headers });
}
