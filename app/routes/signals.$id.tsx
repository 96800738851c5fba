/**
 * /signals/:id — one signal's public page (docs/decisions/0029): symbol, side,
 * strategy, status, its levels (or locked, exactly as the lists lock them:
 * `toApiSignal`), the outcome once CLOSED, and the timeline of its ledger
 * events with their hashes. Each event carries a "verified" mark the server
 * computes by re-hashing the stored row (`signalVerdict`) before hiding
 * its payload from a viewer who may not see it yet (`revealEvent`): a locked
 * viewer never receives a level of an open signal. When the stored signal
 * differs from the fold of its events, the page shows the fold's figures, names
 * the differing fields and marks no event verified. An unknown or malformed
 * id is the app's 404 page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFound, RouteErrorPage } from "~/components/not-found";
import { SignalSummary } from "~/components/signals/signal-summary";
import { storyLevels } from "~/domain/signal-story";
import { SignalTimeline } from "~/components/signals/signal-timeline";
import { SignalVerdict } from "~/components/signals/signal-verdict";
import { SizeThisTrade } from "~/components/signals/size-this-trade";
import { revealEvent } from "~/domain/ledger";
import { pageMeta } from "~/domain/page-meta";
import { isSignalLocked, toApiLedgerEvent, toApiSignal } from "~/domain/signals";
import { riskPercentFor } from "~/domain/trade-link";
import { projectedColumns } from "~/domain/signal-lifecycle";
import { listSignalEvents, signalVerdict } from "~/models/ledger.server";
import { getSignal } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";
import { getEntitlements, getUnlockFacts } from "~/models/subscriptions.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import { getViewer } from "~/services/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const stored = Number.isSafeInteger(id) && id > 0 ? getSignal(id) : undefined;
  const verdict = stored ? signalVerdict(stored.id) : null;
  if (!stored || !verdict) throw new Response("Not Found", { status: 404 });
  // A row that differs from its ledger is shown as the ledger says it is.
  const signal = verdict.drift.length > 0 && verdict.state ? { ...stored, ...projectedColumns(verdict.state) } : stored;
  const viewer = (await getViewer(request))?.user ?? null;
  const entitled = new Set(getEntitlements(viewer).strategyIds);
  const visible = !isSignalLocked(signal, entitled);
  const checked = new Map(verdict.checks.map((check) => [check.seq, check.verified && verdict.drift.length === 0]));
  // The stored rows in full (as its strategy's subscribers see them) were checked by signalVerdict, then hidden as this viewer must see them.
  const events = (listSignalEvents(signal.id, [signal.strategyId]) ?? []).map((row) => ({
    ...toApiLedgerEvent(revealEvent(row, visible)),
    verified: checked.get(row.seq) ?? false,
  }));
  const strategy = getStrategyById(signal.strategyId);
  return json(
    {
      signal: toApiSignal(signal, entitled),
      strategy: strategy ? { name: strategy.name, slug: strategy.slug } : null,
      events,
      // A locked viewer learns which fields differ, never a level of an open signal.
      drift: visible ? verdict.drift : verdict.drift.map(({ field }) => ({ field, stored: null, folded: null })),
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
  const { signal, strategy, events, drift, sizeRiskPercent, unlock } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <SignalSummary signal={signal} strategy={strategy} unlock={unlock} story={storyLevels(events)} />
      <div className="mt-4">
        <SizeThisTrade signal={signal} riskPercent={sizeRiskPercent} />
      </div>
      <SignalVerdict drift={drift} eventCount={events.length} locked={signal.locked} />
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
