import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { PastDueBanner } from "~/components/portal/past-due-banner";
import { formatDate } from "~/domain/signal-display";
import { pastDueNotice } from "~/models/stripe-billing.server";
import { ACCOUNT_TABS } from "~/content/account";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Account | FX Trader" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request, { allowPendingConsent: true, allowPendingDeletion: true });
  const pastDue = pastDueNotice(user.id, new Date());
  return json({ graceEndText: pastDue ? formatDate(pastDue.graceEndsAt) : null });
}

export default function AccountLayout() {
  const { graceEndText } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      {graceEndText ? <PastDueBanner graceEndText={graceEndText} /> : null}
      <h1 className="text-3xl font-bold tracking-tight">Account</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Manage your profile, subscription, security and API access.</p>
      <nav aria-label="Account sections" className="mt-8 border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex flex-wrap gap-1">
          {ACCOUNT_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                    isActive
                      ? "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300"
                      : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
