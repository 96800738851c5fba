/** The risk of ruin estimator card of /tools (spec sections 4 "Calculators" and "Risk of ruin colour"). */
import { RISK_OF_RUIN_COPY } from "~/content/tools";
import { RISK_OF_RUIN_BANDS, type RiskLevel, type RiskOfRuinResult } from "~/domain/risk-of-ruin";
import { CalculatorCard, NumberField } from "./calculator-card";
import { useCalculator, type ToolsReply } from "./use-calculator";

const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** Text colours with WCAG AA contrast on the card in light and dark mode. */
const LEVEL_CLASS: Record<RiskLevel, string> = {
  Low: "text-green-700 dark:text-green-400",
  Moderate: "text-yellow-800 dark:text-yellow-300",
  High: "text-red-700 dark:text-red-400",
};

function RiskOfRuinResultPanel({ result }: { result: RiskOfRuinResult }) {
  return (
    <section
      aria-label="Risk of ruin result"
      data-risk-level={result.riskLevel}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">Risk of ruin</p>
      <p className={`text-3xl font-bold tabular-nums ${LEVEL_CLASS[result.riskLevel]}`} data-testid="risk-of-ruin">
        {percent.format(result.riskOfRuin)}%
      </p>
      <p className={`mt-1 font-semibold ${LEVEL_CLASS[result.riskLevel]}`}>{result.riskLevel} risk</p>
      <p className="mt-3 text-xs text-slate-700 dark:text-slate-300">
        Low below {RISK_OF_RUIN_BANDS.moderate}%, moderate from {RISK_OF_RUIN_BANDS.moderate}% to below{" "}
        {RISK_OF_RUIN_BANDS.high}%, high at {RISK_OF_RUIN_BANDS.high}% or above. Assumes independent trades with a fixed
        risk; results are hypothetical.
      </p>
    </section>
  );
}

/** The card: win rate, reward-to-risk and risk per trade; the risk of ruin and its level below. */
export function RiskOfRuinCalculator({ pageReply }: { pageReply?: ToolsReply }) {
  const calculator = useCalculator("risk-of-ruin", pageReply, RISK_OF_RUIN_COPY.failed, {
    required: ["winRate", "riskReward", "riskPerTrade"],
  });
  const { fields, result } = calculator;

  return (
    <CalculatorCard
      copy={RISK_OF_RUIN_COPY}
      intent="risk-of-ruin"
      calculator={calculator}
      result={result ? <RiskOfRuinResultPanel result={result} /> : null}
    >
      <NumberField field={fields.winRate} label="Win rate (%)" step="any" min="0" max="100" placeholder="55" />
      <NumberField
        field={fields.riskReward}
        label="Reward-to-risk ratio (R multiple)"
        step="0.1"
        min="0"
        placeholder="1.5"
      />
      <NumberField
        field={fields.riskPerTrade}
        label="Risk per trade (% of starting balance)"
        step="any"
        min="0"
        max="100"
        placeholder="1"
      />
    </CalculatorCard>
  );
}
