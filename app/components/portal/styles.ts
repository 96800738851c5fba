/** Class names shared by the portal's page sections. */

/** Secondary text. */
export const muted = "text-slate-700 dark:text-slate-300";

/** An inline text link. */
export const linkClass = "font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300";

/** A selectable card around a checkbox or radio button; highlighted while checked. */
export const choiceCardClass =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40";
