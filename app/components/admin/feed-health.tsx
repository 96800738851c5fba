/**
 * The desk's price-feed health (docs/decisions/0168-price-feed-adapter.md):
 * an alert while any watched symbol's feed is stale, then each polled
 * symbol's newest bar, missing minutes and last error. Nothing when no feed
 * is configured and none ever ran.
 */
import { FEED_HEALTH_TEXT as T } from "~/content/price-feed";

/** A symbol's feed state as the desk's loader sends it (times ISO 8601 UTC). */
export interface FeedHealthView {
  symbol: string;
  source: string;
  instrument: string;
  lastBarAt: string | null;
  missingMinutes: number;
  stale: boolean;
  lastError: string | null;
}

const utc = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : T.never);

/** The section; `configured` says PRICE_FEED is set. */
export function FeedHealth({ configured, symbols }: { configured: boolean; symbols: readonly FeedHealthView[] }) {
  if (!configured && symbols.length === 0) return null;
  const stale = symbols.filter((row) => row.stale);
  return (
    <section aria-labelledby="feed-health-title" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="feed-health-title" className="text-xl font-semibold">
        {T.title}
      </h2>
      {stale.length > 0 ? (
        <p role="alert" data-testid="stale-feed-alarm" className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {T.stale(stale.map((row) => row.symbol))}
        </p>
      ) : null}
      {symbols.length === 0 ? <p className="mt-2 text-sm">{T.none}</p> : null}
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {symbols.map((row) => (
          <li key={row.symbol} data-feed-symbol={row.symbol}>
            <strong>{row.symbol}</strong> ({row.source} {row.instrument}) · {T.lastBar} {utc(row.lastBarAt)} · {T.missing} {row.missingMinutes}
            {row.lastError ? ` · ${T.error} ${row.lastError}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
