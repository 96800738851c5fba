/**
 * /dashboard — the trading dashboard (spec section 2 "Dashboard home", variant
 * showing the 10 most recent signals). Signed-out visitors are sent to sign in.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardOverview } from "~/components/dashboard/dashboard-overview";
import { loadDashboard } from "~/models/read-models/dashboard.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Dashboard | FX Trader" },
  { name: "description", content: "Your FX Trader trading dashboard: live signals, subscription status and strategy access." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return json(loadDashboard(viewer.user, "trading"), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return <DashboardOverview data={data} variant="trading" />;
}
