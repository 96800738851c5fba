import { Badge } from "~/components/ui/badge";

/**
 * A subscription's status (spec section 4): ACTIVE as success, any other value
 * as a warning. `withIcon` adds a ✓ or ⚠ mark (and a "Warning:" prefix for
 * screen readers), as the portal dashboard's subscription card shows it.
 */
export function SubscriptionStatusBadge({ status, withIcon = false }: { status: string; withIcon?: boolean }) {
  const active = status === "ACTIVE";
  if (!withIcon) return <Badge variant={active ? "success" : "warning"}>{status}</Badge>;
  return active ? (
    <Badge variant="success" data-testid="subscription-status">
      <span aria-hidden="true" className="mr-1">
        ✓
      </span>
      {status}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="subscription-status" data-warning="true">
      <span aria-hidden="true" className="mr-1">
        ⚠
      </span>
      <span className="sr-only">Warning: </span>
      {status}
    </Badge>
  );
}
