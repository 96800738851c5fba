/** Reading signal statuses and outcomes for display, and the Signals tab's `?status=` filter. Pure lookups in ~/content. */
import { SIGNAL_STATUS_FILTERS, SIGNAL_STATUS_LABELS, type SignalStatusFilter } from "~/content/signal-status";

/** The on-screen label of `status` ("Pending" for PENDING); an unknown value is shown as it is. */
export function signalStatusLabel(status: string): string {
  return (SIGNAL_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Whether `status` is open (PENDING or ACTIVE): shown with the live marker and locked for viewers who are not entitled. */
export function isOpenStatus(status: string): boolean {
  return status === "PENDING" || status === "ACTIVE";
}

/** Whether a signal offers "Size this trade": only an open (PENDING or ACTIVE), unlocked one (docs/decisions/0160-calls-to-action-by-viewer.md). */
export function showsSizeThisTrade(signal: { status: string; locked?: boolean }): boolean {
  return isOpenStatus(signal.status) && !signal.locked;
}

/** The filter group named by `?status=` (case-insensitive); anything else is `all`. */
export function parseStatusFilter(value: string | null | undefined): (typeof SIGNAL_STATUS_FILTERS)[number] {
  const lower = (value ?? "").toLowerCase();
  return SIGNAL_STATUS_FILTERS.find((group) => group.id === lower) ?? SIGNAL_STATUS_FILTERS[0];
}

/** A result in pips with its sign and one decimal, e.g. "+12.5 pips", "-8.0 pips"; "—" for null. */
export function formatPips(pips: number | null): string {
  if (pips === null) return "—";
  return `${pips > 0 ? "+" : ""}${pips.toFixed(1)} pips`;
}

/** A result in R (multiples of the original risk) with its sign and two decimals, e.g. "+1.50 R"; "—" for null. */
export function formatR(r: number | null): string {
  if (r === null) return "—";
  return `${r > 0 ? "+" : ""}${r.toFixed(2)} R`;
}

export type { SignalStatusFilter };
