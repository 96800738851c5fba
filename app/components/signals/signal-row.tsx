/**
 * One signal in a signal list (app/components/signal-list.tsx): a `<tbody>`
 * holding the signal's row and, when shown, its rationale row.
 *
 * The same markup serves every width (its layout is the `.signal-list` rules
 * in app/styles/tailwind.css). Over 640px it is an ordinary table row under
 * the column headings; at 640px and narrower the `<tbody>` becomes a card and
 * the row a two-column grid, each price showing its own label (the
 * labels are hidden from assistive technology, which reads the column
 * headings: explicit table roles keep the table's semantics when CSS changes
 * its display, as browsers drop them otherwise).
 */
import type { ReactNode } from "react";
import { SizeThisTrade } from "~/components/signals/size-this-trade";
import { UnlockCta } from "~/components/signals/unlock-cta";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime, formatPrice, formatShortDateTime, sideTint, signalAge } from "~/domain/signal-display";
import type { UnlockFacts } from "~/domain/unlock";
import type { SignalListView as SignalListItem } from "~/domain/signals";
import { SideBadge, SignalLink, StatusBadge } from "~/components/signals/signal-badges";

/** The column headings, in order (the row's cells follow them). */
export const SIGNAL_COLUMNS = ["Symbol / Side", "Status", "Entry", "SL", "TP1", "TP2", "Created / Expires"] as const;

const METHOD_LABEL: Record<string, string> = { market: "Market", limit: "Limit", stop: "Stop" };

/** Row tints with WCAG AA contrast for the text on them in both themes. */
const TINT_CLASS = {
  green: "bg-green-50 dark:bg-green-950/40 border-l-4 border-l-green-700 dark:border-l-green-400",
  red: "bg-red-50 dark:bg-red-950/40 border-l-4 border-l-red-700 dark:border-l-red-400",
} as const;

export const mutedText = "text-slate-700 dark:text-slate-300";

function methodLabel(signal: SignalListItem): string {
  return METHOD_LABEL[signal.entryJson.method] ?? signal.entryJson.method;
}

/** The signal's entry, SL, TP1 and TP2 as shown (the instrument's decimals, '—' when withheld or absent). */
function displayedPrices(signal: SignalListItem): { entry: string; sl: string; tp1: string; tp2: string } {
  return {
    entry: formatPrice(signal.symbol, signal.entryJson.price),
    sl: formatPrice(signal.symbol, signal.sl),
    tp1: formatPrice(signal.symbol, signal.tpJson.tp1),
    tp2: formatPrice(signal.symbol, signal.tpJson.tp2),
  };
}

/** A price cell; in the card, the column's name is written above the value. */
function PriceCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td role="cell" className="signal-price">
      <span aria-hidden="true" className="signal-label">
        {label}
      </span>
      {children}
    </td>
  );
}

interface SignalRowProps {
  signal: SignalListItem;
  /** Reference time for the age label (ISO string from the loader). */
  now: string;
  tint: boolean;
  showRationale: boolean;
  strategyName?: string;
  sizeRiskPercent?: number;
  unlock: UnlockFacts;
}

/** One signal: its row (a card at 640px and narrower) and, when `showRationale` and it has one, its rationale. */
export function SignalRow({ signal, now, tint, showRationale, strategyName, sizeRiskPercent, unlock }: SignalRowProps) {
  const side = signal.side;
  const tintClass = tint ? TINT_CLASS[sideTint(side)] : "";
  const rationale = showRationale && signal.rationale ? signal.rationale : null;
  const prices = displayedPrices(signal);
  return (
    <tbody role="rowgroup">
      <tr role="row" data-side={side} data-testid="signal-row" className={tintClass || undefined}>
        <th role="rowheader" scope="row" className="text-left font-semibold whitespace-nowrap">
          <SignalLink signal={signal} className="block" />
          <span className="mt-1 block">
            <SideBadge side={side} />
          </span>
          {strategyName ? <span className="signal-sub mt-1 font-normal">{strategyName}</span> : null}
          <SizeThisTrade signal={signal} riskPercent={sizeRiskPercent} className={buttonClass("outline", "sm", "mt-2")} />
        </th>
        <td role="cell">
          <StatusBadge status={signal.status} />
        </td>
        {signal.locked ? (
          <td role="cell" colSpan={4}>
            <UnlockCta facts={unlock} strategyId={signal.strategyId} />
            <span className="signal-sub">{methodLabel(signal)} entry</span>
          </td>
        ) : (
          <>
            <PriceCell label="Entry">
              {prices.entry}
              <span className="signal-sub">{methodLabel(signal)}</span>
            </PriceCell>
            <PriceCell label="SL">{prices.sl}</PriceCell>
            <PriceCell label="TP1">{prices.tp1}</PriceCell>
            <PriceCell label="TP2">{prices.tp2}</PriceCell>
          </>
        )}
        <td role="cell" className="whitespace-nowrap">
          <time dateTime={signal.createdAt} title={formatDateTime(signal.createdAt)}>
            {signalAge(signal.createdAt, new Date(now))}
          </time>
          <span className="signal-sub">
            Exp. <time dateTime={signal.expiresAt}>{formatShortDateTime(signal.expiresAt)}</time>
          </span>
        </td>
      </tr>
      {rationale ? (
        <tr role="row" className={tintClass || undefined}>
          <td role="cell" colSpan={SIGNAL_COLUMNS.length} className={mutedText}>
            <span className="font-semibold">Rationale: </span>
            {rationale}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
