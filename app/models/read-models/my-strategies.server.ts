/**
 * Read model of My Strategies (/portal/strategies, spec section 2 "My
 * Strategies"; 9: 20 signals): what each tab shows the signed-in viewer.
 * Only the selected tab's data is read; the others are null.
 */
import { MY_STRATEGIES_SIGNAL_LIMIT } from "~/content/portal";
import { toPortalSignal, type MyStrategiesTab, type PortalSignal } from "~/domain/my-strategies";
import { PLAN_RULES } from "~/content/plans";
import { formatDate } from "~/domain/signal-display";
import { periodLabel, strategyLimitLabel } from "~/domain/subscription-lifecycle";
import { listMt5AutoSend, listQueuedAt } from "~/models/mt5.server";
import { listSignals } from "~/models/signals.server";
import { listStrategies } from "~/models/strategies.server";
import { apiStrategyWithRecord, recordWinRate } from "~/models/read-models/track-record.server";
import { currentSubscription, getChosenStrategyIds, getEntitlements, getSubscription, getUnlockFacts } from "~/models/subscriptions.server";
import { riskPercentFor } from "~/domain/trade-link";
import { getDeliverySettings } from "~/models/user-settings.server";
import type { PublicUser } from "~/models/users.server";

/**
 * Everything the `tab` of My Strategies shows `viewer` at `now`, the
 * subscription as it stands at `now` (`currentSubscription`; nothing written).
 * @returns plain JSON data: dates as ISO strings; `choice`, `signals`, `performance`, `settings` null unless their tab is selected.
 */
export function loadMyStrategies(viewer: PublicUser, tab: MyStrategiesTab, now: Date) {
  const entitlements = getEntitlements(viewer, now);
  const row = currentSubscription(getSubscription(viewer.id), now);
  const entitled = new Set(entitlements.strategyIds);
  const catalogue = listStrategies();
  const names = new Map(catalogue.map((s) => [s.id, s.name]));
  const accessible = catalogue.filter((s) => entitled.has(s.id));
  const live = entitlements.subscription?.live ?? false;
  const plan = row ? PLAN_RULES[row.plan] : null;

  const subscription = row
    ? {
        planName: PLAN_RULES[row.plan].name,
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        live,
        endDate: row.endDate.toISOString(),
        endText: formatDate(row.endDate),
        periodLabel: periodLabel(row),
      }
    : null;

  const choice =
    tab === "overview"
      ? {
          live,
          planName: plan?.name ?? null,
          limit: plan ? plan.strategyLimit : null,
          limitText: row ? strategyLimitLabel(row.plan) : null,
          options: catalogue.filter((s) => s.isActive).map((s) => ({ id: s.id, name: s.name, riskClass: s.riskClass })),
          chosen: getChosenStrategyIds(viewer.id),
        }
      : null;

  // The viewer's strategies: those picked (even beyond the plan's limit, shown locked) and those the plan grants.
  const signals: PortalSignal[] | null =
    tab === "signals"
      ? listSignals({
          limit: MY_STRATEGIES_SIGNAL_LIMIT,
          strategyIds: [...new Set([...getChosenStrategyIds(viewer.id), ...entitlements.strategyIds])].filter((id) => names.has(id)),
        }).map((signal) => toPortalSignal(signal, entitled, names.get(signal.strategyId) ?? "Strategy"))
      : null;

  const performance =
    tab === "performance"
      ? accessible.map((s) => {
          return {
            id: s.id,
            slug: s.slug,
            name: s.name,
            riskClass: s.riskClass,
            winRate: recordWinRate(s.id),
            avgDuration: s.avgDuration,
            isActive: s.isActive,
          };
        })
      : null;

  return {
    tab,
    now: now.toISOString(),
    planLabel: entitlements.planLabel,
    subscription,
    strategies: accessible.map(apiStrategyWithRecord),
    choice,
    /** On the Overview tab: the strategies the viewer follows (they can auto-send to MT5) and those whose auto-send is on. */
    mt5AutoSend: tab === "overview" ? { followed: getChosenStrategyIds(viewer.id), on: listMt5AutoSend(viewer.id) } : null,
    signals,
    /** Signal id → when the viewer queued it for MT5 (ISO), on the Signals tab. */
    mt5QueuedAt: tab === "signals" ? listQueuedAt(viewer.id) : {},
    performance,
    settings: tab === "settings" ? getDeliverySettings(viewer.id) : null,
    /** Percent of the balance each "Size this trade" link risks (the viewer's risk template); null unless the signals tab is selected. */
    sizeRiskPercent: tab === "signals" ? riskPercentFor(getDeliverySettings(viewer.id).riskTemplate) : null,
    /** What the viewer has, for the call to action on locked signals; null unless the signals tab is selected. */
    unlock: tab === "signals" ? getUnlockFacts(viewer, now) : null,
  };
}

export type MyStrategiesData = ReturnType<typeof loadMyStrategies>;
