/** Texts of /tools, the risk calculators (spec sections 2 "Tools", 5 and 8). */

export const TOOLS_META = {
  title: "Risk Calculators",
  description:
    "Free forex risk calculators: size a position to a fixed percentage of your account and estimate your risk of ruin from win rate, reward-to-risk and risk per trade.",
};

export const TOOLS_INTRO = {
  title: "Risk Calculators",
  lead: "Size every trade to a fixed share of your account and see how likely a run of losses is to wipe it out. Free to use; figures are estimates for education, not investment advice.",
  helpLink: "Help: how the risk calculators work",
};

/** Spec section 8: the toast when a field does not parse as a number. */
export const INVALID_INPUT_TOAST = {
  title: "Invalid Input",
  description: "Please fill in all fields with valid numbers.",
  variant: "destructive",
} as const;

/** Title of the toast when the server rejects a calculation. */
export const CALCULATION_ERROR_TITLE = "Calculation Error";

export const POSITION_SIZE_COPY = {
  title: "Position Size Calculator",
  description:
    "How many lots to trade so that hitting your stop loses exactly the risk you chose, spread and commission included (rounded down to the lot step).",
  failed: "Failed to calculate position size. Please check your inputs.",
  submit: "Calculate Position Size",
  advanced: "Advanced: instrument, account currency, costs, broker limits, margin, targets",
  advancedHint: "Optional. Left as they are, the calculator sizes a pair quoted in US dollars with no costs, 0.01-lot steps and no target.",
  defaultInstrument: "Any pair quoted in the account currency (100,000 units per lot, pip 0.0001)",
  customInstrument: "Custom instrument (index, CFD)",
  symbolHint: "Sets the pip (0.01 for JPY pairs and metals, else 0.0001) and the contract size.",
  conversionHint: "Needed only when neither currency of the pair is the account's: account-currency units per 1 unit of the quote currency.",
  conversionNeeded: "Needed for this pair: enter the {rate}.",
  riskAmountHint: "Instead of the risk percent: leave the risk percent empty.",
  commissionHint: "Round turn, per standard lot.",
  lotLimitsHint: "Your broker's lot step and smallest and largest order.",
  leverageHint: "The L of 1:L (1 to 1000), for the margin.",
  customHeading: "Custom instrument",
  customHint: "From your broker's contract specification: units per lot, the price step of one pip or tick, and its value on one lot in the account currency.",
  targetsHeading: "Take-profit levels (up to 3)",
  targetsHint: "Each level's price and the percent of the position closed there; the shares add up to 100.",
  warningsLabel: "Check before you trade",
};

export const RISK_OF_RUIN_COPY = {
  title: "Risk of Ruin Estimator",
  description:
    "The chance of losing your whole account when every trade risks the same share of your starting balance.",
  failed: "Failed to calculate risk of ruin. Please check your inputs.",
  submit: "Calculate Risk of Ruin",
  ruinDrawdownHint: "The loss that counts as ruin, percent of the starting balance (100 = the whole account).",
  bandsNote:
    "Low below {moderate}%, moderate from {moderate}% to below {high}%, high at {high}% or above. Assumes independent trades; results are hypothetical.",
  fixedAmountHeading: "Risking a fixed amount (a percent of the starting balance)",
  fixedFractionalHeading: "Risking a percent of current equity",
  monteCarloNote: "{paths} simulated accounts of up to {trades} trades (seed {seed}); ± is one standard error, in percentage points.",
  fixedFractionalNote:
    "Risking a percent of current equity instead: the stake shrinks with the account, so it never reaches zero, but drawdowns still happen.",
  methods: {
    "closed-form": "Closed form",
    "monte-carlo": "Monte Carlo simulation",
  },
};
