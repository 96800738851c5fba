/**
 * /portal/strategies — My Strategies (spec section 2 "My Strategies"; 8 empty
 * states; 9: 20 signals).
 *
 * Four tabs as links (`?tab=overview|signals|performance|settings`, default
 * overview), so each works without JavaScript: Overview (subscription,
 * accessible strategies with their "Auto-send to MT5" toggles, "Choose your
 * strategies" with the plan limit enforced on the server), Live Signals (Send
 * to MT5, Copy to Clipboard), Performance (each strategy's live record over
 * `?period=`, default ALL) and Settings (delivery toggles, risk template, and
 * turning Web Push on in this browser when the server has VAPID keys). With
 * JavaScript the page follows the live feed (`LiveSignalUpdates`): each
 * signal event toasts and reloads the data, so a new or changed signal shows
 * in Live Signals without a reload.
 * Every form is a native post with a hidden `intent`, handled by `handleIntent`
 * with the schemas of app/schemas/portal.ts: success redirects with a flash
 * toast, errors re-render with a 4xx status and a message. The action only
 * ever acts for the signed-in viewer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LiveSignalUpdates } from "~/components/portal/dashboard/live-signals";
import { type IntentReplyData, UnknownIntentAlert, useReplyToast } from "~/components/portal/intent-form";
import { OverviewPanel } from "~/components/portal/my-strategies/overview-panel";
import { PerformancePanel } from "~/components/portal/my-strategies/performance-panel";
import { SettingsPanel } from "~/components/portal/my-strategies/settings-panel";
import { SignalsPanel } from "~/components/portal/my-strategies/signals-panel";
import { muted } from "~/components/portal/styles";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import type { ToastMessage } from "~/components/ui/toast";
import { MT5_AUTO_SEND_TOASTS } from "~/content/mt5";
import { MY_STRATEGIES_TABS, MY_STRATEGIES_TOASTS, PUSH_TEXTS } from "~/content/portal";
import { FOLLOW_TOASTS } from "~/content/unlock";
import { followedToast, type MyStrategiesTab, parseTab, strategiesSavedToast, tabUrl } from "~/domain/my-strategies";
import { parseRecordPeriod, recordPeriodRange } from "~/domain/record-period";
import { queueSignalForMt5, setMt5AutoSend } from "~/models/mt5.server";
import { countPushSubscriptions, savePushSubscription } from "~/models/push-subscriptions.server";
import { loadMyStrategies } from "~/models/read-models/my-strategies.server";
import { getFollowedRecords } from "~/models/read-models/track-record.server";
import { getStrategyById } from "~/models/strategies.server";
import { chooseStrategies, getChosenStrategyIds } from "~/models/subscriptions.server";
import { getDeliverySettings, saveDeliverySettings } from "~/models/user-settings.server";
import { vapidConfig } from "~/platform/env.server";
import { myStrategiesIntentSchema } from "~/schemas/portal";
import { webhookTargetProblem } from "~/services/channels/webhook-address.server";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { safeRedirect } from "~/services/http.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "My Strategies | FX Trader" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const search = new URL(request.url).searchParams;
  const tab = parseTab(search.get("tab"));
  const now = new Date();
  const data = loadMyStrategies(user, tab, now);
  const period = parseRecordPeriod(search.get("period"));
  const records = tab === "performance" ? getFollowedRecords(data.strategies, recordPeriodRange(period, now)) : null;
  const vapid = vapidConfig();
  // Web Push (docs/decisions/0055-web-push.md): the key a browser subscribes with, and in how many browsers push is on.
  const push = vapid && tab === "settings" ? { publicKey: vapid.publicKey, browsers: countPushSubscriptions(user.id) } : null;
  return json({ ...data, period, records, push }, { headers: { "Cache-Control": "no-store" } });
}

/** What a refused Send to MT5 replies: the toast for JavaScript users and the signal's row to show the message on. */
type Mt5Refusal = { toast: ToastMessage; signalId?: number };

