/** Colours for positive, negative and neutral figures on /performance (WCAG AA in light and dark mode). */
import type { MetricTone } from "~/content/performance";

/** Text colour of a figure with `tone`. */
export const toneClass: Record<MetricTone, string> = {
  positive: "text-green-700 dark:text-green-400",
  negative: "text-red-700 dark:text-red-400",
  neutral: "text-slate-900 dark:text-slate-50",
};

/** The tone of a signed number: positive above zero, negative below, else neutral. */
export function signTone(value: number): MetricTone {
  if (value > 0) return "positive";
  if (value < 0) return "negative";
  return "neutral";
}
