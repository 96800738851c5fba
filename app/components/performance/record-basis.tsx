/**
 * The basis of a track record on a page (docs/decisions/0146-live-record-by-default.md):
 * plain `?basis=` links (live, simulated, both) that work without JavaScript,
 * and what a live record with no trade says instead of zeros.
 */
import { Link } from "@remix-run/react";

import { NO_LIVE_TRADES, NO_LIVE_TRADES_NOTE, RECORD_BASIS_CHOICES, RECORD_BASIS_LABEL } from "~/content/track-record";
import type { RecordBasis } from "~/domain/record-basis";
import { PeriodLinks } from "./period-links";

/** The basis links; `hrefFor` gives each basis's URL (keeping the page's other parameters). */
export function BasisLinks({ basis, hrefFor, className = "" }: { basis: RecordBasis; hrefFor: (basis: RecordBasis) => string; className?: string }) {
  return (
    <PeriodLinks choices={RECORD_BASIS_CHOICES} current={basis} hrefFor={hrefFor} label={RECORD_BASIS_LABEL} testIdPrefix="record-basis-" className={`w-fit ${className}`} />
  );
}

/**
 * "No live trades yet", with a link to the simulated history (labelled as
 * such) when `simulatedHref` is given.
 */
export function NoLiveTrades({ simulatedHref, className = "" }: { simulatedHref?: string; className?: string }) {
  return (
    <div className={`rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700 ${className}`} data-testid="no-live-trades">
      <p className="font-semibold">{NO_LIVE_TRADES}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {NO_LIVE_TRADES_NOTE}
        {simulatedHref ? (
          <>
            {" "}
            <Link to={simulatedHref} preventScrollReset className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300">
              See the simulated history
            </Link>
            .
          </>
        ) : null}
      </p>
    </div>
  );
}
