/** The outcome of an ended signal: exit price (volume-weighted), reason, pips, R and when it ended. */
import { formatDateTime, formatPrice } from "~/domain/signal-display";
import { formatPips, formatR } from "~/domain/signal-status";

/** The outcome fields of a signal in API shape (times as ISO strings). */
export interface OutcomeFields {
  symbol: string;
  exitPrice: number | null;
  closeReason: string | null;
  resultPips: number | null;
  resultR: number | null;
  closedAt: string | null;
}

/** A definition list of the outcome; `compact` lays it out in one row of four columns on wide screens. */
export function SignalOutcome({ signal, compact = false }: { signal: OutcomeFields; compact?: boolean }) {
  const items = [
    { term: "Exit price", value: formatPrice(signal.symbol, signal.exitPrice) },
    { term: "Reason", value: signal.closeReason ?? "—" },
    { term: "Result (pips)", value: formatPips(signal.resultPips) },
    { term: "Result (R)", value: formatR(signal.resultR) },
  ];
  return (
    <dl className={`grid grid-cols-2 gap-x-4 gap-y-2 text-sm ${compact ? "sm:grid-cols-5" : "sm:grid-cols-3"}`} data-testid="signal-outcome">
      {items.map((item) => (
        <div key={item.term}>
          <dt className="text-xs text-slate-600 dark:text-slate-400">{item.term}</dt>
          <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{item.value}</dd>
        </div>
      ))}
      <div>
        <dt className="text-xs text-slate-600 dark:text-slate-400">Closed at</dt>
        <dd className="font-medium text-slate-900 dark:text-slate-100">
          {signal.closedAt ? <time dateTime={signal.closedAt}>{formatDateTime(signal.closedAt)}</time> : "—"}
        </dd>
      </div>
    </dl>
  );
}
