import type { HTMLAttributes } from "react";

/** A pulsing placeholder block. */
export function Skeleton({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 dark:bg-slate-800 ${className}`} {...props} />;
}

/** `count` skeleton cards in a responsive grid, announced as loading. */
export function SkeletonCardGrid({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="skeleton-card" className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-6 h-9 w-32" />
        </div>
      ))}
    </div>
  );
}
