/**
 * What /strategies/:slug shows for a strategy: the tab a URL asks for, and the
 * fixed playbook for its slug. Pure lookups in ~/content.
 */
import { GENERIC_PLAYBOOK, PLAYBOOKS, type Playbook } from "~/content/playbooks";
import { STRATEGY_TABS, type StrategyTab } from "~/content/strategy-detail";

/** The tab named by `?tab=` (case-insensitive); anything else is 'overview'. */
export function parseStrategyTab(value: string | null | undefined): StrategyTab {
  const lower = (value ?? "").toLowerCase();
  return STRATEGY_TABS.find((t) => t.id === lower)?.id ?? "overview";
}

/** The playbook for `slug` (case-insensitive), or the generic one. */
export function playbookFor(slug: string): Playbook {
  return PLAYBOOKS[slug.toLowerCase()] ?? GENERIC_PLAYBOOK;
}
