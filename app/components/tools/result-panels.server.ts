/** The calculators' result panels for the server render only (see ./result-panels.tsx and ~/components/split-component). */
export { PositionSizeResultPanel } from "./position-size-result";
export { RiskOfRuinResultPanel } from "./risk-of-ruin-result";
