/** The risk of ruin estimator card of /tools (spec sections 4 "Calculators" and "Risk of ruin colour"; issue 12). */
import { RISK_OF_RUIN_COPY } from "~/content/tools";
import { CalculatorCard, NumberField } from "./calculator-card";
import { RiskOfRuinResult } from "./result-panels";
import { useCalculator, type ToolsReply } from "./use-calculator";

/** The ruin drawdown's real default (submitted): the whole account. */
const DEFAULT_VALUES = { ruinDrawdown: "100" };

/**
 * On a phone the card comes below the position size calculator, out of the
 * first screen: `content-visibility: auto` (with its last height, or about
 * 640 px before it was shown) leaves it out of the first frame's layout.
 */
const BELOW_THE_FOLD_ON_PHONES = "[content-visibility:auto] [contain-intrinsic-size:auto_640px]";

/** The card: win rate, reward-to-risk, risk per trade and the ruin drawdown; the answer below. */
export function RiskOfRuinCalculator({ pageReply }: { pageReply?: ToolsReply }) {
  const calculator = useCalculator(
    "risk-of-ruin",
    pageReply,
    RISK_OF_RUIN_COPY.failed,
    DEFAULT_VALUES,
  );
  const { fields, result } = calculator;

  return (
    <CalculatorCard
      copy={RISK_OF_RUIN_COPY}
      intent="risk-of-ruin"
      calculator={calculator}
      result={result ? <RiskOfRuinResult result={result} /> : null}
      className={BELOW_THE_FOLD_ON_PHONES}
    >
      <NumberField field={fields.winRate} label="Win rate (%)" step="any" min="0" max="100" placeholder="e.g. 55" />
      <NumberField
        field={fields.riskReward}
        label="Reward-to-risk ratio (R multiple)"
        step="0.1"
        min="0"
        placeholder="e.g. 1.5"
      />
      <NumberField
        field={fields.riskPerTrade}
        label="Risk per trade (% of starting balance)"
        step="any"
        min="0"
        max="100"
        placeholder="e.g. 1"
      />
      <NumberField
        field={fields.ruinDrawdown}
        label="Ruin drawdown (%)"
        step="any"
        min="0"
        max="100"
        hint={RISK_OF_RUIN_COPY.ruinDrawdownHint}
      />
    </CalculatorCard>
  );
}
