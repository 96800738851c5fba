/**
 * Texts of the risk of ruin answer only (the lazily loaded result panel), kept
 * apart from app/content/tools.ts so that /tools does not load them before a
 * first answer.
 */
export const PEAK_TO_TROUGH_COPY = {
  label: "Chance of a {level}% drawdown from a peak within {trades} trades",
  note: "A drawdown is a fall below the highest balance so far: in percent of the starting balance when risking a fixed amount, of the peak when risking a percent of equity.",
};
