/**
 * Strategy playbooks: fixed text shown on the Playbook tab of /strategies/:slug
 * (spec section 2 "Strategy detail": setup logic, entry and exit rules, risk
 * management, market filters). Keyed by strategy slug; strategies without an
 * entry get the generic playbook.
 */

interface PlaybookSection {
  title: string;
  points: readonly string[];
}

export interface Playbook {
  /** One-paragraph summary above the sections. */
  summary: string;
  setupLogic: PlaybookSection;
  entryRules: PlaybookSection;
  exitRules: PlaybookSection;
  riskManagement: PlaybookSection;
  marketFilters: PlaybookSection;
}

/** The order the sections are shown in. */
export const PLAYBOOK_SECTIONS = ["setupLogic", "entryRules", "exitRules", "riskManagement", "marketFilters"] as const;

export const GENERIC_PLAYBOOK: Playbook = {
  summary:
    "Every FX Trader strategy is traded from a written playbook: the same conditions, the same order types and the same risk on every trade, so results can be measured and repeated.",
  setupLogic: {
    title: "Setup Logic",
    points: [
      "A higher timeframe sets the directional bias; trades are only taken in that direction.",
      "A lower timeframe is used to find a defined setup: a pullback to value or a break of a marked range.",
      "No setup, no trade: the strategy stands aside when conditions are not met.",
    ],
  },
  entryRules: {
    title: "Entry Rules",
    points: [
      "Entries use market, limit or stop orders at the price published in the signal.",
      "A confirmation condition must be met before the signal is published.",
      "Signals not triggered before their expiry time are cancelled.",
    ],
  },
  exitRules: {
    title: "Exit Rules",
    points: [
      "Every signal has a stop loss (SL) and two take-profit levels (TP1 and TP2).",
      "Part of the position is closed at TP1 and the stop moves to break-even.",
      "The remainder is closed at TP2, at the stop, or when the signal is closed early.",
    ],
  },
  riskManagement: {
    title: "Risk Management",
    points: [
      "A fixed percentage of the account is risked per trade; size positions with the position size calculator.",
      "Exposure to any one currency is capped.",
      "Trading pauses after a set drawdown until the strategy is reviewed.",
    ],
  },
  marketFilters: {
    title: "Market Filters",
    points: [
      "No new trades around tier-one economic releases for the currencies involved.",
      "Ranges that are too narrow or too wide are skipped.",
      "Trading is reduced in holiday-thinned markets.",
    ],
  },
};

export const PLAYBOOKS: Readonly<Record<string, Playbook>> = {
  "alpha-swing": {
    summary:
      "Alpha Swing buys pullbacks in established daily uptrends and sells rallies in downtrends across the major pairs, holding for several days with two scaled profit targets.",
    setupLogic: {
      title: "Setup Logic",
      points: [
        "The daily chart defines direction: price above a rising 50-period EMA for longs, below a falling one for shorts.",
        "The trend needs at least two higher swing lows (longs) or lower swing highs (shorts).",
        "On the H4 chart, wait for price to retrace into the 20-EMA or a prior breakout level.",
      ],
    },
    entryRules: {
      title: "Entry Rules",
      points: [
        "Enter on an H4 confirmation candle (engulfing or pin bar) inside the pullback zone.",
        "RSI(14) should have reset towards 40-50 during the pullback.",
        "Use a market order on confirmation, or a limit order at the pullback level when published as such.",
      ],
    },
    exitRules: {
      title: "Exit Rules",
      points: [
        "The stop goes beyond the pullback's swing point, typically 40 to 60 pips away.",
        "TP1 at 1.5R: close half the position and move the stop to break-even.",
        "TP2 at 2.5R or the next daily structure level, whichever comes first.",
      ],
    },
    riskManagement: {
      title: "Risk Management",
      points: [
        "Risk 1% of the account per trade.",
        "At most two open positions sharing a currency.",
        "After three consecutive losses, halve the risk until the next winning trade.",
      ],
    },
    marketFilters: {
      title: "Market Filters",
      points: [
        "No new trades within two hours of tier-one data for either currency.",
        "Skip pairs whose daily trend structure is broken or unclear.",
        "Reduce size in the two weeks around year-end holidays.",
      ],
    },
  },
  "london-breakout": {
    summary:
      "London Breakout trades the break of the Asian-session range in the first hours of the London open. Trades are short-lived, use tight stops and are closed before the New York afternoon.",
    setupLogic: {
      title: "Setup Logic",
      points: [
        "Mark the Asian range from 00:00 to 06:00 UTC.",
        "Only trade ranges between 15 and 60 pips wide; wider ranges mean the move has already happened.",
        "The H1 50-EMA slope decides which side of the range is usually live.",
      ],
    },
    entryRules: {
      title: "Entry Rules",
      points: [
        "Between 06:45 and 08:30 UTC, place a buy-stop and a sell-stop 2 to 3 pips beyond the range.",
        "Only the trend-aligned order is kept live unless both sides are published.",
        "Untriggered orders are cancelled at 10:00 UTC.",
      ],
    },
    exitRules: {
      title: "Exit Rules",
      points: [
        "The stop sits at the range midpoint or 20 to 45 pips away.",
        "TP1 at 1.5R and TP2 at 2.5R.",
        "Any open trade is closed by 16:00 UTC.",
      ],
    },
    riskManagement: {
      title: "Risk Management",
      points: [
        "Risk up to 1% of the account per trade; this is the most aggressive strategy in the catalogue.",
        "One trade per pair per day.",
        "Stop trading for the day after two losses.",
      ],
    },
    marketFilters: {
      title: "Market Filters",
      points: [
        "Skip days with a central bank decision for either currency before noon London time.",
        "Skip ranges outside the 15 to 60 pip band.",
        "No trading on UK bank holidays.",
      ],
    },
  },
  "gold-intraday": {
    summary:
      "Gold Intraday trades pullbacks to value on spot gold during the London and New York sessions. It takes at most two trades a day and stands aside around major US data.",
    setupLogic: {
      title: "Setup Logic",
      points: [
        "The H1 chart sets the bias from the session VWAP and the 20/50-EMA stack.",
        "Trades are only taken in the direction of both.",
        "On the M15 chart, wait for a pullback into the VWAP band or the prior session's high or low.",
      ],
    },
    entryRules: {
      title: "Entry Rules",
      points: [
        "Enter on a rejection candle inside the value zone.",
        "Usually a limit order a few dollars inside the zone.",
        "Orders not filled within the session are cancelled.",
      ],
    },
    exitRules: {
      title: "Exit Rules",
      points: [
        "Stops are $10 to $25 beyond the pullback extreme.",
        "TP1 at 1.5R, then the stop moves to break-even.",
        "TP2 at 2.5R or the daily pivot.",
      ],
    },
    riskManagement: {
      title: "Risk Management",
      points: [
        "Risk 0.5% of the account per trade.",
        "A hard limit of two trades per day.",
        "No averaging down and no adding to losing positions.",
      ],
    },
    marketFilters: {
      title: "Market Filters",
      points: [
        "No positions from 30 minutes before until 30 minutes after US CPI, NFP, FOMC or Fed-chair testimony.",
        "Trade only during the London and New York sessions.",
        "Stand aside when the H1 bias and the EMA stack disagree.",
      ],
    },
  },
};
