/** How signal statuses read on screen, and the status filter groups of a strategy's Signals tab. */
import type { SignalStatus } from "../../db/schema";

/** The label of each status: PENDING reads "Pending" (shown like ACTIVE), the others as stored. */
export const SIGNAL_STATUS_LABELS: Record<SignalStatus, string> = {
  PENDING: "Pending",
  ACTIVE: "ACTIVE",
  CLOSED: "CLOSED",
  CANCELLED: "CANCELLED",
  EXPIRED: "EXPIRED",
};

/** The `?status=` groups of the Signals tab, in the order the filter links show them; `all` is the default. */
export const SIGNAL_STATUS_FILTERS = [
  { id: "all", label: "All", statuses: ["PENDING", "ACTIVE", "CLOSED", "CANCELLED", "EXPIRED"] },
  { id: "open", label: "Open", statuses: ["PENDING", "ACTIVE"] },
  { id: "closed", label: "Closed", statuses: ["CLOSED"] },
  { id: "cancelled", label: "Cancelled or expired", statuses: ["CANCELLED", "EXPIRED"] },
] as const satisfies readonly { id: string; label: string; statuses: readonly SignalStatus[] }[];
export type SignalStatusFilter = (typeof SIGNAL_STATUS_FILTERS)[number]["id"];
