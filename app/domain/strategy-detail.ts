/**
 * What /strategies/:slug shows for a strategy: the tab a URL asks for, and the
 * fixed playbook and hypothetical performance sample for its slug. Pure lookups
 * in ~/content.
 */
import { GENERIC_PLAYBOOK, PLAYBOOKS, type Playbook } from "~/content/playbooks";
import { STRATEGY_TABS, type StrategyTab } from "~/content/strategy-detail";
import {
  GENERIC_PERFORMANCE,
  STRATEGY_PERFORMANCE,
  type StrategyPerformanceSample,
} from "~/content/strategy-performance";

/** The tab named by `?tab=` (case-insensitive); anything else is 'overview'. */
export function parseStrategyTab(value: string | null | undefined): StrategyTab {
  const lower = (value ?? "").toLowerCase();
  return STRATEGY_TABS.find((t) => t.id === lower)?.id ?? "overview";
}

/** The playbook for `slug` (case-insensitive), or the generic one. */
export function playbookFor(slug: string): Playbook {
  return PLAYBOOKS[slug.toLowerCase()] ?? GENERIC_PLAYBOOK;
}

/** The hypothetical performance sample for `slug` (case-insensitive), or the generic one. */
export function performanceSampleFor(slug: string): StrategyPerformanceSample {
  return STRATEGY_PERFORMANCE[slug.toLowerCase()] ?? GENERIC_PERFORMANCE;
}
