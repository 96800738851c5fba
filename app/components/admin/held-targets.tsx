/** /admin/deliveries: targets whose later events wait behind an undelivered one ("held behind event N since T"). */
import { CHANNEL_LABELS, DELIVERIES_TEXT } from "~/content/admin-deliveries";

export interface HeldTargetView {
  jobId: number;
  userEmail: string;
  channel: string;
  targetId: number;
  seq: number;
  since: string;
  waiting: number;
  lastError: string | null;
}

export function HeldTargets({ held }: { held: HeldTargetView[] }) {
  return (
    <section className="mt-10" aria-labelledby="held-title">
      <h2 id="held-title" className="text-xl font-semibold">
        {DELIVERIES_TEXT.heldTitle}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.heldIntro}</p>
      {held.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.noHeld}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2 text-sm" data-testid="held-targets">
          {held.map((h) => (
            <li key={h.jobId} className="rounded border border-amber-300 p-3 dark:border-amber-700">
              <span className="font-medium">{h.userEmail}</span> · {CHANNEL_LABELS[h.channel] ?? h.channel} {h.targetId > 0 ? `#${h.targetId}` : ""} ·{" "}
              {DELIVERIES_TEXT.heldBehind(h.seq, h.since.replace("T", " ").slice(0, 19), h.waiting)}
              {h.lastError ? <span className="block text-slate-700 dark:text-slate-300">{h.lastError}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
