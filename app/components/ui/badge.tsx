import type { HTMLAttributes } from "react";

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "success" | "warning";

const variants: Record<BadgeVariant, string> = {
  default: "bg-blue-700 text-white dark:bg-blue-500 dark:text-slate-950",
  secondary: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  destructive: "bg-red-700 text-white",
  outline: "border border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200",
  success: "bg-green-700 text-white",
  warning: "bg-amber-300 text-amber-950",
};

export function Badge({ variant = "default", className = "", ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
