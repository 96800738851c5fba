/** Fixed parts of /strategies/:slug (spec section 2 "Strategy detail"): its tabs and the Signals tab's length. */

export const STRATEGY_TABS = [
  { id: "overview", label: "Overview" },
  { id: "playbook", label: "Playbook" },
  { id: "performance", label: "Performance" },
  { id: "signals", label: "Signals" },
] as const;
export type StrategyTab = (typeof STRATEGY_TABS)[number]["id"];

/** How many recent signals the Signals tab lists. */
export const STRATEGY_SIGNALS_LIMIT = 20;
