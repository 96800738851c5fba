/**
 * Read model of the signed-in dashboards (spec section 2 "Dashboard home"): the
 * home page `/` (variant "home", 3 recent signals) and the trading dashboard
 * `/dashboard` (variant "trading", 10 recent signals); and the landing page
 * that `/` shows a visitor instead.
 */
import { toSignalListView, type SignalListView } from "~/domain/signals";
import type { UnlockFacts } from "~/domain/unlock";
import { riskPercentFor } from "~/domain/trade-link";
import { countActiveSignals, listSignalsForEntitlements } from "~/models/signals.server";
import { listStrategies, type ApiStrategy } from "~/models/strategies.server";
import { apiStrategyWithRecord } from "~/models/read-models/track-record.server";
import { statusDisplay, type StatusDisplay } from "~/domain/subscription-lifecycle";
import type { SubscriptionStatus } from "../../../db/schema";
import { getEntitlements, getUnlockFacts } from "~/models/subscriptions.server";
import { getDeliverySettings } from "~/models/user-settings.server";
import type { PublicUser } from "~/models/users.server";
import { LANDING_PAGE } from "~/content/landing";
import { claimsThatHold } from "~/domain/claims";
import { landingPageView } from "~/domain/landing-page";
import { siteCapabilities } from "~/platform/env.server";

export type DashboardVariant = "home" | "trading";

/** Recent signals shown per variant (spec sections 2 and 9). */
const DASHBOARD_SIGNAL_LIMITS: Record<DashboardVariant, number> = { home: 3, trading: 10 };
/** Strategies shown in the Strategy Overview card. */
const DASHBOARD_STRATEGY_LIMIT = 3;

/** What the Strategy Overview card shows of a strategy (not its description or methodology). */
export interface DashboardStrategy extends Pick<ApiStrategy, "id" | "slug" | "name" | "timeframes" | "riskClass"> {
  /** Whether the viewer's plan shows this strategy's live signals in full. */
  accessible: boolean;
}

export interface DashboardData {
  variant: DashboardVariant;
  /** First name, else email, for the greeting. */
  displayName: string;
  subscription: {
    /** What the stat card shows: the subscription status (e.g. 'ACTIVE', 'TRIAL'), or 'Free' without one. */
    status: string;
    /** The plan's name, or 'Free'. */
    planLabel: string;
    /** True only for status ACTIVE; anything else is shown as a warning (a live trial by its days left). */
    isActive: boolean;
    /** A live trial's end (ISO), else null. */
    trialEndsAt: string | null;
    /** How the status reads (`statusDisplay`), or null on the Free tier. */
    display: StatusDisplay | null;
  };
  /** How many signals have status ACTIVE. */
  activeSignals: number;
  strategyAccess: {
    count: number;
    total: number;
    /** e.g. '2 / 3'. */
    label: string;
  };
  /** The latest signals the viewer may see, as the list shows them. */
  recentSignals: SignalListView[];
  strategies: DashboardStrategy[];
  /** Strategy names by id, for labelling signals. */
  strategyNames: Record<number, string>;
  /** Reference time for signal ages (ISO). */
  now: string;
  /** Percent of the balance each signal's "Size this trade" link risks: the viewer's risk template (0.5, 1 or 2). */
  sizeRiskPercent: number;
  /** What the viewer has, for the call to action on locked signals. */
  unlock: UnlockFacts;
}

/** Everything the dashboard overview shows for `viewer`. */
export function loadDashboard(viewer: PublicUser, variant: DashboardVariant, now = new Date()): DashboardData {
  const entitlements = getEntitlements(viewer, now);
  const catalogue = listStrategies();
  const entitled = new Set(entitlements.strategyIds);
  const accessCount = catalogue.filter((s) => entitled.has(s.id)).length;
  const status = entitlements.subscription?.status ?? entitlements.planLabel;

  return {
    variant,
    displayName: viewer.firstName?.trim() || viewer.email,
    subscription: {
      status,
      planLabel: entitlements.planLabel,
      isActive: status === "ACTIVE",
      trialEndsAt: status === "TRIAL" && entitlements.subscription?.live ? entitlements.subscription.endDate : null,
      display: entitlements.subscription
        ? statusDisplay({ ...entitlements.subscription, status: entitlements.subscription.status as SubscriptionStatus, endDate: new Date(entitlements.subscription.endDate) }, now)
        : null,
    },
    activeSignals: countActiveSignals(),
    strategyAccess: { count: accessCount, total: catalogue.length, label: `${accessCount} / ${catalogue.length}` },
    recentSignals: listSignalsForEntitlements(entitlements.strategyIds, { limit: DASHBOARD_SIGNAL_LIMITS[variant] }).map(toSignalListView),
    strategies: catalogue
      .slice(0, DASHBOARD_STRATEGY_LIMIT)
      .map((s) => {
        const { id, slug, name, timeframes, riskClass } = apiStrategyWithRecord(s);
        return { id, slug, name, timeframes, riskClass, accessible: entitled.has(s.id) };
      }),
    strategyNames: Object.fromEntries(catalogue.map((s) => [s.id, s.name])),
    now: now.toISOString(),
    sizeRiskPercent: riskPercentFor(getDeliverySettings(viewer.id).riskTemplate),
    unlock: getUnlockFacts(viewer, now),
  };
}

/** The landing page `/` shows a visitor: its content with only the claims that hold on this server (docs/decisions/0158-claims-register.md). */
export function landingContent() {
  return landingPageView(LANDING_PAGE, claimsThatHold(siteCapabilities()));
}
