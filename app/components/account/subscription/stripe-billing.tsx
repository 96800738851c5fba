/**
 * The Subscription tab's billing pieces (issue 38): the demo-billing notice,
 * the checkout return notice, Manage billing (a form that opens Stripe's
 * Billing Portal) and the invoice history with hosted invoice and PDF links.
 */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { TableHead } from "~/components/ui/table-head";
import { BILLING_TEXT, CHECKOUT_TEXT, DEMO_BILLING_NOTICE } from "~/content/billing";
import type { InvoiceView } from "~/services/stripe-subscription.server";

/** "Demo billing: no card is charged", on every billing screen in demo mode. */
export function DemoBillingNotice() {
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {DEMO_BILLING_NOTICE}
    </p>
  );
}

/** After Checkout: "Confirming your payment…" until the webhook has landed, then the confirmation. */
export function CheckoutNotice({ state }: { state: "confirming" | "confirmed" | "cancelled" }) {
  if (state === "cancelled") return <Alert>{CHECKOUT_TEXT.cancelled}</Alert>;
  return (
    <section role="status" aria-live="polite" className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
      {state === "confirming" ? (
        <>
          <p className="font-semibold">{CHECKOUT_TEXT.confirming}</p>
          <p>{CHECKOUT_TEXT.confirmingDetail}</p>
        </>
      ) : (
        <p className="font-semibold">{CHECKOUT_TEXT.confirmed}</p>
      )}
    </section>
  );
}

/** Manage billing: opens a Stripe Billing Portal session (payment methods, invoices, tax ids). */
export function ManageBilling() {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="manage-billing" />
      <Button type="submit" variant="outline">
        {BILLING_TEXT.manageBilling}
      </Button>
      <span className="text-sm text-slate-700 dark:text-slate-300">{BILLING_TEXT.manageBillingDetail}</span>
    </Form>
  );
}

/** The user's real invoices (date, amount, status, links); `rows` null when Stripe could not be reached. */
export function InvoiceHistory({ rows }: { rows: InvoiceView[] | null }) {
  return (
    <section aria-labelledby="invoice-history-title">
      <h2 id="invoice-history-title" className="text-xl font-semibold">
        {BILLING_TEXT.historyTitle}
      </h2>
      {rows === null ? (
        <Alert className="mt-4">{BILLING_TEXT.stripeUnavailable}</Alert>
      ) : rows.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{BILLING_TEXT.historyEmpty}</p>
      ) : (
        <div role="region" aria-labelledby="invoice-history-title" tabIndex={0} className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <TableHead
              className="border-b border-slate-200 dark:border-slate-700"
              cellClassName="px-3 py-2 font-semibold"
              columns={[
                { label: "Date", className: "text-left" },
                { label: "Amount (USD)", className: "text-right" },
                { label: "Status", className: "text-left" },
                { label: "Invoice", className: "text-left" },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={row.date}>{row.dateText}</time>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.amountText}</td>
                  <td className="px-3 py-2 capitalize">{row.status}</td>
                  <td className="px-3 py-2">
                    {row.hostedInvoiceUrl ? <a href={row.hostedInvoiceUrl} className="underline">{BILLING_TEXT.hostedInvoice}</a> : null}
                    {row.pdfUrl ? <> · <a href={row.pdfUrl} className="underline">{BILLING_TEXT.pdf}</a></> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
