/** What /admin/signals shows when its loader or action fails: 403 for signed-in non-admins. */
import { isRouteErrorResponse, Link } from "@remix-run/react";

import { isRefusal, RefusalPage } from "~/components/not-found";
import { buttonClass } from "~/components/ui/button";

/** The /admin/signals error page: "Access denied" for a 403, else a generic failure. */
export function AdminSignalsError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <p className="text-sm font-semibold tracking-wide text-red-700 uppercase dark:text-red-400">Error 403</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 dark:text-slate-50">Access denied</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          Publishing signals is for administrators only. If you think you should have access, contact support.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard" className={buttonClass("default")}>
            Go to your dashboard
          </Link>
          <Link to="/contact" className={buttonClass("outline")}>
            Contact support
          </Link>
        </div>
      </div>
    );
  }
  if (isRefusal(error)) return <RefusalPage refusal={error.data} link={{ to: "/", label: "Back to home" }} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">Something went wrong</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        The signal publisher could not be loaded. Please try again, or contact support if it keeps happening.
      </p>
    </div>
  );
}
