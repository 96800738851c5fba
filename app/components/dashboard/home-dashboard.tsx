/**
 * The signed-in variant of `/`, split from the landing page's JavaScript:
 * signed-out visitors (most of the landing page's traffic) never download the
 * dashboard. Rendered on the server, hydrated once its chunk has loaded.
 */
import type { DashboardOverviewProps } from "~/components/dashboard/dashboard-overview";
import * as eager from "~/components/dashboard/dashboard-overview.server";
import { splitComponent } from "~/components/split-component";

const Overview = splitComponent<DashboardOverviewProps>(eager.DashboardOverview, () =>
  import("~/components/dashboard/dashboard-overview").then((module) => module.DashboardOverview),
);

/** The signed-in home dashboard (`DashboardOverview`, variant "home"). */
export function HomeDashboard({ data }: { data: DashboardOverviewProps["data"] }) {
  return <Overview data={data} variant="home" />;
}
