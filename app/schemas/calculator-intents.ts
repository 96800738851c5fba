/**
 * The /tools page's calculator intents, free of zod so the page and its
 * components can name them without bringing the schemas into the browser.
 */

/** The /tools page's intents, one per calculator form. */
export const CALCULATOR_INTENTS = ["position-size", "risk-of-ruin"] as const;
export type CalculatorIntent = (typeof CALCULATOR_INTENTS)[number];
