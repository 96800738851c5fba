/**
 * The /tools page's calculator intents, free of zod so the page and its
 * components can name them without bringing the schemas into the browser.
 */
import type { PositionSizeReport } from "~/domain/position-size";
import type { RiskOfRuinReport } from "~/domain/risk-of-ruin";

/** The /tools page's intents, one per calculator form. */
export const CALCULATOR_INTENTS = ["position-size", "risk-of-ruin"] as const;
export type CalculatorIntent = (typeof CALCULATOR_INTENTS)[number];

/** A successful calculation, tagged with the calculator that made it (the /tools action's `data`). */
export type ToolsResult =
  | { intent: "position-size"; result: PositionSizeReport }
  | { intent: "risk-of-ruin"; result: RiskOfRuinReport };
