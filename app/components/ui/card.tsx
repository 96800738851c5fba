import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
      {...props}
    />
  );
}

export function CardHeader({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`flex flex-col gap-1.5 p-6 pb-3 ${className}`} {...props} />;
}

/** A card's heading; `as` picks the level that fits the page outline (default h3). */
export function CardTitle({
  as: Heading = "h3",
  className = "",
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: "h2" | "h3" | "h4" }) {
  return <Heading className={`text-lg leading-tight font-semibold ${className}`} {...props} />;
}

export function CardDescription({ className = "", ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={`text-sm text-slate-600 dark:text-slate-400 ${className}`} {...props} />;
}

export function CardContent({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`p-6 pt-3 ${className}`} {...props} />;
}

/**
 * A card's header row: its h2 (whose `id` names the card's region), an
 * optional badge beside it and an optional action (a link) at the far end.
 */
export function CardHeaderBar({ id, title, badge, action }: { id: string; title: ReactNode; badge?: ReactNode; action?: ReactNode }) {
  const heading = (
    <h2 id={id} className="text-lg leading-tight font-semibold">
      {title}
    </h2>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 p-6 pb-3">
      {badge ? (
        <div className="flex flex-wrap items-center gap-2">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {action}
    </div>
  );
}
