/**
 * Period links of a live track record (1W, 1M, 3M, 1Y …): plain links to
 * `hrefFor(period)`, so they work without JavaScript; the current one is
 * marked with `aria-current`.
 */
import { Link } from "@remix-run/react";

/**
 * @param choices the periods in display order, `{id, label}`.
 * @param testIdPrefix each link's test id is `<prefix><id>`.
 */
export function PeriodLinks<Period extends string>({
  choices,
  current,
  hrefFor,
  label,
  testIdPrefix,
  className = "",
}: {
  choices: ReadonlyArray<{ id: Period; label: string }>;
  current: Period;
  hrefFor: (period: Period) => string;
  label: string;
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800 ${className}`}>
      {choices.map((choice) => (
        <Link
          key={choice.id}
          to={hrefFor(choice.id)}
          preventScrollReset
          aria-current={choice.id === current ? "true" : undefined}
          data-testid={`${testIdPrefix}${choice.id}`}
          className={`inline-flex h-9 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold ${
            choice.id === current
              ? "bg-blue-700 text-white dark:bg-blue-500 dark:text-slate-950"
              : "text-slate-800 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-900"
          }`}
        >
          {choice.label}
        </Link>
      ))}
    </nav>
  );
}
