/**
 * The signed-in variant of `/` (`DashboardOverview`, same props), split from
 * the landing page's JavaScript: signed-out visitors (most of the landing
 * page's traffic) never download the dashboard. Rendered on the server,
 * hydrated once its chunk has loaded.
 */
import type { DashboardOverviewProps } from "~/components/dashboard/dashboard-overview";
import * as eager from "~/components/dashboard/dashboard-overview.server";
import { splitComponent } from "~/components/split-component";

export const HomeDashboard = splitComponent<DashboardOverviewProps>(eager.DashboardOverview, () =>
  import("~/components/dashboard/dashboard-overview").then((module) => module.DashboardOverview),
);
