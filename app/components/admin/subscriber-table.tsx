/** The subscriber list of /admin/subscribers. */
import { TableHead } from "~/components/ui/table-head";

export interface SubscriberRowView {
  userId: number;
  email: string;
  planName: string;
  status: string;
  mrrText: string;
  renewalText: string;
  failedPayments: number;
}

/** One row per subscriber: email, plan, status, MRR contribution, next renewal, failed payments. */
export function SubscriberTable({ rows }: { rows: SubscriberRowView[] }) {
  if (rows.length === 0) return <p className="mt-8 text-slate-700 dark:text-slate-300">No subscribers yet.</p>;
  return (
    <div role="region" aria-label="Subscribers" tabIndex={0} className="mt-8 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <TableHead
          className="border-b border-slate-200 dark:border-slate-700"
          cellClassName="px-3 py-2 font-semibold"
          columns={[
            { label: "Subscriber", className: "text-left" },
            { label: "Plan", className: "text-left" },
            { label: "Status", className: "text-left" },
            { label: "MRR (USD)", className: "text-right" },
            { label: "Next renewal", className: "text-left" },
            { label: "Failed payments", className: "text-right" },
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
              <td className="px-3 py-2 break-all">{row.email}</td>
              <td className="px-3 py-2">{row.planName}</td>
              <td className="px-3 py-2">{row.status}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.mrrText}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.renewalText}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.failedPayments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
