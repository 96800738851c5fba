import { Badge } from "~/components/ui/badge";

/** A subscription's status (spec section 4): ACTIVE as success, any other value as a warning. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return <Badge variant={status === "ACTIVE" ? "success" : "warning"}>{status}</Badge>;
}
