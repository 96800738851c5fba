/**
 * /strategies — the strategy catalogue (spec section 2 "Strategies list").
 */
import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClosingCta } from "~/components/marketing";
import { STRATEGY_CALL_PATH } from "~/content/contact";
import { StrategyCard } from "~/components/strategy-card";
import { apiStrategyWithRecord, liveCardFigures } from "~/models/read-models/track-record.server";
import { listStrategies } from "~/models/strategies.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Strategies & Playbooks",
    "Browse FX Trader's rules-based forex strategies on the majors, minors and gold: risk class, timeframes, instruments, win rates and full playbooks.",
  );

export function loader() {
  return json({ strategies: listStrategies().map(apiStrategyWithRecord), live: liveCardFigures() });
}

export default function StrategiesIndex() {
  const { strategies, live } = useLoaderData<typeof loader>();

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
                <StrategyCard strategy={strategy} live={live[strategy.slug] ?? { trades: 0, winRate: null }} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ClosingCta
        id="help-choosing"
        title="Need Help Choosing?"
        body="Not sure which strategy fits your schedule and risk tolerance? Book a free 30-minute call with our team, or compare the plans to see how many strategies each one includes."
        actions={[
          { label: "Book a Strategy Call", to: STRATEGY_CALL_PATH },
          { label: "View Pricing", to: "/pricing" },
        ]}
        className="mt-16"
      />
    </div>
  );
}
