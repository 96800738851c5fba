import { Link } from "@remix-run/react";
import { RISK_LINE } from "~/content/legal-paths";
import { FOOTER_COLUMNS, FOOTER_RISK_TEXT } from "~/content/navigation";

export function Footer() {
  return (
    <footer className="offscreen-skipped mt-16 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.items.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className="text-slate-700 hover:underline dark:text-slate-300">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs leading-relaxed text-slate-600 dark:text-slate-400" data-testid="risk-text">
          {FOOTER_RISK_TEXT}{" "}
          <Link to={RISK_LINE.path} className="font-medium text-blue-700 underline dark:text-blue-400">
            {RISK_LINE.linkLabel}
          </Link>
        </p>
        <p className="mx-auto max-w-7xl px-4 pb-6 text-xs text-slate-600 dark:text-slate-400">
          © {new Date().getUTCFullYear()} FX Trader. Education and tools only: no investment advice, portfolio management or brokerage.
        </p>
      </div>
    </footer>
  );
}
