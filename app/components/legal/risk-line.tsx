import { Link } from "@remix-run/react";
import { RISK_LINE } from "~/content/legal-paths";

/** The one-line risk warning with a link to /legal/risk-warning (pricing and plan pages). */
export function RiskLine({ className = "" }: { className?: string }) {
  return (
    <p data-testid="risk-line" className={`text-sm text-slate-700 dark:text-slate-300 ${className}`.trim()}>
      {RISK_LINE.text}{" "}
      <Link to={RISK_LINE.path} className="font-medium text-blue-700 underline dark:text-blue-400">
        {RISK_LINE.linkLabel}
      </Link>
    </p>
  );
}
