/**
 * A list of signals (spec sections 2 "Dashboard home" and "Strategy detail",
 * 3 "Signal", 4 "Signal row tint" and "Signal age display").
 *
 * Wide screens (over 640px) get a table; narrow ones get stacked cards, so the
 * page never scrolls sideways (the table scrolls inside its own region if the
 * container is narrower than the table). Locked signals (the viewer is not
 * entitled to the strategy) show, instead of price levels, what would unlock
 * them for this viewer (app/components/signals/unlock-cta.tsx).
 *
 * Ages are computed from `now` (an ISO string from the loader) so the server
 * and the client render the same text.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import type { ApiSignal } from "~/domain/signals";
import { formatDateTime, formatPrice, sideTint, signalAge } from "~/domain/signal-display";
import { isOpenStatus, signalStatusLabel } from "~/domain/signal-status";
import { TableHead } from "~/components/ui/table-head";
import { SizeThisTrade } from "~/components/signals/size-this-trade";
import { buttonClass } from "~/components/ui/button";
import { UnlockCta } from "~/components/signals/unlock-cta";
import type { UnlockFacts } from "~/domain/unlock";

/** The fields the list reads; loader JSON of `ApiSignal` fits. */
export type SignalListItem = Pick<
  ApiSignal,
  | "id"
  | "strategyId"
  | "symbol"
  | "side"
  | "status"
  | "entryJson"
  | "sl"
  | "tpJson"
  | "rationale"
  | "createdAt"
  | "expiresAt"
  | "locked"
> &
  Partial<Pick<ApiSignal, "direction" | "entryPrice" | "stopLoss" | "takeProfit1" | "takeProfit2">>;

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
  /** Show the rationale column / line. */
  showRationale?: boolean;
  /** Strategy names by id; when given, each row names its strategy. */
  strategyNames?: Readonly<Record<number, string>>;
  /** Accessible name of the table and the card list. */
  label?: string;
  /** Percent risked by each row's "Size this trade" link (the viewer's risk template); default 1%. */
  sizeRiskPercent?: number;
  /** What the viewer has, for the call to action on locked signals. */
  unlock: UnlockFacts;
}

const METHOD_LABEL: Record<string, string> = { market: "Market", limit: "Limit", stop: "Stop" };

/** Row tints with WCAG AA contrast for the text on them in both themes. */
const TINT_CLASS = {
  green: "bg-green-50 dark:bg-green-950/40 border-l-4 border-l-green-700 dark:border-l-green-400",
  red: "bg-red-50 dark:bg-red-950/40 border-l-4 border-l-red-700 dark:border-l-red-400",
} as const;

function sideOf(signal: SignalListItem): string {
  return signal.side ?? signal.direction ?? "";
}

function statusVariant(status: string): BadgeVariant {
  if (isOpenStatus(status)) return "default";
  if (status === "CANCELLED") return "outline";
  return "secondary";
}

