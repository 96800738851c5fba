/**
 * The signed-in variant of `/`, split from the landing page's JavaScript:
 * signed-out visitors (most of the landing page's traffic) never download the
 * dashboard. The server renders it synchronously inside a Suspense boundary
 * (so the HTML is complete without JavaScript); the browser keeps that HTML
 * and hydrates it once the dashboard chunk has loaded.
 */
import { lazy, Suspense } from "react";
import * as eager from "~/components/dashboard/dashboard-overview.server";
import type { DashboardOverviewProps } from "~/components/dashboard/dashboard-overview";

const LazyOverview = lazy(() =>
  import("~/components/dashboard/dashboard-overview").then((module) => ({ default: module.DashboardOverview })),
);

/** `eager.DashboardOverview` exists on the server only; the browser build gets the lazy chunk. */
const Overview: typeof LazyOverview | typeof eager.DashboardOverview = eager.DashboardOverview ?? LazyOverview;

/** The signed-in home dashboard (`DashboardOverview`, variant "home"). */
export function HomeDashboard({ data }: { data: DashboardOverviewProps["data"] }) {
  return (
    <Suspense fallback={null}>
      <Overview data={data} variant="home" />
    </Suspense>
  );
}
