import { Badge } from "~/components/ui/badge";
import { statusDisplay, type SubscriptionState } from "~/domain/subscription-lifecycle";

/** The facts a subscription's status is read from (dates as ISO strings, as loaders serialise them). */
export interface StatusFacts {
  status: string;
  planName: string;
  endDate: string;
  cancelAtPeriodEnd: boolean;
}

const TONE_VARIANT = { success: "success", warning: "warning", neutral: "secondary" } as const;

/**
 * The one status style for a subscription, on every page that shows one: the
 * label and tone come from `statusDisplay` (app/domain/subscription-lifecycle.ts),
 * e.g. 'Active', 'Pro trial · 6 days left', 'Cancelled — access until Dec 1, 2026'.
 * `withIcon` adds a ✓ or ⚠ mark (and a "Warning:" prefix for screen readers).
 * @param now the loader's reference time (ISO), so server and client render alike.
 */
export function SubscriptionStatusBadge({ facts, now, withIcon = false }: { facts: StatusFacts; now: string; withIcon?: boolean }) {
  const display = statusDisplay(
    { status: facts.status as SubscriptionState["status"], planName: facts.planName, endDate: new Date(facts.endDate), cancelAtPeriodEnd: facts.cancelAtPeriodEnd },
    new Date(now),
  );
  const warning = display.tone === "warning";
  return (
    <Badge variant={TONE_VARIANT[display.tone]} data-testid="subscription-status" data-warning={warning ? "true" : undefined}>
      {withIcon && display.tone !== "neutral" ? (
        <span aria-hidden="true" className="mr-1">
          {warning ? "⚠" : "✓"}
        </span>
      ) : null}
      {withIcon && warning ? <span className="sr-only">Warning: </span> : null}
      {display.label}
    </Badge>
  );
}
