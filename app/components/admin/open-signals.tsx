/**
 * The desk's open signals (PENDING and ACTIVE), each with the lifecycle forms
 * its state allows: PENDING → trigger, modify, cancel; ACTIVE → modify,
 * partial close, close (an ACTIVE signal cannot be cancelled, only closed).
 */
import { Link } from "@remix-run/react";
import { SideBadge, SignalLink, StatusBadge } from "~/components/signals/signal-badges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime, formatPrice } from "~/domain/signal-display";
import type { DeskIntent } from "~/schemas/signal-transitions";
import { deskResultFor, TransitionForm, type DeskReply, type DeskSignal } from "./transition-form";

/** An open signal as the desk shows it (API shape, levels visible to admins, times as ISO strings). */
export interface OpenDeskSignal extends DeskSignal {
  side: string;
  status: string;
  strategyName: string;
  createdAt: string;
  expiresAt: string;
  entryJson: { price: number | null; method: string };
  fillPrice: number | null;
}

/** The forms each open status allows, in the order they are shown. */
const FORMS_BY_STATUS: Record<string, readonly DeskIntent[]> = {
  PENDING: ["trigger", "modify", "cancel"],
  ACTIVE: ["modify", "partial-close", "close"],
};

function Level({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

function OpenSignal({ signal, reply }: { signal: OpenDeskSignal; reply: DeskReply }) {
  const forms = FORMS_BY_STATUS[signal.status] ?? [];
  return (
    <li data-testid="desk-open-signal" data-signal-id={signal.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="flex flex-wrap items-center gap-2">
        <SignalLink signal={signal} className="font-semibold text-slate-900 dark:text-slate-50" />
        <SideBadge side={signal.side} />
        <StatusBadge status={signal.status} />
        <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
          #{signal.id} · {signal.strategyName} · {signal.entryJson.method} entry
        </span>
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-6">
        <Level term="Entry" value={formatPrice(signal.symbol, signal.entryJson.price)} />
        <Level term="Fill" value={formatPrice(signal.symbol, signal.fillPrice)} />
        <Level term="SL" value={formatPrice(signal.symbol, signal.sl)} />
        <Level term="TP1" value={formatPrice(signal.symbol, signal.tpJson.tp1)} />
        <Level term="TP2" value={formatPrice(signal.symbol, signal.tpJson.tp2)} />
        <Level term="Expires" value={formatDateTime(signal.expiresAt)} />
      </dl>
      <div className="mt-4 grid gap-3 md:grid-cols-3">
        {forms.map((intent) => (
          <TransitionForm key={intent} intent={intent} signal={signal} reply={reply} />
        ))}
      </div>
    </li>
  );
}

/**
 * A refusal no open signal's form can show (an unknown intent, or a signal
 * that is no longer open): its first message, else null.
 */
function unplacedRefusal(reply: DeskReply, signals: OpenDeskSignal[]): string | null {
  if (!reply || reply.submission.status !== "error") return null;
  const intent = reply.intent as DeskIntent;
  const placed = signals.some((signal) => (FORMS_BY_STATUS[signal.status] ?? []).includes(intent) && deskResultFor(reply, intent, signal.id));
  if (placed) return null;
  const messages = Object.values(reply.submission.error ?? {}).flatMap((list) => list ?? []);
  return messages[0] ?? null;
}

/** One page of the open signals and the cursors of its neighbours (signal ids; null when there is none). */
export interface OpenSignalsPage {
  signals: OpenDeskSignal[];
  /** `?before=` of the next, older page. */
  olderCursor: number | null;
  /** `?after=` of the previous, newer page. */
  newerCursor: number | null;
}

/** Links to the newer and older pages of open signals, when there are any. */
function DeskPager({ page }: { page: OpenSignalsPage }) {
  if (page.olderCursor === null && page.newerCursor === null) return null;
  const linkClass = "font-medium text-blue-800 underline dark:text-blue-300";
  return (
    <nav aria-label="Pages of open signals" className="mt-4 flex justify-between text-sm">
      {page.newerCursor !== null ? (
        <Link to={`?after=${page.newerCursor}`} className={linkClass}>
          ← Newer open signals
        </Link>
      ) : (
        <span />
      )}
      {page.olderCursor !== null ? (
        <Link to={`?before=${page.olderCursor}`} className={linkClass}>
          Older open signals →
        </Link>
      ) : null}
    </nav>
  );
}

/** A page of the open signals, newest first; `reply` is the page's action data (refusals land on their form, or above the list). */
export function OpenSignals({ page, reply }: { page: OpenSignalsPage; reply: DeskReply }) {
  const signals = page.signals;
  const refusal = unplacedRefusal(reply, signals);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Open Signals</CardTitle>
        <CardDescription>
          Pending and active signals. Record a fill, move the levels, take part of the position off, close or cancel.
          Every change is appended to the public ledger.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {refusal ? (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {refusal}
          </p>
        ) : null}
        {signals.length === 0 ? (
          <p className="py-6 text-center text-slate-700 dark:text-slate-300">No open signals</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Open signals">
            {signals.map((signal) => (
              <OpenSignal key={signal.id} signal={signal} reply={reply} />
            ))}
          </ul>
        )}
        <DeskPager page={page} />
      </CardContent>
    </Card>
  );
}
