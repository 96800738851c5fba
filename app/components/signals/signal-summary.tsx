/**
 * The head of a signal's page: symbol, side, strategy (link), status, its
 * levels or the locked note (the lists' locking: levels are null in the data
 * when locked), and the outcome of a CLOSED signal.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SideBadge, StatusBadge } from "~/components/signals/signal-badges";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatDateTime, formatPrice } from "~/domain/signal-display";
import { exitsText, type StoryLevels } from "~/domain/signal-story";
import type { ApiSignal } from "~/domain/signals";
import type { UnlockFacts } from "~/domain/unlock";
import { SignalOutcome } from "./signal-outcome";
import { UnlockCta } from "./unlock-cta";

const linkClass = "font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300";
const muted = "text-slate-700 dark:text-slate-300";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Levels({ signal, unlock, story }: { signal: SerializeFrom<ApiSignal>; unlock: UnlockFacts; story: StoryLevels | null }) {
  if (signal.locked) {
    return (
      <p className="text-sm" data-testid="signal-locked">
        <span className={muted}>
          Price levels are locked while this signal is open: they show to subscribers of its strategy, and to everyone
          once it ends. Its events below are committed by their hashes.{" "}
        </span>
        <UnlockCta facts={unlock} strategyId={signal.strategyId} />
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" data-testid="signal-levels">
      <Item term={`Entry (${signal.entryJson.method})`}>{formatPrice(signal.symbol, signal.entryJson.price)}</Item>
      <Item term="Fill">{formatPrice(signal.symbol, signal.fillPrice)}</Item>
      {story && story.originalSl !== story.currentSl ? (
        <Item term="Stop loss (SL), original → current">
          {formatPrice(signal.symbol, story.originalSl)} → {formatPrice(signal.symbol, story.currentSl)}
        </Item>
      ) : (
        <Item term="Stop loss (SL)">{formatPrice(signal.symbol, signal.sl)}</Item>
      )}
      <Item term="Take profit 1">{formatPrice(signal.symbol, signal.tpJson.tp1)}</Item>
      <Item term="Take profit 2">{formatPrice(signal.symbol, signal.tpJson.tp2)}</Item>
    </dl>
  );
}

/** The summary card; `strategy` is null when the strategy row is gone. */
export function SignalSummary({
  signal,
  strategy,
  unlock,
  story = null,
}: {
  signal: SerializeFrom<ApiSignal>;
  /** The fold of the signal's revealed events (original and current stop, exits); null while hidden. */
  story?: StoryLevels | null;
  strategy: { name: string; slug: string } | null;
  /** What the viewer has, for the call to action when the signal is locked. */
  unlock: UnlockFacts;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl leading-tight font-bold">{signal.symbol}</h1>
          <SideBadge side={signal.side} />
          <StatusBadge status={signal.status} />
        </div>
        <p className={`mt-2 text-sm ${muted}`}>
          Signal #{signal.id}
          {strategy ? (
            <>
              {" "}
              from{" "}
              <Link to={`/strategies/${strategy.slug}`} className={linkClass}>
                {strategy.name}
              </Link>
            </>
          ) : null}
          {" · "}published <time dateTime={signal.createdAt}>{formatDateTime(signal.createdAt)}</time>
          {" · "}expires <time dateTime={signal.expiresAt}>{formatDateTime(signal.expiresAt)}</time>
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="signal-levels-heading">
          <h2 id="signal-levels-heading" className="mb-2 text-lg font-semibold">
            Levels
          </h2>
          <Levels signal={signal} unlock={unlock} story={story} />
          {story && exitsText(signal.symbol, story.exits) ? (
            <p data-testid="signal-exits" className="mt-3 text-sm">
              Exit: {exitsText(signal.symbol, story.exits)}
            </p>
          ) : null}
          {signal.rationale ? <p className={`mt-3 text-sm ${muted}`}>{signal.rationale}</p> : null}
        </section>
        {signal.status === "CLOSED" ? (
          <section aria-labelledby="signal-outcome-heading">
            <h2 id="signal-outcome-heading" className="mb-2 text-lg font-semibold">
              Outcome
            </h2>
            <SignalOutcome signal={signal} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
