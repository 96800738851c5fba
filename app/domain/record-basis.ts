/**
 * Which trades a record counts (docs/decisions/0146-live-record-by-default.md):
 * `live` (the default) only trades whose `published` event says
 * `simulated: false`, `simulated` only the generated history, `all` both.
 */
export const RECORD_BASES = ["live", "simulated", "all"] as const;
export type RecordBasis = (typeof RECORD_BASES)[number];

/** The basis a record uses when none is asked for. */
export const DEFAULT_RECORD_BASIS: RecordBasis = "live";

/**
 * The basis a page's `?basis=` names; anything else (absent, unknown) is the default.
 * @param value the query parameter's value, or null.
 */
export function pageBasis(value: string | null): RecordBasis {
  return (RECORD_BASES as readonly string[]).includes(value ?? "") ? (value as RecordBasis) : DEFAULT_RECORD_BASIS;
}
