/**
 * Read model of the portal dashboard (spec section 2 "Portal dashboard"): the
 * greeting name, the 10 latest signals the viewer may see (ACTIVE signals of
 * strategies outside the viewer's plan come locked, without prices), up to 3
 * of the viewer's entitled strategies, and the subscription card.
 * The market outlook and the risk meter are static content (~/content/portal).
 */
import { PORTAL_SIGNAL_LIMIT, PORTAL_STRATEGY_LIMIT } from "~/content/portal";
import { greetingName } from "~/domain/greeting";
import { toSignalListView, type SignalListView } from "~/domain/signals";
import type { UnlockFacts } from "~/domain/unlock";
import { riskPercentFor } from "~/domain/trade-link";
import { listSignalsForEntitlements } from "~/models/signals.server";
import { listStrategies, type ApiStrategy } from "~/models/strategies.server";
import { apiStrategyWithRecord } from "~/models/read-models/track-record.server";
import { getEntitlements, getUnlockFacts } from "~/models/subscriptions.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import type { PublicUser } from "~/models/users.server";

export interface PortalSubscription {
  planName: string;
  /** e.g. 'ACTIVE', 'TRIAL', 'PAUSED'. */
  status: string;
  /** True only for status ACTIVE; any other status is shown as a warning. */
  isActive: boolean;
  /** True while the subscription grants its plan (ACTIVE or TRIAL in its period). */
  live: boolean;
  /** End of the current period or trial (ISO, UTC). */
  endDate: string;
  /** Cancelled: access lasts until `endDate`, then ends. */
  cancelAtPeriodEnd: boolean;
}

export interface PortalDashboardData {
  /** The user's first name as stored (null when missing or blank). */
  firstName: string | null;
  /** The name to greet: the first name, else 'Trader'. */
  greetingName: string;
  /** The 10 latest signals, newest first, locked where the viewer is not entitled, as the list shows them. */
  signals: SignalListView[];
  /** Strategy names by id, for labelling signals. */
  strategyNames: Record<number, string>;
  /** Up to 3 of the viewer's entitled strategies, in entitlement order. */
  strategies: ApiStrategy[];
  /** How many strategies the viewer is entitled to in all. */
  strategyCount: number;
  /** The viewer's subscription, or null on the Free tier. */
  subscription: PortalSubscription | null;
  /** Reference time for signal ages (ISO). */
  now: string;
  /** Percent of the balance each signal's "Size this trade" link risks: the viewer's risk template (0.5, 1 or 2). */
  sizeRiskPercent: number;
  /** What the viewer has, for the call to action on locked signals. */
  unlock: UnlockFacts;
}

/** Everything the portal dashboard shows for `viewer`. */
export function loadPortalDashboard(viewer: PublicUser, now = new Date()): PortalDashboardData {
  const entitlements = getEntitlements(viewer, now);
  const catalogue = listStrategies();
  const byId = new Map(catalogue.map((strategy) => [strategy.id, strategy]));
  const entitled = entitlements.strategyIds.flatMap((id) => {
    const strategy = byId.get(id);
    return strategy ? [strategy] : [];
  });
  const firstName = viewer.firstName?.trim() || null;
  const sub = entitlements.subscription;

  return {
    firstName,
    greetingName: greetingName(firstName),
    signals: listSignalsForEntitlements(entitlements.strategyIds, { limit: PORTAL_SIGNAL_LIMIT }).map(toSignalListView),
    strategyNames: Object.fromEntries(catalogue.map((s) => [s.id, s.name])),
    strategies: entitled.slice(0, PORTAL_STRATEGY_LIMIT).map(apiStrategyWithRecord),
    strategyCount: entitled.length,
    subscription: sub
      ? { planName: sub.planName, status: sub.status, isActive: sub.status === "ACTIVE", live: sub.live, endDate: sub.endDate, cancelAtPeriodEnd: sub.cancelAtPeriodEnd }
      : null,
    now: now.toISOString(),
    sizeRiskPercent: riskPercentFor(getDeliverySettings(viewer.id).riskTemplate),
    unlock: getUnlockFacts(viewer, now),
  };
}
