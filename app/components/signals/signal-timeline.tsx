/**
 * A signal's ledger events, oldest first: type, times, seq, hashes, the
 * payload once revealed, and the server's "verified" mark for each. An event
 * a price feed caused says which bar caused it, in words ("Closed by OANDA M1
 * bar 2026-11-28 10:41 UTC (bid low 1.08391)"); every revealed event reads
 * as a sentence ("50% closed at 1.09000 (TP1), +0.50 R") beside its hashes.
 */
import { feedSentence } from "~/domain/price-feed";
import { formatDateTime } from "~/domain/signal-display";
import { storySentences } from "~/domain/signal-story";
import type { ApiLedgerEvent } from "~/domain/signals";

/** One event as the page's loader sends it. */
export type TimelineEvent = ApiLedgerEvent & { verified: boolean };

const linkClass = "font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300";
const muted = "text-slate-700 dark:text-slate-300";

function Hash({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-mono text-xs break-all text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

function VerifiedMark({ verified }: { verified: boolean }) {
  return verified ? (
    <span data-testid="event-verified" className="rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">✓ </span>Verified
    </span>
  ) : (
    <span data-testid="event-not-verified" className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">✗ </span>Not verified
    </span>
  );
}

/** The sentence naming the feed bar that caused the event; nothing for other events. */
function FeedLine({ type, payload }: { type: string; payload: string | null }) {
  const sentence = feedSentence(type, payload);
  return sentence ? (
    <p data-testid="event-feed-bar" className="mt-2 text-sm">
      {sentence}
    </p>
  ) : null;
}

/** The timeline; `locked` says the payloads are still hidden from this viewer. */
export function SignalTimeline({ signalId, events, locked }: { signalId: number; events: TimelineEvent[]; locked: boolean }) {
  const sentences = storySentences(events);
  return (
    <section aria-labelledby="timeline-heading" className="mt-10">
      <h2 id="timeline-heading" className="text-2xl font-bold">
        Timeline
      </h2>
      <p className={`mt-2 text-sm ${muted}`}>
        Verified: re-hashed on the server just now, the event's salt and payload give its payload hash, its fields give
        its hash, and its previous hash is the stored hash of the ledger event before it. Check it yourself with{" "}
        <a href={`/api/signals/${signalId}/events`} className={linkClass}>
          this signal's events
        </a>
        , the{" "}
        <a href="/api/ledger" className={linkClass}>
          whole ledger
        </a>{" "}
        and its{" "}
        <a href="/api/ledger/head" className={linkClass}>
          head
        </a>{" "}
        (the algorithm is in the project's ledger documentation; <code>npm run ledger:verify</code> checks the chain).
      </p>
      {locked ? (
        <p className={`mt-2 text-sm ${muted}`}>
          Payloads stay hidden until the signal ends; their hashes, shown now, prove later that nothing was changed.
        </p>
      ) : null}
      <ol className="mt-6 flex flex-col gap-4" aria-label="Signal events">
        {events.map((event, index) => (
          <li key={event.seq} data-testid="signal-event" data-type={event.type} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="font-semibold">{event.type}</h3>
              <VerifiedMark verified={event.verified} />
              <span className={`text-sm ${muted}`}>seq {event.seq}</span>
            </div>
            {sentences[index] ? (
              <p data-testid="event-sentence" className="mt-2 font-medium">
                {sentences[index]}
              </p>
            ) : null}
            <FeedLine type={event.type} payload={event.payload} />
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">Occurred at</dt>
                <dd>
                  <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">Recorded at</dt>
                <dd>
                  <time dateTime={event.recordedAt}>{formatDateTime(event.recordedAt)}</time>
                </dd>
              </div>
              <Hash term="Payload hash" value={event.payloadHash} />
              <Hash term="Hash" value={event.hash} />
              <Hash term="Previous hash" value={event.prevHash} />
              {event.payload !== null && event.salt !== null ? (
                <>
                  <Hash term="Salt" value={event.salt} />
                  <div className="min-w-0 sm:col-span-2">
                    <dt className="text-xs text-slate-600 dark:text-slate-400">Payload</dt>
                    <dd>
                      <code data-testid="event-payload" className="block font-mono text-xs break-all">
                        {event.payload}
                      </code>
                    </dd>
                  </div>
                </>
              ) : (
                <div className="sm:col-span-2">
                  <dt className="text-xs text-slate-600 dark:text-slate-400">Payload</dt>
                  <dd className={muted}>Hidden until the signal ends</dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
