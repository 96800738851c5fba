/** The Methodology, Verification and Disclaimers tabs for the server render only (see ./info-tabs.tsx and ~/components/split-component). */
export { DisclaimersPanel, MethodologyPanel, VerificationPanel } from "./info-panels";
