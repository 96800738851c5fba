/**
 * GET /api/signals/stream (session or API key; visitors with `?strategy=slug`):
 * Server-Sent Events of the new ledger events of the strategies the viewer
 * follows or is entitled to (every strategy for an admin; `?strategy=slug`
 * narrows to one, and is what a visitor's public strategy page opens), each
 * with its signal as of the event, in the API's shape for the viewer (levels
 * null on open signals of strategies they are not entitled to). At most
 * MAX_STREAMS_PER_USER streams per user at once; another is refused with a
 * 429 problem (docs/decisions/0107-live-feed-per-subscriber.md). Each message: `id: <seq>`, `event: signal.published` …, `data:
 * {eventId, seq, hash, type, occurredAt, signal, summary}` (summary: what happened, in words; app/domain/event-summary.ts). A reconnecting client sends
 * `Last-Event-ID` (or `?lastEventId=`) and resumes after that seq; a new one
 * starts at the ledger head. A comment line every 15 s keeps proxies from
 * closing the connection (docs/decisions/0046-email-and-live-feed.md). When the
 * server shuts down, the stream ends with `retry: 1000` (docs/decisions/0124-graceful-shutdown.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { deliveryEventType, eventId, liveFeedScope, MAX_STREAMS_PER_USER } from "~/domain/delivery";
import { toApiSignal } from "~/domain/signals";
import { deliveredEventsAfter } from "~/models/outbox.server";
import { eventSummary } from "~/domain/event-summary";
import { getLedgerHead } from "~/models/ledger.server";
import { getStrategyBySlug } from "~/models/strategies.server";
import { getChosenStrategyIds, getEntitlements } from "~/models/subscriptions.server";
import { apiHandler, applySecurityHeaders, methodNotAllowed, problem } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";
import { RECONNECT_AFTER_MS, shutdownSignal } from "~/services/shutdown.server";
import { openLiveFeed, takeStreamSlot } from "~/services/stream-slots.server";

/** How often the ledger is read for new events, ms. */
const POLL_MS = 1_000;
/** How often a heartbeat comment is sent, ms. */
const HEARTBEAT_MS = 15_000;
/** Events sent per read. */
const PAGE = 100;

/** The seq to resume after: Last-Event-ID or ?lastEventId=, else null. @throws Response 400 when it is not a non-negative integer. */
function resumeAfter(request: Request): number | null {
  const raw = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw problem(400, "Last-Event-ID must be the seq of the last event received (a non-negative integer)", {
      errors: [{ field: "Last-Event-ID", message: "Must be a non-negative integer" }],
    });
  }
  return Number(raw);
}

/** The strategy of `?strategy=slug`, its id or null when absent. @throws Response 404 problem naming `strategy` for an unknown slug. */
function onlyStrategy(request: Request): number | null {
  const slug = new URL(request.url).searchParams.get("strategy");
  if (slug === null) return null;
  const strategy = slug.length <= 100 ? getStrategyBySlug(slug) : undefined;
  if (!strategy) throw problem(404, "No strategy has that slug", { errors: [{ field: "strategy", message: "Unknown strategy" }] });
  return strategy.id;
}

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await getApiCaller(request);
  const only = onlyStrategy(request);
  if (!user && only === null) {
    throw problem(401, "Sign in or send an API key to use this endpoint, or name a strategy with ?strategy=slug", { headers: { "WWW-Authenticate": "Bearer" } });
  }
  let cursor = resumeAfter(request) ?? getLedgerHead()?.seq ?? 0;
  const release = user ? takeStreamSlot(user.id) : () => {};
  if (!release) {
    throw problem(429, `At most ${MAX_STREAMS_PER_USER} live streams may be open at once; close one and try again`, { headers: { "Retry-After": "5" } });
  }
  const endFeed = openLiveFeed();
  const encoder = new TextEncoder();
  let poll: ReturnType<typeof setInterval> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let onShutdown: (() => void) | undefined;
  const stop = () => {
    clearInterval(poll);
    clearInterval(heartbeat);
    if (onShutdown) shutdownSignal().removeEventListener("abort", onShutdown);
    release();
    endFeed();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const flush = () => {
        const entitled = new Set(getEntitlements(user).strategyIds);
        const scope = liveFeedScope({
          role: user?.role ?? null,
          followedStrategyIds: user ? getChosenStrategyIds(user.id) : [],
          entitledStrategyIds: [...entitled],
          onlyStrategyId: only,
        });
        for (const event of deliveredEventsAfter(cursor, PAGE)) {
          cursor = event.seq;
          if (scope !== "all" && !scope.has(event.signal.strategyId)) continue;
          const signal = toApiSignal(event.signal, entitled);
          const data = {
            eventId: eventId(event.seq),
            seq: event.seq,
            hash: event.hash,
            type: deliveryEventType(event.type),
            occurredAt: event.occurredAt.toISOString(),
            signal,
            summary: event.change.before ? eventSummary(event.change.event, event.change.before, signal.locked) : [],
          };
          send(`id: ${event.seq}\nevent: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      flush();
      poll = setInterval(flush, POLL_MS);
      heartbeat = setInterval(() => send(`: heartbeat ${new Date().toISOString()}\n\n`), HEARTBEAT_MS);
      // An open stream alone does not keep the process alive (shutdown closes the sockets).
      poll.unref();
      heartbeat.unref();
      const close = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      request.signal.addEventListener("abort", close);
      // The server is shutting down: tell the client when to come back, and end the stream.
      onShutdown = () => {
        send(`retry: ${RECONNECT_AFTER_MS}\n\n`);
        close();
      };
      if (shutdownSignal().aborted) onShutdown();
      else shutdownSignal().addEventListener("abort", onShutdown, { once: true });
    },
    cancel: stop,
  });
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    }),
  );
  return new Response(body, { status: 200, headers });
});

export const action = () => methodNotAllowed(["GET"]);
