/**
 * The dashboard overview for the server render only (a `.server` module is
 * empty in the browser build): lets `HomeDashboard` render it synchronously on
 * the server while the browser loads it as a separate chunk.
 */
export { DashboardOverview } from "~/components/dashboard/dashboard-overview";
