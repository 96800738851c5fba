/** /admin/deliveries: targets whose later events wait behind an undelivered one ("held behind event N since T"). */
import { CHANNEL_LABELS, DELIVERIES_TEXT } from "~/content/admin-deliveries";
import { AdminListSection } from "./list-section";

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
    <AdminListSection
      id="held-title"
      title={DELIVERIES_TEXT.heldTitle}
      intro={DELIVERIES_TEXT.heldIntro}
      empty={DELIVERIES_TEXT.noHeld}
      testId="held-targets"
      items={held.map((h) => (
        <li key={h.jobId} className="rounded border border-amber-300 p-3 dark:border-amber-700">
          <span className="font-medium">{h.userEmail}</span> · {CHANNEL_LABELS[h.channel] ?? h.channel} {h.targetId > 0 ? `#${h.targetId}` : ""} ·{" "}
          {DELIVERIES_TEXT.heldBehind(h.seq, h.since.replace("T", " ").slice(0, 19), h.waiting)}
          {h.lastError ? <span className="block text-slate-700 dark:text-slate-300">{h.lastError}</span> : null}
        </li>
      ))}
    />
  );
}
