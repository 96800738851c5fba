/** The desk's latest ended signals (closed, cancelled, expired) with their outcome. */
import { SideBadge, SignalLink, StatusBadge } from "~/components/signals/signal-badges";
import { SignalOutcome, type OutcomeFields } from "~/components/signals/signal-outcome";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** An ended signal as the desk lists it (API shape, times as ISO strings). */
export interface EndedDeskSignal extends OutcomeFields {
  id: number;
  side: string;
  status: string;
  strategyName: string;
}

/** The list, newest first, `limit` at most. */
export function EndedSignals({ signals, limit }: { signals: EndedDeskSignal[]; limit: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Latest Closed Signals</CardTitle>
        <CardDescription>The {limit} latest closed, cancelled or expired signals and their outcome.</CardDescription>
      </CardHeader>
      <CardContent>
        {signals.length === 0 ? (
          <p className="py-6 text-center text-slate-700 dark:text-slate-300">No closed signals yet</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Latest closed signals">
            {signals.map((signal) => (
              <li key={signal.id} data-testid="desk-ended-signal" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <div className="mb-3 flex flex-wrap items-center gap-2">
                  <SignalLink signal={signal} className="font-semibold text-slate-900 dark:text-slate-50" />
                  <SideBadge side={signal.side} />
                  <StatusBadge status={signal.status} />
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    #{signal.id} · {signal.strategyName}
                  </span>
                </div>
                <SignalOutcome signal={signal} compact />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
