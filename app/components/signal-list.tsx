/**
 * A list of signals (spec sections 2 "Dashboard home" and "Strategy detail",
 * 3 "Signal", 4 "Signal row tint" and "Signal age display").
 *
 * One structure for every width: a table whose rows become stacked cards at
 * 640px and narrower (app/components/signals/signal-row.tsx), so the page
 * never scrolls sideways and each signal is in the HTML once. Over 640px the
 * table scrolls inside its own region if the container is narrower than the
 * table. Locked signals (the viewer is not entitled to the strategy) show,
 * instead of price levels, what would unlock them for this viewer
 * (app/components/signals/unlock-cta.tsx).
 *
 * Ages are computed from `now` (an ISO string from the loader) so the server
 * and the client render the same text.
 */
import type { ReactNode } from "react";
import { SIGNAL_COLUMNS, SignalRow, mutedText } from "~/components/signals/signal-row";
import type { SignalListView } from "~/domain/signals";
import type { UnlockFacts } from "~/domain/unlock";

/** The fields the list reads (a page loader sends `toSignalListView` of each signal; a whole `ApiSignal` fits too). */
export type SignalListItem = SignalListView;

interface SignalListProps {
  signals: readonly SignalListItem[];
  /** Reference time for the age labels (ISO string from the loader). */
  now: string;
  /** Text shown when there are no signals. */
  emptyText: string;
  /** Extra content under the empty text, e.g. a link. */
  emptyAction?: ReactNode;
  /** Tint rows by side: green for LONG, red otherwise (the strategy page). */
  tint?: boolean;
  /** Show each signal's rationale under it. */
  showRationale?: boolean;
  /** Strategy names by id; when given, each row names its strategy. */
  strategyNames?: Readonly<Record<number, string>>;
  /** Accessible name of the list (its region and its table caption). */
  label?: string;
  /** Percent risked by each row's "Size this trade" link (the viewer's risk template); default 1%. */
  sizeRiskPercent?: number;
  /** What the viewer has, for the call to action on locked signals. */
  unlock: UnlockFacts;
}

const headClass = "px-2.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300";

/** Signals as a table on wide screens, as stacked cards at 640px and narrower. */
export function SignalList({
  signals,
  now,
  emptyText,
  emptyAction,
  tint = false,
  showRationale = true,
  strategyNames,
  label = "Signals",
  sizeRiskPercent,
  unlock,
}: SignalListProps) {
  if (signals.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-600">
        <p className={mutedText}>{emptyText}</p>
        {emptyAction ? <div className="mt-4">{emptyAction}</div> : null}
      </div>
    );
  }
  return (
    // A focusable, labelled region so keyboard users can scroll a table wider than its container.
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg">
      <table role="table" className="signal-list w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead role="rowgroup" className="border-b border-slate-200 dark:border-slate-700">
          <tr role="row">
            {SIGNAL_COLUMNS.map((column) => (
              <th key={column} role="columnheader" scope="col" className={headClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {signals.map((signal) => (
          <SignalRow
            key={signal.id}
            signal={signal}
            now={now}
            tint={tint}
            showRationale={showRationale}
            strategyName={strategyNames?.[signal.strategyId]}
            sizeRiskPercent={sizeRiskPercent}
            unlock={unlock}
          />
        ))}
      </table>
    </div>
  );
}
