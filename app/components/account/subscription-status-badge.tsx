import { Badge } from "~/components/ui/badge";

/**
 * A subscription's status (spec section 4): ACTIVE as success, any other value
 * as a warning; except a live trial given as `trial`, which reads 'Pro trial ·
 * 6 days left' in the success style and is a warning only when it ends soon
 * (docs/decisions/0047-journey-spec-departures.md). `withIcon` adds a ✓ or ⚠
 * mark (and a "Warning:" prefix for screen readers), as the portal
 * dashboard's subscription card shows it.
 */
export function SubscriptionStatusBadge({
  status,
  withIcon = false,
  trial = null,
}: {
  status: string;
  withIcon?: boolean;
  trial?: { label: string; ending: boolean } | null;
}) {
  const active = status === "ACTIVE" || (status === "TRIAL" && trial !== null && !trial.ending);
  const text = status === "TRIAL" && trial ? trial.label : status;
  if (!withIcon) return <Badge variant={active ? "success" : "warning"}>{text}</Badge>;
  return active ? (
    <Badge variant="success" data-testid="subscription-status">
      <span aria-hidden="true" className="mr-1">
        ✓
      </span>
      {text}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="subscription-status" data-warning="true">
      <span aria-hidden="true" className="mr-1">
        ⚠
      </span>
      <span className="sr-only">Warning: </span>
      {text}
    </Badge>
  );
}
