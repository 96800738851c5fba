/** A stat card of the signed-in dashboard (./dashboard-overview.tsx). */
import type { ReactNode } from "react";

const muted = "text-slate-700 dark:text-slate-300";

/** One figure of the dashboard: label, value and an optional hint, amber with a ⚠ when `warning`. */
export function StatCard({
  label,
  value,
  hint,
  warning = false,
  testId,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  warning?: boolean;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      data-warning={warning || undefined}
      className={`rounded-xl border p-5 shadow-sm ${
        warning
          ? "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950/40 dark:text-amber-100"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      }`}
    >
      <dt className={`text-sm font-medium ${warning ? "" : muted}`}>{label}</dt>
      <dd className="mt-2 flex items-center gap-2 text-2xl font-bold tabular-nums">
        {warning ? <span aria-hidden="true">⚠</span> : null}
        {value}
      </dd>
      {hint ? <dd className={`mt-1 text-sm ${warning ? "" : muted}`}>{hint}</dd> : null}
    </div>
  );
}
