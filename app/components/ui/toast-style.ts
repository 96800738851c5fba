/** What a toast says and how it looks, shared by `toast()` (./toast.tsx) and the lazily loaded Radix toast (./toast-view.tsx). */

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A toast being shown: the message and a number unique to this showing. */
export type ToastEntry = ToastMessage & { id: number };

/** Colours of a toast by variant (shared by the Radix toast and the no-JavaScript copy). */
export const TOAST_VARIANT_CLASS = {
  default: "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50",
  destructive: "border-red-600 bg-red-600 text-white",
};
