/** /admin/deliveries: webhook hosts whose circuit breaker is open or half-open, or closed again within the hour (docs/decisions/0152-per-host-circuit-breaking.md). */
import { DELIVERIES_TEXT } from "~/content/admin-deliveries";

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
    <section className="mt-10" aria-labelledby="breakers-title">
      <h2 id="breakers-title" className="text-xl font-semibold">
        {DELIVERIES_TEXT.breakersTitle}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.breakersIntro}</p>
      {breakers.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.noBreakers}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2 text-sm" data-testid="host-breakers">
          {breakers.map((b) => (
            <li key={b.host} className={`rounded border p-3 ${b.state === "closed" ? "border-slate-300 dark:border-slate-700" : "border-amber-300 dark:border-amber-700"}`}>
              <span className="font-mono font-medium">{b.host}</span> ·{" "}
              {DELIVERIES_TEXT.breakerLine(b.state, b.timeouts, utc(b.state === "closed" ? b.updatedAt : b.openedAt), utc(b.retryAt))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
