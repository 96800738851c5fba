/** The Methodology, Verification and Disclaimers tabs of /performance. */
import { PlaceholderButton } from "~/components/placeholder-button";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  COST_ASSUMPTIONS,
  DISCLAIMERS,
  METHODOLOGY,
  TRACKING_PLATFORMS,
  VERIFICATION_INTRO,
} from "~/content/performance-info";
import { PerformanceTableHead } from "./table-head";

/** How the figures were made and the costs every hypothetical trade is charged. */
export function MethodologyPanel() {
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="methodology-title" className="max-w-3xl">
        <h2 id="methodology-title" className="text-2xl font-bold tracking-tight">
          Methodology
        </h2>
        {METHODOLOGY.map((section) => (
          <div key={section.title} className="mt-6">
            <h3 className="text-xl font-semibold">{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </section>

      <section aria-labelledby="costs-title" className="max-w-3xl">
        <h2 id="costs-title" className="text-2xl font-bold tracking-tight">
          Cost assumptions
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Every hypothetical trade is charged these costs. {COST_ASSUMPTIONS.backtestText}.
        </p>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="min-w-0">
            <h3 id="spreads-title" className="text-xl font-semibold">
              Spreads
            </h3>
            <div
              className="mt-3 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
              role="region"
              aria-labelledby="spreads-title"
              tabIndex={0}
            >
              <table className="w-full text-left text-sm" data-testid="spreads-table">
                <caption className="sr-only">Assumed spread per instrument, in pips</caption>
                <PerformanceTableHead labels={["Instrument", "Spread"]} />
                <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
                  {COST_ASSUMPTIONS.spreads.map((spread) => (
                    <tr key={spread.pair}>
                      <th scope="row" className="px-4 py-2 font-medium">
                        {spread.pair}
                      </th>
                      <td className="px-4 py-2 text-right tabular-nums">{spread.pips} pips</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="text-xl font-semibold">Other costs and data</h3>
            <dl className="mt-3 flex flex-col gap-3" data-testid="other-costs">
              <CostItem label="Commission" value={COST_ASSUMPTIONS.commissionText} />
              <CostItem label="Average slippage" value={COST_ASSUMPTIONS.slippageText} />
              <CostItem label="Backtest data" value={`${COST_ASSUMPTIONS.minimumBacktestYears} or more years`} />
            </dl>
          </div>
        </div>
      </section>
    </div>
  );
}

function CostItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/** What the ledger proves and how to check it, then the account tracking platforms (no public links yet). */
export function VerificationPanel() {
  return (
    <section aria-labelledby="verification-title">
      <h2 id="verification-title" className="text-2xl font-bold tracking-tight">
        Checking our record yourself
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{VERIFICATION_INTRO}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {TRACKING_PLATFORMS.map((platform) => (
          <li key={platform.id} className="min-w-0">
            <Card className="h-full">
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle>{platform.name}</CardTitle>
                  <Badge variant="secondary">{platform.status}</Badge>
                </div>
                <CardDescription className="text-slate-700 dark:text-slate-300">{platform.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <PlaceholderButton
                  noteId={`${platform.id}-status`}
                  action={{
                    label: platform.buttonLabel,
                    note: `${platform.status}: the public tracking link is not available yet.`,
                  }}
                />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every disclaimer, each with an anchor. */
export function DisclaimersPanel() {
  return (
    <section aria-labelledby="disclaimers-title" className="max-w-3xl">
      <h2 id="disclaimers-title" className="text-2xl font-bold tracking-tight">
        Disclaimers
      </h2>
      {DISCLAIMERS.map((disclaimer) => (
        <div key={disclaimer.id} id={disclaimer.id} className="mt-6" data-testid={`disclaimer-${disclaimer.id}`}>
          <h3 className="text-xl font-semibold">{disclaimer.title}</h3>
          {disclaimer.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}
