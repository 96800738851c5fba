/** The banner every /admin page shows while the projection check has found drift (docs/decisions/0148). */
import { Link } from "@remix-run/react";
import { PROJECTION_DRIFT_SHOWN, PROJECTION_DRIFT_TEXT as T } from "~/content/projection-drift";
import { formatDateTime } from "~/domain/signal-display";

/** A drifting signal as a loader sends it: its id, the differing fields, when found (ISO 8601 UTC). */
export interface DriftNotice {
  signalId: number;
  fields: string[];
  detectedAt: string;
}

/** Nothing when `drift` is empty; otherwise an alert naming each signal (up to PROJECTION_DRIFT_SHOWN) and its fields. */
export function ProjectionDriftBanner({ drift }: { drift: readonly DriftNotice[] }) {
  if (drift.length === 0) return null;
  const shown = drift.slice(0, PROJECTION_DRIFT_SHOWN);
  return (
    <section role="alert" aria-labelledby="projection-drift-title" className="mx-auto mt-6 max-w-7xl rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h2 id="projection-drift-title" className="font-semibold">
        {T.title}
      </h2>
      <p className="mt-1">{T.lead}</p>
      <ul className="mt-2 list-disc pl-5">
        {shown.map((notice) => (
          <li key={notice.signalId} data-drift-signal={notice.signalId}>
            <Link to={`/signals/${notice.signalId}`} className="font-medium underline">
              {T.signal} {notice.signalId}
            </Link>{" "}
            {T.fields} {notice.fields.join(", ")} ({T.detected} {formatDateTime(notice.detectedAt)})
          </li>
        ))}
      </ul>
      {drift.length > shown.length ? <p className="mt-1">{T.more(drift.length - shown.length)}</p> : null}
    </section>
  );
}
