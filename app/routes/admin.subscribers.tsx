/**
 * /admin/subscribers (issue 38): every subscriber with plan, status, MRR
 * contribution, next renewal and failed payments; totals of MRR and the
 * active, trialing and past-due counts. A read (admins only).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SubscriberTable } from "~/components/admin/subscriber-table";
import { PLAN_RULES } from "~/content/plans";
import { formatUsdCents } from "~/domain/money";
import { formatDate } from "~/domain/signal-display";
import { mrrContributionCents, subscriberTotals } from "~/domain/stripe-billing";
import { planPriceCents } from "~/domain/subscription-lifecycle";
import { listSubscribers } from "~/models/stripe-billing.server";
import { requireAdminViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Subscribers | FX Trader" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminViewer(request);
  const now = new Date();
  const rows = listSubscribers().map((row) => ({ ...row, monthlyPriceCents: planPriceCents(row.plan) }));
  const totals = subscriberTotals(rows, now);
  return json(
    {
      totals: { ...totals, mrrText: formatUsdCents(totals.mrrCents) },
      subscribers: rows.map((row) => ({
        userId: row.userId,
        email: row.email,
        planName: PLAN_RULES[row.plan].name,
        status: row.stripeStatus ?? row.status.toLowerCase(),
        mrrText: formatUsdCents(mrrContributionCents(row, now)),
        renewalText: row.status === "ACTIVE" && !row.cancelAtPeriodEnd ? formatDate(row.endDate) : "—",
        failedPayments: row.failedPayments,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AdminSubscribers() {
  const { totals, subscribers } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Subscribers</h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ["MRR", totals.mrrText],
          ["Active", String(totals.active)],
          ["Trialing", String(totals.trialing)],
          ["Past due", String(totals.pastDue)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <SubscriberTable rows={subscribers} />
    </div>
  );
}
