/**
 * The Live Signals tab of My Strategies: the latest signals of the viewer's
 * strategies, locked where the plan does not reach; entitled ACTIVE ones
 * offer Send to MT5 and Copy to Clipboard.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { type IntentReplyData, replyFormError } from "~/components/portal/intent-form";
import { linkClass, muted } from "~/components/portal/styles";
import { SideBadge, SignalLink, StatusBadge } from "~/components/signals/signal-badges";
import { SizeThisTrade } from "~/components/signals/size-this-trade";
import { UnlockCta } from "~/components/signals/unlock-cta";
import { Button, buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { tabUrl } from "~/domain/my-strategies";
import { formatDateTime, formatPrice, signalAge } from "~/domain/signal-display";
import type { MyStrategiesData } from "~/models/read-models/my-strategies.server";
import { EmptyState } from "./empty-state";

type Data = SerializeFrom<MyStrategiesData>;

/** Copy to Clipboard with JavaScript; without it (or when copying fails) the ticket in a <details> block to select. */
function CopyTicket({ ticket, symbol }: { ticket: string; symbol: string }) {
  const hydrated = useHydrated();
  const [fallback, setFallback] = useState(false);

  if (hydrated && !fallback && typeof navigator !== "undefined" && navigator.clipboard) {
    return (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Copy ${symbol} signal to clipboard`}
        onClick={() => {
          navigator.clipboard.writeText(ticket).then(
            () => toast({ title: "Copied", description: "The signal ticket is on your clipboard." }),
            () => {
              setFallback(true);
              toast({ title: "Copy failed", description: "Select the ticket text and copy it.", variant: "destructive" });
            },
          );
        }}
      >
        Copy to Clipboard
      </Button>
    );
  }
  return (
    // Closed, it sits beside Send to MT5; open, it takes the row's full width for the ticket.
    <details className="open:basis-full" open={fallback || undefined}>
      <summary className={buttonClass("outline", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        Copy to Clipboard
      </summary>
      <p className={`mt-2 text-xs ${muted}`}>Select the ticket and copy it:</p>
      <pre className="mt-1 overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs select-all dark:border-slate-700 dark:bg-slate-950">
        {ticket}
      </pre>
    </details>
  );
}

function Price({ term, symbol, value }: { term: string; symbol: string; value: number | null }) {
  return (
    <div className="min-w-0">
      <dt className={`text-xs font-medium ${muted}`}>{term}</dt>
      <dd className="font-medium tabular-nums">{formatPrice(symbol, value)}</dd>
    </div>
  );
}

/** 'Queued for MT5 · 10:42' (UTC) with a link to how the Expert Advisor reads the queue: a signal reaches MT5 once. */
function QueuedForMt5({ at }: { at: string }) {
  const time = new Date(at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return (
    <p data-testid="mt5-queued" className="flex h-8 flex-wrap items-center gap-x-2 text-sm">
      <span className="font-medium text-green-800 dark:text-green-300">
        <span aria-hidden="true">✓ </span>Queued for MT5 · <time dateTime={at} title={formatDateTime(at)}>{time} UTC</time>
      </span>
      <Link to="/portal/account/api#mt5-queue" className={linkClass}>
        MT5 queue
      </Link>
    </p>
  );
}

/** Live Signals; a refused Send to MT5 shows its message on the signal's row (or above the list). */
export function SignalsPanel({ data, reply }: { data: Data; reply: IntentReplyData<{ signalId?: number }> }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send-mt5" ? navigation.formData.get("signalId") : null;
  const signals = data.signals ?? [];
  const failure = replyFormError(reply, "send-mt5");
  const failedSignalId = failure ? reply?.data?.signalId : undefined;

  if (signals.length === 0) {
    return (
      <EmptyState title="No Active Signals">
        {data.strategies.length === 0 ? (
          <p>
            Follow a strategy to see its signals here.{" "}
            <Link to={tabUrl("overview")} className={linkClass}>
              Choose your strategies
            </Link>
          </p>
        ) : (
          <p>Your strategies have not published signals yet.</p>
        )}
      </EmptyState>
    );
  }

  return (
    <div>
      {failure && failedSignalId === undefined ? <Alert>{failure}</Alert> : null}
      <ul aria-label="Signals of your strategies" className="flex flex-col gap-3">
        {signals.map((signal) => (
          <li key={signal.id} data-testid="portal-signal" data-side={signal.side} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-center gap-2">
              <SignalLink signal={signal} className="text-base font-semibold" />
              <SideBadge side={signal.side} />
              <StatusBadge status={signal.status} />
              <span className={`text-sm ${muted}`}>{signal.strategyName}</span>
              <span className={`ml-auto text-sm ${muted}`}>
                <time dateTime={signal.createdAt} title={formatDateTime(signal.createdAt)}>
                  {signalAge(signal.createdAt, new Date(data.now))}
                </time>
              </span>
            </div>
            {signal.locked ? (
              <p className="mt-3 text-sm">
                <span className={muted}>Price levels are locked: this strategy is not in your current plan. </span>
                {data.unlock ? <UnlockCta facts={data.unlock} strategyId={signal.strategyId} /> : null}
              </p>
            ) : (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                <Price term={`Entry (${signal.entryJson.method})`} symbol={signal.symbol} value={signal.entryJson.price} />
                <Price term="SL" symbol={signal.symbol} value={signal.sl} />
                <Price term="TP1" symbol={signal.symbol} value={signal.tpJson.tp1} />
                <Price term="TP2" symbol={signal.symbol} value={signal.tpJson.tp2} />
              </dl>
            )}
            <p className={`mt-3 text-xs ${muted}`}>
              Expires <time dateTime={signal.expiresAt}>{formatDateTime(signal.expiresAt)}</time>
            </p>
            {signal.rationale ? <p className={`mt-2 text-sm ${muted}`}>{signal.rationale}</p> : null}
            {signal.actionable && signal.ticket ? (
              <div className="mt-3 flex flex-wrap items-start gap-3">
                {data.mt5QueuedAt[signal.id] ? (
                  <QueuedForMt5 at={data.mt5QueuedAt[signal.id]} />
                ) : (
                  <Form method="post" action={tabUrl("signals")} preventScrollReset>
                    <input type="hidden" name="intent" value="send-mt5" />
                    <input type="hidden" name="signalId" value={signal.id} />
                    <Button type="submit" size="sm" disabled={sending === String(signal.id)} aria-label={`Send ${signal.symbol} signal to MT5`}>
                      {sending === String(signal.id) ? "Sending..." : "Send to MT5"}
                    </Button>
                  </Form>
                )}
                <CopyTicket ticket={signal.ticket} symbol={signal.symbol} />
              </div>
            ) : null}
            {signal.locked ? null : (
              <div className="mt-3">
                <SizeThisTrade signal={signal} riskPercent={data.sizeRiskPercent ?? undefined} />
              </div>
            )}
            {failure && failedSignalId === signal.id ? (
              <div className="mt-3">
                <Alert>{failure}</Alert>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
