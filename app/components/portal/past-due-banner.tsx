/** The banner every portal page shows while a payment is overdue and its grace runs (issue 38, dunning). */
import { Link } from "@remix-run/react";
import { pastDueBanner } from "~/content/billing";

/** @param graceEndText the date the grace ends, e.g. 'Dec 5, 2026'. */
export function PastDueBanner({ graceEndText }: { graceEndText: string }) {
  return (
    <div role="alert" className="mx-auto mt-4 max-w-5xl rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
      {pastDueBanner(graceEndText)}{" "}
      <Link to="/portal/account/subscription" className="font-semibold underline">
        Update payment method
      </Link>
    </div>
  );
}
