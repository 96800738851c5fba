/**
 * Whether the signal shown is its ledger: its stored row compared with the
 * fold of its events (docs/decisions/0128-figures-fold-from-the-ledger.md).
 * A row that differs is named field by field; the page then shows the
 * ledger's figures, never the row's beside ✓ marks.
 */
import type { DriftField } from "~/domain/ledger-fold";

const FIELD_LABELS: Partial<Record<DriftField["field"], string>> = {
  exitPrice: "Exit price",
  closeReason: "Close reason",
  resultPips: "Result (pips)",
  resultR: "Result (R)",
  closedAt: "Ended at",
  fillPrice: "Fill price",
  triggeredAt: "Filled at",
  originalSl: "Original stop loss",
  sl: "Stop loss",
  tp1: "Take profit 1",
  tp2: "Take profit 2",
};

/** A compared value as a reader sees it: times in UTC, nothing as a dash. */
function shown(field: DriftField["field"], value: DriftField["stored"]): string {
  if (value === null) return "—";
  if ((field === "closedAt" || field === "triggeredAt") && typeof value === "number") return new Date(value).toISOString().replace(".000Z", "Z");
  return String(value);
}

/** The verdict above the timeline: green when the row is the fold of its events, red naming each differing field otherwise (without values while `locked`). */
export function SignalVerdict({ drift, eventCount, locked }: { drift: DriftField[]; eventCount: number; locked: boolean }) {
  if (drift.length === 0) {
    return (
      <p data-testid="signal-verdict" data-verified="true" className="mt-6 rounded-lg border border-green-700 bg-green-50 p-4 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
        The figures on this page are the fold of this signal's {eventCount} ledger {eventCount === 1 ? "event" : "events"}, recomputed just now.
      </p>
    );
  }
  return (
    <div role="alert" data-testid="signal-verdict" data-verified="false" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">Not verified: the stored signal differs from its ledger events.</p>
      <p className="mt-1">The figures on this page are the ledger's. What the stored row says instead:</p>
      <ul className="mt-2 list-disc pl-5">
        {drift.map((d) => (
          <li key={d.field}>
            {FIELD_LABELS[d.field] ?? d.field}
            {locked ? " (values hidden until the signal ends)" : `: stored ${shown(d.field, d.stored)}, ledger ${shown(d.field, d.folded)}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
