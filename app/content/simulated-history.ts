/**
 * What any screen showing simulated results carries on the same screen
 * (docs/decisions/0146-live-record-by-default.md): the label, the
 * hypothetical-performance statement and how the history was generated.
 * Apart from ./track-record.ts so that pages which only send these texts as
 * loader data do not carry them in their bundle.
 */

/** The label of figures that include simulated trades. */
export const SIMULATED_LABEL = "Simulated results";

/**
 * The hypothetical-performance statement shown on the same screen as any
 * simulated figure, in the words of CFTC Rule 4.41(b)(1) (17 CFR 4.41(b)(1)).
 */
export const SIMULATED_STATEMENT =
  "Hypothetical or simulated performance results have certain limitations. Unlike an actual performance record, simulated results do not represent actual trading. Also, since the trades have not been executed, the results may have under- or over-compensated for the impact, if any, of certain market factors, such as lack of liquidity. Simulated trading programs in general are also subject to the fact that they are designed with the benefit of hindsight. No representation is being made that any account will or is likely to achieve profit or losses similar to those shown.";

/** How the simulated history was generated (db/seed.ts, docs/decisions/0033-seed-price-path.md). */
export const SIMULATED_METHOD =
  "How this history was generated: each strategy's rules were applied to computer-generated hourly prices (a random walk with each instrument's typical volatility, not real market prices) over about nine months, and every simulated signal was published, filled and closed by the same code that handles live signals, with the same costs. Each of these signals is marked simulated in its ledger entry.";
