/**
 * "Size this trade": a link from an unlocked signal to the position size
 * calculator on /tools, pre-filled with the signal's symbol, entry, stop and
 * targets and the risk of the viewer's risk template. A plain link, so it
 * works without JavaScript; nothing is rendered for a locked signal.
 */
import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { showsSizeThisTrade } from "~/domain/signal-status";
import { RISK_TEMPLATE_PERCENT, sizeThisTradeHref } from "~/domain/trade-link";

/** The signal fields read, in either API shape (nested `entryJson`/`tpJson` or flat aliases). */
export interface SizeThisTradeSignal {
  symbol: string;
  status: string;
  locked?: boolean;
  entryJson?: { price: number | null } | null;
  sl?: number | null;
  tpJson?: { tp1: number | null; tp2: number | null } | null;
  entryPrice?: number | null;
  stopLoss?: number | null;
  takeProfit1?: number | null;
  takeProfit2?: number | null;
}

/**
 * The link for `signal`, risking `riskPercent` of the balance (default: the
 * Balanced template's 1%); null when the signal is locked, no longer open
 * (`showsSizeThisTrade`), or has no entry or stop.
 */
export function SizeThisTrade({
  signal,
  riskPercent = RISK_TEMPLATE_PERCENT.Balanced,
  className,
}: {
  signal: SizeThisTradeSignal;
  riskPercent?: number;
  className?: string;
}) {
  if (!showsSizeThisTrade(signal)) return null;
  const href = sizeThisTradeHref(
    {
      symbol: signal.symbol,
      entryPrice: signal.entryJson?.price ?? signal.entryPrice ?? null,
      sl: signal.sl ?? signal.stopLoss ?? null,
      tp1: signal.tpJson?.tp1 ?? signal.takeProfit1 ?? null,
      tp2: signal.tpJson?.tp2 ?? signal.takeProfit2 ?? null,
    },
    riskPercent,
  );
  if (href === null) return null;
  return (
    <Link
      to={href}
      data-testid="size-this-trade"
      className={className ?? buttonClass("outline", "sm")}
    >
      Size this trade
      <span className="sr-only">{`: ${signal.symbol} at ${riskPercent}% risk`}</span>
    </Link>
  );
}
