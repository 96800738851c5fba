/**
 * GET /api/signals/stream (session or API key): Server-Sent Events of every
 * new ledger event with its signal as of the event, in the API's shape for
 * the viewer (levels null on open signals of strategies they are not entitled
 * to). Each message: `id: <seq>`, `event: signal.published` …, `data:
 * {eventId, seq, hash, type, occurredAt, signal}`. A reconnecting client sends
 * `Last-Event-ID` (or `?lastEventId=`) and resumes after that seq; a new one
 * starts at the ledger head. A comment line every 15 s keeps proxies from
 * closing the connection (docs/decisions/0046-email-and-live-feed.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { deliveryEventType, eventId } from "~/domain/delivery";
import { toApiSignal } from "~/domain/signals";
import { deliveredEventsAfter } from "~/models/outbox.server";
import { getLedgerHead } from "~/models/signals.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { apiHandler, applySecurityHeaders, methodNotAllowed, problem } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

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

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  let cursor = resumeAfter(request) ?? getLedgerHead()?.seq ?? 0;
  const encoder = new TextEncoder();
  let poll: ReturnType<typeof setInterval> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(poll);
    clearInterval(heartbeat);
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
        for (const event of deliveredEventsAfter(cursor, PAGE)) {
          const data = {
            eventId: eventId(event.seq),
            seq: event.seq,
            hash: event.hash,
            type: deliveryEventType(event.type),
            occurredAt: event.occurredAt.toISOString(),
            signal: toApiSignal(event.signal, entitled),
          };
          send(`id: ${event.seq}\nevent: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
          cursor = event.seq;
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      flush();
      poll = setInterval(flush, POLL_MS);
      heartbeat = setInterval(() => send(`: heartbeat ${new Date().toISOString()}\n\n`), HEARTBEAT_MS);
      // An open stream alone does not keep the process alive (shutdown closes the sockets).
      poll.unref();
      heartbeat.unref();
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      });
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