function refuseMt5(toast: ToastMessage, status: number, signalId?: number): IntentOutcome<Mt5Refusal> {
  return { formErrors: [toast.description ?? toast.title], data: { toast, signalId }, status };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  const now = new Date();
  // Always the signed-in viewer: a user id posted with a form is never read.
  return handleIntent(request, myStrategiesIntentSchema, async (value): Promise<IntentOutcome<Mt5Refusal>> => {
    switch (value.intent) {
      case "choose-strategies": {
        const result = chooseStrategies(user.id, value.strategyIds, now);
        if (!result.ok) return { fieldErrors: { strategyIds: [result.message] } };
        return { toast: strategiesSavedToast(result.strategyIds.length), redirectTo: tabUrl("overview") };
      }
      case "follow-strategy": {
        // Back to the page the locked signal was on, with the outcome as a toast either way.
        const back = safeRedirect(value.returnTo, tabUrl("signals"));
        const result = chooseStrategies(user.id, [...getChosenStrategyIds(user.id), value.strategyId], now);
        if (!result.ok) return { toast: { ...FOLLOW_TOASTS.refused, description: result.message }, redirectTo: back };
        return { toast: followedToast(getStrategyById(value.strategyId)?.name ?? "the strategy"), redirectTo: back };
      }
      case "send-mt5": {
        const signalId = Number(value.signalId);
        if (!Number.isSafeInteger(signalId) || signalId <= 0) return refuseMt5(MY_STRATEGIES_TOASTS.notFound, 404);
        switch (queueSignalForMt5(user, signalId, now)) {
          case "queued":
          case "already-queued":
            // Sending again is a no-op: the signal reaches MT5 once, and the row already shows it as queued.
            return { toast: MY_STRATEGIES_TOASTS.sentToMt5, redirectTo: tabUrl("signals") };
          case "not-allowed":
            return refuseMt5(MY_STRATEGIES_TOASTS.notAllowed, 403, signalId);
          default:
            return refuseMt5(MY_STRATEGIES_TOASTS.notFound, 404, signalId);
        }
      }
      case "mt5-auto-send":
        if (!setMt5AutoSend(user.id, value.strategyId, value.enabled)) return refuseMt5(MT5_AUTO_SEND_TOASTS.notFollowed, 409);
        return { toast: value.enabled ? MT5_AUTO_SEND_TOASTS.on : MT5_AUTO_SEND_TOASTS.off, redirectTo: tabUrl("overview") };
      case "save-settings":
        saveDeliverySettings(user.id, value);
        return { toast: MY_STRATEGIES_TOASTS.settingsSaved, redirectTo: tabUrl("settings") };
      case "save-push-subscription": {
        if (!vapidConfig()) return { formErrors: [PUSH_TEXTS.unavailable], status: 409 };
        // The endpoint comes from the browser, so from the user: the same address rules as a webhook.
        const problem = await webhookTargetProblem(value.endpoint);
        if (problem) return { fieldErrors: { endpoint: [problem] } };
        savePushSubscription(user.id, value);
        saveDeliverySettings(user.id, { ...getDeliverySettings(user.id), pushAlerts: true });
        return { toast: MY_STRATEGIES_TOASTS.pushOn, redirectTo: tabUrl("settings") };
      }
    }
  });
}

const TAB_ID_PREFIX = "portal-tab";
const PANEL_ID = "portal-tabpanel";

function Tabs({ selected }: { selected: MyStrategiesTab }) {
  return (
    <LinkTabs
      label="My Strategies sections"
      tabs={MY_STRATEGIES_TABS.map((tab) => ({ ...tab, to: tabUrl(tab.id) }))}
      selected={selected}
      idPrefix={TAB_ID_PREFIX}
      panelId={PANEL_ID}
      className="overflow-x-auto"
      tabClassName="px-3 py-2.5 text-sm sm:px-4"
    />
  );
}

export default function MyStrategies() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<Mt5Refusal>;
  const pendingSearch = usePendingSearchParams();
  // A refused MT5 send toasts for JavaScript users; everyone sees the inline message too.
  useReplyToast(reply);

  // While another tab loads, select it at once.
  const pending = pendingSearch ? parseTab(pendingSearch.get("tab")) : null;
  const selected = pending ?? data.tab;
  const ready = pending === null || pending === data.tab;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <LiveSignalUpdates />
      <h1 className="text-3xl font-bold tracking-tight">My Strategies</h1>
      <p className={`mt-2 ${muted}`}>The strategies you follow, their live signals and your delivery settings.</p>
      <div className="mt-8">
        <UnknownIntentAlert reply={reply} />
        <Tabs selected={selected} />
        <TabPanel id={PANEL_ID} labelledBy={tabId(TAB_ID_PREFIX, selected)} className="pt-6">
          {!ready ? (
            <p role="status" className={muted}>
              Loading…
            </p>
          ) : data.tab === "overview" ? (
            <OverviewPanel data={data} reply={reply} />
          ) : data.tab === "signals" ? (
            <SignalsPanel data={data} reply={reply} />
          ) : data.tab === "performance" ? (
            <PerformancePanel data={data} records={data.records} period={data.period} />
          ) : (
            <SettingsPanel data={data} reply={reply} push={data.push} />
          )}
        </TabPanel>
      </div>
    </div>
  );
}
