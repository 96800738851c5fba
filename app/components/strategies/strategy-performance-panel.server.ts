/** The Performance tab for the server render only (see ~/components/split-component). */
export { PerformancePanel } from "~/components/strategies/strategy-performance-panel";
