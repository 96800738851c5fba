/** Texts of /tools, the risk calculators (spec sections 2 "Tools", 5 and 8). */

export const TOOLS_META = {
  title: "Risk Calculators",
  description:
    "Free forex risk calculators: size a position to a fixed percentage of your account and estimate your risk of ruin from win rate, reward-to-risk and risk per trade.",
};

export const TOOLS_INTRO = {
  title: "Risk Calculators",
  lead: "Size every trade to a fixed share of your account and see how likely a run of losses is to wipe it out. Free to use; figures are estimates for education, not investment advice.",
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
    "How many lots to trade so that hitting your stop loses exactly the share of your account you chose (rounded down to 0.01 lot).",
  failed: "Failed to calculate position size. Please check your inputs.",
  submit: "Calculate Position Size",
  symbolHint: "Pip: 0.01 for JPY pairs and gold, else 0.0001.",
  conversionHint: "Needed for crosses, e.g. the GBPUSD rate for EURGBP. Optional otherwise.",
  belowMicroLot: "The risk is smaller than one micro lot (0.01) at this stop distance.",
};

export const RISK_OF_RUIN_COPY = {
  title: "Risk of Ruin Estimator",
  description:
    "The chance of losing your whole account when every trade risks the same share of your starting balance.",
  failed: "Failed to calculate risk of ruin. Please check your inputs.",
  submit: "Calculate Risk of Ruin",
};
