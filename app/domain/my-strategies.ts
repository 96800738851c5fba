/**
 * My Strategies (spec section 2 "My Strategies"): which tab a URL names, the
 * tab URLs, the rows of the Live Signals tab and the toast after choosing
 * strategies. Pure: no I/O, no clock.
 */
import type { Signal } from "../../db/schema";
import { MY_STRATEGIES_PATH, MY_STRATEGIES_TABS, MY_STRATEGIES_TOASTS } from "~/content/portal";
import { FOLLOW_TOASTS } from "~/content/unlock";
import { signalTicket } from "~/domain/signal-ticket";
import { toApiSignal, type ApiSignal } from "~/domain/signals";

export type MyStrategiesTab = (typeof MY_STRATEGIES_TABS)[number]["id"];

/** The tab named by `?tab=` (case-insensitive); anything else is 'overview'. */
export function parseTab(value: string | null | undefined): MyStrategiesTab {
  const lower = (value ?? "").toLowerCase();
  return MY_STRATEGIES_TABS.find((t) => t.id === lower)?.id ?? "overview";
}

/** The URL of a tab: '/portal/strategies?tab=<tab>'. */
export function tabUrl(tab: MyStrategiesTab): string {
  return `${MY_STRATEGIES_PATH}?tab=${tab}`;
}

/** A signal row of the Live Signals tab. */
export interface PortalSignal extends ApiSignal {
  strategyName: string;
  /** Plain-text ticket for Copy to Clipboard; only on ACTIVE signals the viewer is entitled to. */
  ticket: string | null;
  /** Copy to Clipboard and Send to MT5 are offered. */
  actionable: boolean;
}

/**
 * A signal row as the Live Signals tab shows it to a viewer entitled to
 * `entitled` strategy ids: locked where the plan does not reach, and with a
 * ticket and actions only when ACTIVE and not locked.
 */
export function toPortalSignal(row: Signal, entitled: ReadonlySet<number>, strategyName: string): PortalSignal {
  const signal = toApiSignal(row, entitled);
  const actionable = signal.status === "ACTIVE" && !signal.locked;
  return { ...signal, strategyName, actionable, ticket: actionable ? signalTicket(signal, strategyName) : null };
}

/** The 'Strategies Updated' toast for `count` strategies followed ('You now follow 2 strategies.'). */
export function strategiesSavedToast(count: number): { title: string; description: string } {
  const { title, one, many } = MY_STRATEGIES_TOASTS.strategiesSaved;
  return { title, description: count === 1 ? one : many.replace("{n}", String(count)) };
}

/** The toast after "Follow this strategy" on a locked signal of `strategyName`. */
export function followedToast(strategyName: string): { title: string; description: string } {
  const { title, description } = FOLLOW_TOASTS.followed;
  return { title, description: description.replace("{name}", strategyName) };
}
