/** The billing history table of the Subscription tab. */
import { TableHead } from "~/components/ui/table-head";
/** The viewer's billing records, newest first. */
export function BillingHistory({
  rows,
}: {
  rows: {
    id: number;
    date: string;
    dateText: string;
    description: string;
    amountText: string;
  }[];
}) {
  return (
    <section aria-labelledby="billing-history-title">
      <h2 id="billing-history-title" className="text-xl font-semibold">
        Billing history
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
          No billing records yet.
        </p>
      ) : (
        <div role="region" aria-labelledby="billing-history-title" tabIndex={0} className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <TableHead
              className="border-b border-slate-200 dark:border-slate-700"
              cellClassName="px-3 py-2 font-semibold"
              columns={[
                { label: "Date", className: "text-left" },
                { label: "Description", className: "text-left" },
                { label: "Amount (USD)", className: "text-right" },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={row.date}>{row.dateText}</time>
                  </td>
                  <td className="px-3 py-2">{row.description}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.amountText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
