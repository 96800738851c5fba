/**
 * /robots.txt — keeps crawlers out of the signed-in areas and the API, and
 * points them at the sitemap.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/platform/env.server";
import { applySecurityHeaders } from "~/services/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /portal",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  const headers = applySecurityHeaders(
    new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );
  return new Response(body, { headers });
}
