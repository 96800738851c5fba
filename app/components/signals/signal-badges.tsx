/**
 * A signal's side and status badges and the link to its page, shared by the
 * signal lists, the signal page, the portal and the admin desk.
 */
import { Link } from "@remix-run/react";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { isOpenStatus, signalStatusLabel } from "~/domain/signal-status";

function statusVariant(status: string): BadgeVariant {
  if (isOpenStatus(status)) return "default";
  if (status === "CANCELLED") return "outline";
  return "secondary";
}

/** LONG (green, ▲) or SHORT (red, ▼). */
export function SideBadge({ side }: { side: string }) {
  const long = side === "LONG";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        long ? "bg-green-700 text-white" : "bg-red-700 text-white"
      }`}
    >
      <span aria-hidden="true" className="mr-1">
        {long ? "▲" : "▼"}
      </span>
      {side}
    </span>
  );
}

/** The status label, with a dot while the signal is open. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)}>
      {isOpenStatus(status) ? (
        <span aria-hidden="true" className="mr-1.5 inline-block h-1.5 w-1.5 rounded-full bg-current" />
      ) : null}
      {signalStatusLabel(status)}
    </Badge>
  );
}

/** The signal's symbol as a link to its page (/signals/{id}). */
export function SignalLink({ signal, className = "" }: { signal: { id: number; symbol: string }; className?: string }) {
  return (
    <Link to={`/signals/${signal.id}`} className={`underline-offset-2 hover:underline ${className}`.trim()}>
      {signal.symbol}
    </Link>
  );
}
