/**
 * /signals/:id — one signal's public page (docs/decisions/0029): symbol, side,
 * strategy, status, its levels (or locked, exactly as the lists lock them:
 * `toApiSignal`), the outcome once CLOSED, and the timeline of its ledger
 * events with their hashes. Each event carries a "verified" mark the server
 * computes by re-hashing the stored row (`checkStoredEvent`) before hiding
 * its payload from a viewer who may not see it yet (`revealEvent`): a locked
 * viewer never receives a level of an open signal. An unknown or malformed
 * id is the app's 404 page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFound, RouteErrorPage } from "~/components/not-found";
import { SignalSummary } from "~/components/signals/signal-summary";
import { SignalTimeline } from "~/components/signals/signal-timeline";
import { SizeThisTrade } from "~/components/signals/size-this-trade";
import { checkStoredEvent } from "~/domain/event-verification";
import { revealEvent } from "~/domain/ledger";
import { pageMeta } from "~/domain/page-meta";
import { isSignalLocked, toApiLedgerEvent, toApiSignal } from "~/domain/signals";
import { riskPercentFor } from "~/domain/trade-link";
import { listLedger, listSignalEvents } from "~/models/ledger.server";
import { getSignal } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { getEntitlements, getUnlockFacts } from "~/models/subscriptions.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import { getViewer } from "~/services/session.server";

/** The stored hash of the ledger row with `seq`, or null when there is none. */
function storedHashOf(seq: number): string | null {
  if (seq < 1) return null;
  const row = listLedger([], { after: seq - 1, limit: 1 }).events[0];
  return row?.seq === seq ? row.hash : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const signal = Number.isSafeInteger(id) && id > 0 ? getSignal(id) : undefined;
  if (!signal) throw new Response("Not Found", { status: 404 });
  const viewer = (await getViewer(request))?.user ?? null;
  const entitled = new Set(getEntitlements(viewer).strategyIds);
  const visible = !isSignalLocked(signal, entitled);
  // The stored rows in full (as its strategy's subscribers see them), checked here, then hidden as this viewer must see them.
  const events = (listSignalEvents(signal.id, [signal.strategyId]) ?? []).map((row) => ({
    ...toApiLedgerEvent(revealEvent(row, visible)),
    verified: checkStoredEvent(row, storedHashOf(row.seq - 1)).verified,
  }));
  const strategy = getStrategyById(signal.strategyId);
  return json(
    {
      signal: toApiSignal(signal, entitled),
      strategy: strategy ? { name: strategy.name, slug: strategy.slug } : null,
      events,
      unlock: getUnlockFacts(viewer),
      // "Size this trade" risks the signed-in viewer's risk template; visitors get the default.
      sizeRiskPercent: riskPercentFor(viewer ? getDeliverySettings(viewer.id).riskTemplate : null),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        `${data.signal.symbol} ${data.signal.side} signal #${data.signal.id}`,
        `${data.signal.symbol} ${data.signal.side} signal${data.strategy ? ` from ${data.strategy.name}` : ""}: status, outcome and its verifiable ledger history.`,
      )
    : [{ title: "Page Not Found | FX Trader" }];

export default function SignalPage() {
  const { signal, strategy, events, sizeRiskPercent, unlock } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <SignalSummary signal={signal} strategy={strategy} unlock={unlock} />
      <div className="mt-4">
        <SizeThisTrade signal={signal} riskPercent={sizeRiskPercent} />
      </div>
      <SignalTimeline signalId={signal.id} events={events} locked={signal.locked} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <RouteErrorPage
      notFound={{ title: "404 Page Not Found", message: "Did you forget to add the page to the router?" }}
      failed="We could not load this signal. Please try again."
      link={{ to: "/", label: "Back to home" }}
    />
  );
}
