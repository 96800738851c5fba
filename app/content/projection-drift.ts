/** The admin banner of the projection check (docs/decisions/0148-projection-check.md). */
export const PROJECTION_DRIFT_TEXT = {
  title: "Projection drift",
  lead: "These signals' stored rows differ from the fold of their ledger events. The published figures fold the ledger and are unaffected; the rows (and any page that shows them) are wrong until corrected.",
  signal: "Signal",
  fields: "differs in",
  detected: "found",
  more: (count: number) => `and ${count} more (see the error log).`,
} as const;

/** How many drifting signals the banner names before it summarises. */
export const PROJECTION_DRIFT_SHOWN = 20;
