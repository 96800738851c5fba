/** The admin page's list of the most recently published signals. */
import { SignalLink, StatusBadge } from "~/components/signals/signal-badges";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime, formatPrice, signalAge } from "~/domain/signal-display";

/** A published signal as the list shows it (times as ISO strings). */
interface RecentSignal {
  id: number;
  symbol: string;
  side: string;
  status: string;
  createdAt: string;
  strategyName: string;
  entryJson: { method: string };
  entryPrice: number | null;
  stopLoss: number | null;
  takeProfit1: number | null;
  takeProfit2: number | null;
}

/** The list (newest first, `limit` at most), ages relative to `now` (ISO). */
export function RecentSignals({ recent, now, limit }: { recent: RecentSignal[]; now: string; limit: number }) {
  const reference = new Date(now);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Signals</CardTitle>
        <CardDescription>The {limit} most recently published signals.</CardDescription>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="py-6 text-center text-slate-700 dark:text-slate-300">No signals created yet</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Recent signals">
            {recent.map((signal) => (
              <li
                key={signal.id}
                data-testid="recent-signal"
                className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <SignalLink signal={signal} className="font-semibold text-slate-900 dark:text-slate-50" />
                  <Badge variant={signal.side === "LONG" ? "success" : "destructive"}>{signal.side}</Badge>
                  <StatusBadge status={signal.status} />
                  <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={signal.createdAt} title={formatDateTime(signal.createdAt)}>
                      {signalAge(signal.createdAt, reference)}
                    </time>
                  </span>
                </div>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {signal.strategyName} · {signal.entryJson.method} entry
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <PriceItem label="Entry" value={formatPrice(signal.symbol, signal.entryPrice)} />
                  <PriceItem label="SL" value={formatPrice(signal.symbol, signal.stopLoss)} />
                  <PriceItem label="TP1" value={formatPrice(signal.symbol, signal.takeProfit1)} />
                  <PriceItem label="TP2" value={formatPrice(signal.symbol, signal.takeProfit2)} />
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PriceItem({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}
