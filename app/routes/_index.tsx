/**
 * / — the landing page for signed-out visitors, the home variant of the
 * dashboard for signed-in users (spec section 2 "Landing page", "Dashboard home").
 * Each variant's texts and code reach the browser only for the visitors who see it.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HomeDashboard } from "~/components/dashboard/home-dashboard";
import { LandingPage } from "~/components/landing/landing-page";
import { HOME_META, LANDING_META } from "~/content/landing-meta";
import { pageMeta } from "~/domain/page-meta";
import { landingContent, loadDashboard } from "~/models/read-models/dashboard.server";
import { liveCardFigures } from "~/models/read-models/track-record.server";
import { getViewer } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? pageMeta(HOME_META.title, HOME_META.description) : pageMeta(LANDING_META.title, LANDING_META.description);

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  // The page depends on the session cookie: never share a cached copy between visitors.
  const headers = { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (!viewer) return json({ signedIn: false as const, live: liveCardFigures(), content: landingContent() }, { headers });
  return json({ signedIn: true as const, dashboard: await loadDashboard(viewer.user, "home") }, { headers });
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.signedIn) return <HomeDashboard data={data.dashboard} variant="home" />;
  return <LandingPage content={data.content} live={data.live} />;
}
