/** A strategy's risk class as a badge (its own module, so a page can show it without the strategy card). */
import { Badge } from "~/components/ui/badge";
import { riskBadgeVariant } from "~/domain/signal-display";

/** The risk class in the badge variant of `riskBadgeVariant`, with "Risk class:" for screen readers. */
export function RiskBadge({ riskClass }: { riskClass: string }) {
  return (
    <Badge variant={riskBadgeVariant(riskClass)}>
      <span className="sr-only">Risk class: </span>
      {riskClass}
    </Badge>
  );
}
