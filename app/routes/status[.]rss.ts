/** /status.rss — RSS 2.0 feed of the incident notes on the Status Page, newest first. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { STATUS_FEED } from "~/content/status";
import { statusRssXml } from "~/domain/status-feed";
import { listIncidents } from "~/models/status.server";
import { publicOrigin } from "~/platform/env.server";
import { applySecurityHeaders } from "~/services/http.server";
import { INCIDENTS_SHOWN } from "~/services/status.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const xml = statusRssXml({ origin: publicOrigin(request), ...STATUS_FEED, incidents: listIncidents(INCIDENTS_SHOWN), now: new Date() });
  const headers = applySecurityHeaders(new Headers({ "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=60" }));
  return new Response(xml, { headers });
}
