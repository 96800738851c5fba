/** The risk of ruin answer on /tools: the figure in its band's colour, its explanation, and the extended figures. */
import { PEAK_TO_TROUGH_COPY } from "~/content/risk-of-ruin-result";
import { RISK_OF_RUIN_COPY } from "~/content/tools";
import { DRAWDOWN_LEVELS, RISK_OF_RUIN_BANDS, type RiskLevel, type RiskOfRuinReport } from "~/domain/risk-of-ruin";
import { ResultRow } from "./calculator-card";

const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const muted = "text-slate-700 dark:text-slate-300";

/** Text colours with WCAG AA contrast on the card in light and dark mode. */
const LEVEL_CLASS: Record<RiskLevel, string> = {
  Low: "text-green-700 dark:text-green-400",
  Moderate: "text-yellow-800 dark:text-yellow-300",
  High: "text-red-700 dark:text-red-400",
};

/** A percent with its standard error when it was simulated: "12.34% ± 0.10". */
function odds(value: number, standardError: number): string {
  return standardError > 0 ? `${percent.format(value)}% ± ${percent.format(standardError)}` : `${percent.format(value)}%`;
}

/** The rows of the odds of a drawdown from a peak, 10, 20 and 50%. */
function PeakToTroughRows({ odds: values, trades }: { odds: RiskOfRuinReport["drawdownProbabilities"]; trades: number }) {
  return DRAWDOWN_LEVELS.map((level) => (
    <ResultRow
      key={level}
      label={PEAK_TO_TROUGH_COPY.label.replace("{level}", String(level)).replace("{trades}", String(trades))}
      value={`${percent.format(values[level])}%`}
    />
  ));
}

function FixedFractional({ report }: { report: RiskOfRuinReport }) {
  const ff = report.fixedFractional;
  // Ruin at 100% is impossible here (0, exact); a shallower ruin drawdown is simulated.
  const simulated = ff.method === "monte-carlo" && report.ruinDrawdown < 100;
  return (
    <div className="mt-4" data-testid="fixed-fractional">
      <h3 className="text-sm font-semibold">{RISK_OF_RUIN_COPY.fixedFractionalHeading}</h3>
      <p className={`mt-1 text-xs ${muted}`}>{RISK_OF_RUIN_COPY.fixedFractionalNote}</p>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <PeakToTroughRows odds={ff.drawdownProbabilities} trades={report.drawdownHorizonTrades} />
        <ResultRow label={`Chance of a ${report.ruinDrawdown}% drawdown (ruin)`} value={odds(ff.riskOfRuin, ff.belowStartStandardErrors.ruin)} />
        <ResultRow label="Method of the ruin figure" value={RISK_OF_RUIN_COPY.methods[simulated ? "monte-carlo" : "closed-form"]} />
      </dl>
      {simulated ? (
        <p className={`mt-1 text-xs ${muted}`}>
          {RISK_OF_RUIN_COPY.monteCarloNote
            .replace("{paths}", (ff.paths ?? 0).toLocaleString("en-US"))
            .replace("{trades}", String(ff.horizonTrades))
            .replace("{seed}", String(ff.seed))}
        </p>
      ) : null}
    </div>
  );
}

/** The result region: the risk of ruin and its level (spec colours), the explanation, Kelly, expectancy and the odds of drawdowns from a peak. */
export function RiskOfRuinResultPanel({ result }: { result: RiskOfRuinReport }) {
  const bands = RISK_OF_RUIN_COPY.bandsNote
    .replaceAll("{moderate}", String(RISK_OF_RUIN_BANDS.moderate))
    .replaceAll("{high}", String(RISK_OF_RUIN_BANDS.high));
  return (
    <section
      aria-label="Risk of ruin result"
      data-risk-level={result.riskLevel}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className={`text-sm ${muted}`}>Risk of ruin</p>
      <p className={`text-3xl font-bold tabular-nums ${LEVEL_CLASS[result.riskLevel]}`} data-testid="risk-of-ruin">
        {percent.format(result.riskOfRuin)}%
      </p>
      <p className={`mt-1 font-semibold ${LEVEL_CLASS[result.riskLevel]}`}>{result.riskLevel} risk</p>
      <p className="mt-2 text-sm" data-testid="ruin-explanation">
        {result.explanation}.
      </p>
      <p className={`mt-2 text-xs ${muted}`}>{bands}</p>
      <h3 className="mt-4 text-sm font-semibold">{RISK_OF_RUIN_COPY.fixedAmountHeading}</h3>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <ResultRow label="Expectancy per trade (R)" value={`${result.expectancyR > 0 ? "+" : ""}${result.expectancyR.toFixed(2)}R`} />
        <ResultRow label="Kelly fraction (of equity per trade)" value={`${percent.format(result.kellyFraction * 100)}%`} />
        <PeakToTroughRows odds={result.drawdownProbabilities} trades={result.drawdownHorizonTrades} />
      </dl>
      <p className={`mt-1 text-xs ${muted}`}>{PEAK_TO_TROUGH_COPY.note}</p>
      <p className={`mt-1 text-xs ${muted}`}>{result.kellyNote}</p>
      <FixedFractional report={result} />
    </section>
  );
}
