import type { ReactNode } from "react";
import { muted } from "~/components/portal/styles";

/** A dashed box saying a tab has nothing to show, with an optional next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-600">
      <p className="font-semibold">{title}</p>
      {children ? <div className={`mt-3 text-sm ${muted}`}>{children}</div> : null}
    </div>
  );
}
