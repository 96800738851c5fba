/**
 * /strategies — the strategy catalogue (spec section 2 "Strategies list").
 */
import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StrategyCard } from "~/components/strategy-card";
import { buttonClass } from "~/components/ui/button";
import { listStrategies, toApiStrategy } from "~/models/strategies.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Strategies & Playbooks",
    "Browse FX Trader's rules-based forex strategies on the majors, minors and gold: risk class, timeframes, instruments, win rates and full playbooks.",
  );

export function loader() {
  return json({ strategies: listStrategies().map(toApiStrategy) });
}

export default function StrategiesIndex() {
  const { strategies } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Strategies &amp; Playbooks</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
          Every strategy follows written, rules-based playbooks with fixed risk per trade, clear entry and exit rules and
          news filters. Compare risk classes, timeframes and instruments, then open a strategy to read its playbook and
          recent signals.
        </p>
      </header>

      <section aria-label="Strategies" className="mt-10">
        {strategies.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-600">
            <h2 className="text-xl font-semibold">No Strategies Available</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Our strategies are being updated. Please check back soon.
            </p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {strategies.map((strategy) => (
              <li key={strategy.id}>
                <StrategyCard strategy={strategy} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="help-choosing"
        className="mt-16 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="help-choosing" className="text-2xl font-bold">
          Need Help Choosing?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
          Not sure which strategy fits your schedule and risk tolerance? Book a free 30-minute call with our team, or
          compare the plans to see how many strategies each one includes.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={buttonClass("default", "lg")}>
            Book a Strategy Call
          </Link>
          <Link to="/pricing" className={buttonClass("outline", "lg")}>
            View Pricing
          </Link>
        </div>
      </section>
    </div>
  );
}
