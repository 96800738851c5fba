/** /admin/deliveries: webhook hosts whose circuit breaker is open or half-open, or closed again within the hour (docs/decisions/0152-per-host-circuit-breaking.md). */
import { DELIVERIES_TEXT } from "~/content/admin-deliveries";
import { AdminListSection } from "./list-section";

export interface HostBreakerView {
  host: string;
  state: string;
  timeouts: number;
  openedAt: string | null;
  retryAt: string | null;
  updatedAt: string;
}

const utc = (iso: string | null) => (iso === null ? null : iso.replace("T", " ").slice(0, 19));

export function HostBreakers({ breakers }: { breakers: HostBreakerView[] }) {
  return (
    <AdminListSection
      id="breakers-title"
      title={DELIVERIES_TEXT.breakersTitle}
      intro={DELIVERIES_TEXT.breakersIntro}
      empty={DELIVERIES_TEXT.noBreakers}
      testId="host-breakers"
      items={breakers.map((b) => (
        <li key={b.host} className={`rounded border p-3 ${b.state === "closed" ? "border-slate-300 dark:border-slate-700" : "border-amber-300 dark:border-amber-700"}`}>
          <span className="font-mono font-medium">{b.host}</span> ·{" "}
          {DELIVERIES_TEXT.breakerLine(b.state, b.timeouts, utc(b.state === "closed" ? b.updatedAt : b.openedAt), utc(b.retryAt))}
        </li>
      ))}
    />
  );
}
