/**
 * Fixed texts of the Methodology, Verification and Disclaimers tabs of
 * /performance and the stated cost assumptions (spec sections 2
 * "Performance" and 9 "Business constants and limits"). Apart from
 * ./performance.ts so the page's first load, whose default tab is the
 * Overview, does not carry them.
 */

/* ------------------------------------------------------------------ */
/* Methodology and cost assumptions                                    */
/* ------------------------------------------------------------------ */

interface MethodologySection {
  title: string;
  paragraphs: ReadonlyArray<string>;
}

export const METHODOLOGY: ReadonlyArray<MethodologySection> = [
  {
    title: "How the figures are produced",
    paragraphs: [
      "Every figure on this page is hypothetical. Each strategy's rules are run over historical price data (backtesting) and, for the most recent period, applied to live prices without real money (simulation). The results of Alpha Swing, London Breakout and Gold Intraday are combined into one sample portfolio.",
      "The equity curve starts from a sample account of $100,000 and shows one year of daily closing equity, ending on 30 October 2026. Gains and losses compound month to month. Each strategy risks a fixed fraction of equity per trade as set out in its playbook, and the trading costs below are deducted from every trade.",
    ],
  },
  {
    title: "How the metrics are defined",
    paragraphs: [
      "Annual return is the compounded change in equity over the sample year. Max drawdown is the largest fall from a running equity peak to a later low, measured on daily closes; average drawdown is the mean depth of all such declines, and average recovery is the mean number of days from a trough back to the previous peak.",
      "Win rate is the share of closed trades that made a profit after costs. Risk/reward is the average profit of winning trades divided by the average loss of losing trades. Profit factor is gross profit divided by gross loss. The Sharpe ratio is the annualised return divided by the annualised volatility of daily returns, and the Sortino ratio uses only downside volatility.",
    ],
  },
  {
    title: "Limits of the method",
    paragraphs: [
      "Backtests cannot reproduce every real-world condition: fills at the intended price, liquidity during news, platform outages and changing broker spreads all affect live results. The cost assumptions are averages; real costs vary by broker, account type and market conditions.",
    ],
  },
];

interface SpreadAssumption {
  pair: "EURUSD" | "GBPUSD" | "USDJPY" | "XAUUSD";
  pips: number;
}

/** Stated cost assumptions (spec section 9, exactly). */
export const COST_ASSUMPTIONS = {
  spreads: [
    { pair: "EURUSD", pips: 0.8 },
    { pair: "GBPUSD", pips: 1.2 },
    { pair: "USDJPY", pips: 0.9 },
    { pair: "XAUUSD", pips: 2.5 },
  ] as ReadonlyArray<SpreadAssumption>,
  /** Commission in USD per 100k lot, round-turn. */
  commissionUsdPerLotRoundTurn: 3.5,
  commissionText: "$3.50 per 100k lot round-turn",
  averageSlippagePips: 0.5,
  slippageText: "0.5 pips",
  minimumBacktestYears: 5,
  backtestText: "Backtests use 5 or more years of data",
} as const;

/* ------------------------------------------------------------------ */
/* Verification                                                        */
/* ------------------------------------------------------------------ */

interface TrackingPlatform {
  id: string;
  name: string;
  description: string;
  buttonLabel: string;
  /** No links are shown in the spec, so the button is disabled until one exists. */
  href: null;
  status: string;
}

export const TRACKING_PLATFORMS: ReadonlyArray<TrackingPlatform> = [
  {
    id: "myfxbook",
    name: "Myfxbook",
    description:
      "An independent platform that connects to trading accounts read-only and publishes their verified statistics: growth, drawdown, trade history and the track record it has checked.",
    buttonLabel: "View on Myfxbook",
    href: null,
    status: "Not connected yet",
  },
  {
    id: "fx-blue",
    name: "FX Blue",
    description:
      "A third-party statement service that publishes live account analytics, including equity, drawdown and per-instrument results, straight from the broker's trading server.",
    buttonLabel: "View on FX Blue",
    href: null,
    status: "Not connected yet",
  },
];

export const VERIFICATION_INTRO =
  "Every signal event we publish is a row of a public ledger at /api/ledger, hash-chained to the row before it: your own code can check that no row was changed, reordered or removed between the first and the last you read. On its own that cannot show rows deleted from the end or a tail rewritten by whoever holds our database; for that, keep a signed checkpoint (/api/ledger/checkpoint, also in every alert we send) somewhere we cannot edit, and check later that the ledger still extends it (npm run ledger:verify -- --checkpoint, or run npm run ledger:witness on a schedule). No third party checks the ledger for you unless you or someone you trust runs the witness. Account tracking links are not available yet, and the sample figures on this page are hypothetical, not results from the ledger.";

/* ------------------------------------------------------------------ */
/* Disclaimers                                                         */
/* ------------------------------------------------------------------ */

export interface Disclaimer {
  id: string;
  title: string;
  paragraphs: ReadonlyArray<string>;
}

/** The hypothetical-performance disclaimer, in the spirit of CFTC Rule 4.41. */
export const HYPOTHETICAL_PERFORMANCE_DISCLAIMER: Disclaimer = {
  id: "hypothetical-performance",
  title: "Hypothetical performance disclaimer",
  paragraphs: [
    "Hypothetical or simulated performance results have certain inherent limitations. Unlike an actual performance record, simulated results do not represent actual trading. Also, since the trades have not actually been executed, the results may have under- or over-compensated for the impact, if any, of certain market factors, such as lack of liquidity. Simulated trading programs in general are also subject to the fact that they are designed with the benefit of hindsight. No representation is being made that any account will or is likely to achieve profits or losses similar to those shown.",
    "There are frequently sharp differences between hypothetical performance results and the actual results subsequently achieved by any particular trading program. Hypothetical results do not account for the financial risk of actual trading: the ability to withstand losses, or to keep following a strategy despite them, can materially affect actual results, and no hypothetical record can fully allow for it.",
  ],
};

export const DISCLAIMERS: ReadonlyArray<Disclaimer> = [
  HYPOTHETICAL_PERFORMANCE_DISCLAIMER,
  {
    id: "past-performance",
    title: "Past performance",
    paragraphs: [
      "Past performance is not indicative of future results. The figures describe a fixed sample period and say nothing certain about any other period.",
    ],
  },
  {
    id: "risk-of-loss",
    title: "Risk of loss",
    paragraphs: [
      "Forex and CFD trading involves significant risk of loss and is not suitable for every investor. Leverage magnifies losses as well as gains, and you can lose more than you expect. Only trade with money you can afford to lose.",
    ],
  },
  {
    id: "no-advice",
    title: "No investment advice",
    paragraphs: [
      "FX Trader provides rules-based strategies, signals and education for information only. Nothing on this website is investment advice, and FX Trader does not provide portfolio management or brokerage services. Consider your own circumstances and seek independent advice if you are unsure.",
    ],
  },
  {
    id: "sample-data",
    title: "Sample data",
    paragraphs: [
      "The charts, tiles, monthly breakdown and strategy figures on this page are fixed sample content, not live or server data, and they are not updated as markets move.",
    ],
  },
];
