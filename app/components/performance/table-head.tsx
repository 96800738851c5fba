/** The header row of the /performance tables (monthly breakdown, spreads): shaded, first column left, figures right. */
import { TableHead } from "~/components/ui/table-head";

/** `labels` in order; every column after the first holds figures and is right-aligned. */
export function PerformanceTableHead({ labels }: { labels: ReadonlyArray<string> }) {
  return (
    <TableHead
      className="bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      cellClassName="px-4 py-2 font-semibold"
      columns={labels.map((label, index) => (index === 0 ? { label } : { label, className: "text-right" }))}
    />
  );
}