export function SideBadge({ side }: { side: string }) {
  const long = side === "LONG";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        long ? "bg-green-700 text-white" : "bg-red-700 text-white"
      }`}
    >
      <span aria-hidden="true" className="mr-1">
        {long ? "▲" : "▼"}
      </span>
      {side}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)}>
      {isOpenStatus(status) ? (
        <span aria-hidden="true" className="mr-1.5 inline-block h-1.5 w-1.5 rounded-full bg-current" />
      ) : null}
      {signalStatusLabel(status)}
    </Badge>
  );
}

/** The signal's symbol as a link to its page (/signals/{id}). */
export function SignalLink({ signal, className = "" }: { signal: Pick<SignalListItem, "id" | "symbol">; className?: string }) {
  return (
    <Link to={`/signals/${signal.id}`} className={`underline-offset-2 hover:underline ${className}`.trim()}>
      {signal.symbol}
    </Link>
  );
}

function Age({ createdAt, now }: { createdAt: string; now: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)}>
      {signalAge(createdAt, new Date(now))}
    </time>
  );
}

function entryPriceOf(signal: SignalListItem) {
  return signal.entryJson?.price ?? signal.entryPrice ?? null;
}

function rowClass(signal: SignalListItem, tint: boolean): string {
  return tint ? TINT_CLASS[sideTint(sideOf(signal))] : "";
}

const cellClass = "px-2.5 py-2.5 align-top";
const headClass = "px-2.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300";
const TABLE_COLUMNS = ["Symbol / Side", "Status", "Entry", "SL", "TP1", "TP2", "Created / Expires"].map((label) => ({ label }));
const mutedText = "text-slate-700 dark:text-slate-300";

/** A compact UTC time for the expiry line, e.g. 'Nov 21, 14:05 UTC'. */
function shortDateTime(iso: string): string {
  const text = new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  return `${text} UTC`;
}

function methodLabel(signal: SignalListItem): string {
  return METHOD_LABEL[signal.entryJson.method] ?? signal.entryJson.method;
}

/** The signal's entry, SL, TP1 and TP2 as shown (the instrument's decimals, '—' when withheld or absent), from either API shape. */
function displayedPrices(signal: SignalListItem): { entry: string; sl: string; tp1: string; tp2: string } {
  return {
    entry: formatPrice(signal.symbol, entryPriceOf(signal)),
    sl: formatPrice(signal.symbol, signal.sl ?? signal.stopLoss),
    tp1: formatPrice(signal.symbol, signal.tpJson?.tp1 ?? signal.takeProfit1),
    tp2: formatPrice(signal.symbol, signal.tpJson?.tp2 ?? signal.takeProfit2),
  };
}

/** What the table and the card list (the same signals, for wide and narrow screens) are given. */
type ViewProps = Required<Pick<SignalListProps, "now" | "tint" | "showRationale" | "label">> &
  Pick<SignalListProps, "signals" | "strategyNames" | "sizeRiskPercent" | "unlock">;

function SignalTable({
  signals,
  now,
  tint,
  showRationale,
  strategyNames,
  label,
  sizeRiskPercent,
  unlock,
}: ViewProps) {
  return (
    // A focusable, labelled region so keyboard users can scroll a table wider than its container.
    <div role="region" aria-label={label} tabIndex={0} className="hidden overflow-x-auto rounded-lg min-[641px]:block">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <TableHead className="border-b border-slate-200 dark:border-slate-700" cellClassName={headClass} columns={TABLE_COLUMNS} />
        {signals.map((signal) => {
          const side = sideOf(signal);
          const tintClass = rowClass(signal, tint);
          const rationale = showRationale && signal.rationale ? signal.rationale : null;
          const prices = displayedPrices(signal);
          return (
            <tbody key={signal.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
              <tr data-side={side} data-testid="signal-row" className={tintClass}>
                <th scope="row" className={`${cellClass} text-left font-semibold whitespace-nowrap`}>
                  <SignalLink signal={signal} className="block" />
                  <span className="mt-1 block">
                    <SideBadge side={side} />
                  </span>
                  {strategyNames?.[signal.strategyId] ? (
                    <span className={`mt-1 block text-xs font-normal ${mutedText}`}>{strategyNames[signal.strategyId]}</span>
                  ) : null}
                  <SizeThisTrade signal={signal} riskPercent={sizeRiskPercent} className={buttonClass("outline", "sm", "mt-2")} />
                </th>
                <td className={cellClass}>
                  <StatusBadge status={signal.status} />
                </td>
                {signal.locked ? (
                  <td colSpan={4} className={cellClass}>
                    <UnlockCta facts={unlock} strategyId={signal.strategyId} />
                    <span className={`block text-xs ${mutedText}`}>{methodLabel(signal)} entry</span>
                  </td>
                ) : (
                  <>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                      {prices.entry}
                      <span className={`block text-xs ${mutedText}`}>{methodLabel(signal)}</span>
                    </td>
                    {[prices.sl, prices.tp1, prices.tp2].map((price, index) => (
                      <td key={index} className={`${cellClass} whitespace-nowrap tabular-nums`}>
                        {price}
                      </td>
                    ))}
                  </>
                )}
                <td className={`${cellClass} whitespace-nowrap`}>
                  <Age createdAt={signal.createdAt} now={now} />
                  <span className={`block text-xs ${mutedText}`}>
                    Exp. <time dateTime={signal.expiresAt}>{shortDateTime(signal.expiresAt)}</time>
                  </span>
                </td>
              </tr>
              {rationale ? (
                <tr className={tintClass}>
                  <td colSpan={TABLE_COLUMNS.length} className={`px-2.5 pb-2.5 text-xs ${mutedText}`}>
                    <span className="font-semibold">Rationale: </span>
                    {rationale}
                  </td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={`text-xs font-medium ${mutedText}`}>{term}</dt>
      <dd className="font-medium tabular-nums break-words">{children}</dd>
    </div>
  );
}

function SignalCards({
  signals,
  now,
  tint,
  showRationale,
  strategyNames,
  label,
  sizeRiskPercent,
  unlock,
}: ViewProps) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3 min-[641px]:hidden">
      {signals.map((signal) => {
        const side = sideOf(signal);
        const prices = displayedPrices(signal);
        return (
          <li
            key={signal.id}
            data-side={side}
            data-testid="signal-card"
            className={`rounded-lg border border-slate-200 p-4 dark:border-slate-700 ${rowClass(signal, tint)}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <SignalLink signal={signal} className="text-base font-semibold" />
              <SideBadge side={side} />
              <StatusBadge status={signal.status} />
              <span className={`ml-auto text-sm ${mutedText}`}>
                <Age createdAt={signal.createdAt} now={now} />
              </span>
            </div>
            {strategyNames?.[signal.strategyId] ? (
              <p className={`mt-1 text-xs ${mutedText}`}>{strategyNames[signal.strategyId]}</p>
            ) : null}
            {signal.locked ? (
              <div className="mt-3">
                <UnlockCta facts={unlock} strategyId={signal.strategyId} />
              </div>
            ) : (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <CardField term={`Entry (${methodLabel(signal)})`}>{prices.entry}</CardField>
                <CardField term="SL">{prices.sl}</CardField>
                <CardField term="TP1">{prices.tp1}</CardField>
                <CardField term="TP2">{prices.tp2}</CardField>
              </dl>
            )}
            <p className={`mt-3 text-xs ${mutedText}`}>
              Expires <time dateTime={signal.expiresAt}>{shortDateTime(signal.expiresAt)}</time>
            </p>
            {showRationale && signal.rationale ? <p className={`mt-2 text-sm ${mutedText}`}>{signal.rationale}</p> : null}
            <SizeThisTrade signal={signal} riskPercent={sizeRiskPercent} className={buttonClass("outline", "sm", "mt-3")} />
          </li>
        );
      })}
    </ul>
  );
}

/** Signals as a table (wide screens) or stacked cards (640px and narrower). */
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
  const shared = { signals, now, tint, showRationale, strategyNames, label, sizeRiskPercent, unlock };
  return (
    <div>
      <SignalTable {...shared} />
      <SignalCards {...shared} />
    </div>
  );
}
