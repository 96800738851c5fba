/**
 * Catalogue data loaded by `db/seed.ts` into an empty database: the three
 * strategies the spec names, a track record of signals across every status,
 * and insight posts in every blog category. Pure data and arithmetic, no I/O.
 *
 * Signals and posts are defined relative to a `now` instant so that a fresh
 * database always has live ACTIVE signals and recent posts, and the same
 * `now` always yields the same rows.
 */
import { instrumentSpec } from "../app/domain/instruments";
import { priceDecimals } from "../app/domain/signal-display";
import type { EntryMethod, NewSignal, SignalSide, SignalStatus } from "./schema";
import { blogPosts, strategies } from "./schema";

export type NewStrategy = typeof strategies.$inferInsert;
export type NewBlogPost = typeof blogPosts.$inferInsert;

export const STRATEGY_SLUGS = ["alpha-swing", "london-breakout", "gold-intraday"] as const;
export type StrategySlug = (typeof STRATEGY_SLUGS)[number];

export const BLOG_CATEGORIES = [
  "Strategy Notes",
  "Macro Context",
  "Risk Management",
  "Platform How-Tos",
  "Case Studies",
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const SEED_STRATEGIES: ReadonlyArray<NewStrategy & { slug: StrategySlug }> = [
  {
    slug: "alpha-swing",
    name: "Alpha Swing",
    description:
      "A trend-following swing strategy that buys pullbacks in established daily uptrends and sells rallies in downtrends across the major pairs. Positions are held for several days with a fixed 1% risk per trade and two scaled profit targets.",
    riskClass: "Balanced",
    timeframes: "H4, D1",
    instruments: "EURUSD, GBPUSD, AUDUSD, NZDUSD, USDJPY, USDCAD",
    avgDuration: "3-5 days",
    winRate: 68,
    methodology:
      "The daily chart defines direction: price must be above a rising 50-period EMA for longs (below a falling one for shorts) with at least two higher swing lows (or lower swing highs). Entries are taken on the H4 chart when price retraces into the 20-EMA or a prior breakout level and prints a confirmation candle (engulfing or pin bar) while RSI(14) resets towards 40-50. The stop goes beyond the pullback's swing point, 40 to 60 pips away; TP1 sits at 1.5R where half the position is closed and the stop moves to break-even, and TP2 at 2.5R or the next daily structure level. No new trades are opened within two hours of tier-one data for either currency, and exposure is capped at two positions sharing a currency.",
    isActive: true,
  },
  {
    slug: "london-breakout",
    name: "London Breakout",
    description:
      "An intraday momentum strategy that trades the break of the Asian-session range in the first hours of the London open. Trades are short-lived, use tight stops and are closed before the New York afternoon.",
    riskClass: "Aggressive",
    timeframes: "M15, H1",
    instruments: "GBPUSD, EURUSD, EURJPY, GBPJPY, USDCHF",
    avgDuration: "4-8 hours",
    winRate: 72,
    methodology:
      "The Asian range is marked from 00:00 to 06:00 UTC and traded only when it is between 15 and 60 pips wide; wider ranges signal that the move has already happened. Between 06:45 and 08:30 UTC a buy-stop and sell-stop are placed 2 to 3 pips beyond the range, filtered by the H1 50-EMA slope so only the trend-aligned side is usually live. The stop sits at the range midpoint or 20 to 45 pips away, TP1 at 1.5R and TP2 at 2.5R; untriggered orders are cancelled at 10:00 UTC and open trades are closed by 16:00 UTC. Days with a central bank decision for either currency before noon London time are skipped entirely.",
    isActive: true,
  },
  {
    slug: "gold-intraday",
    name: "Gold Intraday",
    description:
      "A conservative intraday strategy on spot gold that trades pullbacks to value during the London and New York sessions. It takes at most two trades a day and stands aside around major US data.",
    riskClass: "Conservative",
    timeframes: "M15, H1",
    instruments: "XAUUSD",
    avgDuration: "2-6 hours",
    winRate: 75,
    methodology:
      "The H1 chart sets the bias from the session VWAP and the 20/50-EMA stack; trades are only taken in the direction of both. On the M15 chart the strategy waits for a pullback into the VWAP band or the prior session's high or low and enters on a rejection candle, usually with a limit order a few dollars inside the zone. Stops are $10 to $25 beyond the pullback extreme, sized so the account risks 0.5% per trade; TP1 at 1.5R and TP2 at 2.5R or the daily pivot. There is a hard limit of two trades per day, and no positions are opened from 30 minutes before until 30 minutes after US CPI, NFP, FOMC or Fed-chair testimony.",
    isActive: true,
  },
];

function roundPrice(symbol: string, value: number): number {
  return Number(value.toFixed(priceDecimals(symbol)));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SeedSignalSpec = {
  strategy: StrategySlug;
  symbol: string;
  side: SignalSide;
  status: SignalStatus;
  method: EntryMethod;
  entry: number;
  /** Stop distance in pips as app/domain/instruments.ts sizes them (a cent for gold: 1400 is $14). */
  stop: number;
  /** Omit the second target. */
  noTp2?: boolean;
  rationale: string;
  /** ACTIVE signals: hours before `now`. Past signals: whole UTC days before `now` ... */
  hoursAgo?: number;
  daysAgo?: number;
  /** ... at this UTC time of day ("HH:MM"). Weekend days move back to Friday. */
  at?: string;
  /** Validity of the signal from creation, hours. */
  expiresIn: number;
  /** CLOSED/CANCELLED: hours after creation it ended. */
  endedAfter?: number;
};

const SIGNAL_SPECS: readonly SeedSignalSpec[] = [
  // ---- ACTIVE (created within the last 20 hours, still valid) ----
  {
    strategy: "alpha-swing", symbol: "EURUSD", side: "LONG", status: "ACTIVE", method: "limit",
    entry: 1.0865, stop: 45, hoursAgo: 6, expiresIn: 96,
    rationale: "Limit bid into the rising H4 20-EMA where former resistance at 1.0860 should now act as support, with the D1 trend still printing higher lows.",
  },
  {
    strategy: "alpha-swing", symbol: "USDJPY", side: "SHORT", status: "ACTIVE", method: "market",
    entry: 150.85, stop: 55, hoursAgo: 14, expiresIn: 120,
    rationale: "Failed daily breakout above 151.00 left a lower high and a bearish H4 engulfing, so we sell the retest with yields rolling over.",
  },
  {
    strategy: "alpha-swing", symbol: "AUDUSD", side: "LONG", status: "ACTIVE", method: "stop", noTp2: true,
    entry: 0.6612, stop: 35, hoursAgo: 19, expiresIn: 72,
    rationale: "Buy-stop above the three-day H4 consolidation so we only join the D1 uptrend once buyers prove they can clear 0.6610.",
  },
  {
    strategy: "london-breakout", symbol: "GBPUSD", side: "LONG", status: "ACTIVE", method: "stop",
    entry: 1.2784, stop: 25, hoursAgo: 3, expiresIn: 12,
    rationale: "Tight 38-pip Asian range under a rising H1 50-EMA; buy-stop 3 pips above the high to catch the London expansion.",
  },
  {
    strategy: "london-breakout", symbol: "EURJPY", side: "SHORT", status: "ACTIVE", method: "stop",
    entry: 162.18, stop: 30, hoursAgo: 5, expiresIn: 12,
    rationale: "Sell-stop below the Asian low with the H1 trend pointing down and the yen bid on softer risk sentiment.",
  },
  {
    strategy: "london-breakout", symbol: "USDCHF", side: "SHORT", status: "ACTIVE", method: "market",
    entry: 0.8964, stop: 22, hoursAgo: 1, expiresIn: 12,
    rationale: "Clean M15 close below the Asian range low at 0.8967 after the open; selling at market with the stop back inside the range.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "ACTIVE", method: "limit",
    entry: 2378.5, stop: 1400, hoursAgo: 2, expiresIn: 24,
    rationale: "Limit bid at the lower VWAP band, which lines up with yesterday's session high, while the H1 EMA stack stays bullish.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "SHORT", status: "ACTIVE", method: "market",
    entry: 2412.3, stop: 1800, hoursAgo: 9, expiresIn: 24,
    rationale: "Second rejection of the 2,415 weekly pivot with price back under session VWAP; fading the spike with a stop above the wick.",
  },

  // ---- Alpha Swing history ----
  {
    strategy: "alpha-swing", symbol: "EURUSD", side: "LONG", status: "CLOSED", method: "market",
    entry: 1.0842, stop: 50, daysAgo: 31, at: "10:00", expiresIn: 120, endedAfter: 96,
    rationale: "Bullish pin bar off the D1 50-EMA after a three-leg pullback, with the H4 RSI turning up from 40.",
  },
  {
    strategy: "alpha-swing", symbol: "GBPUSD", side: "SHORT", status: "CLOSED", method: "limit",
    entry: 1.2876, stop: 55, daysAgo: 30, at: "14:00", expiresIn: 120, endedAfter: 80,
    rationale: "Limit offer at the broken 1.2880 support, now retested from below inside a daily downtrend.",
  },
  {
    strategy: "alpha-swing", symbol: "USDJPY", side: "LONG", status: "CLOSED", method: "market",
    entry: 149.12, stop: 60, daysAgo: 27, at: "06:00", expiresIn: 120, endedAfter: 110,
    rationale: "Higher low held at 149.00 round-number support and the H4 20-EMA, keeping the daily uptrend intact.",
  },
  {
    strategy: "alpha-swing", symbol: "NZDUSD", side: "SHORT", status: "CANCELLED", method: "stop",
    entry: 0.6015, stop: 35, daysAgo: 25, at: "21:00", expiresIn: 72, endedAfter: 30,
    rationale: "Sell-stop under the H4 flag low, cancelled before trigger after the RBNZ repricing invalidated the lower-high structure.",
  },
  {
    strategy: "alpha-swing", symbol: "AUDUSD", side: "LONG", status: "CLOSED", method: "limit",
    entry: 0.6548, stop: 40, daysAgo: 22, at: "12:00", expiresIn: 96, endedAfter: 72,
    rationale: "Limit bid at the 61.8% retracement of the last impulse leg, confluent with the rising D1 trendline.",
  },
  {
    strategy: "alpha-swing", symbol: "USDCAD", side: "LONG", status: "CLOSED", method: "market",
    entry: 1.3625, stop: 45, daysAgo: 19, at: "16:00", expiresIn: 120, endedAfter: 90,
    rationale: "Bullish engulfing at 1.3620 support while crude stalls, resuming the D1 uptrend after a shallow pullback.",
  },
  {
    strategy: "alpha-swing", symbol: "EURUSD", side: "SHORT", status: "CLOSED", method: "limit", noTp2: true,
    entry: 1.0978, stop: 40, daysAgo: 15, at: "08:00", expiresIn: 96, endedAfter: 60,
    rationale: "Limit offer below the 1.0980 double top with bearish RSI divergence on H4; single target into the range midpoint.",
  },
  {
    strategy: "alpha-swing", symbol: "GBPUSD", side: "LONG", status: "CANCELLED", method: "stop",
    entry: 1.2692, stop: 50, daysAgo: 12, at: "13:00", expiresIn: 72, endedAfter: 20,
    rationale: "Buy-stop above the H4 inside bar, pulled ahead of the UK CPI release under the news filter.",
  },
  {
    strategy: "alpha-swing", symbol: "USDJPY", side: "SHORT", status: "CLOSED", method: "market",
    entry: 151.64, stop: 55, daysAgo: 9, at: "04:00", expiresIn: 120, endedAfter: 100,
    rationale: "Lower high under 152.00 with the D1 50-EMA flattening; selling the H4 bearish engulfing during Tokyo.",
  },
  {
    strategy: "alpha-swing", symbol: "NZDUSD", side: "LONG", status: "CLOSED", method: "limit",
    entry: 0.5942, stop: 30, daysAgo: 6, at: "20:00", expiresIn: 96, endedAfter: 80,
    rationale: "Limit bid at the prior breakout level of 0.5940, the first pullback after a fresh D1 higher high.",
  },
  {
    strategy: "alpha-swing", symbol: "AUDUSD", side: "SHORT", status: "CLOSED", method: "market",
    entry: 0.6684, stop: 38, daysAgo: 3, at: "10:00", expiresIn: 96, endedAfter: 40,
    rationale: "Rejection of the 0.6690 weekly high with a shooting star on D1 and iron ore rolling over.",
  },

  // ---- London Breakout history ----
  {
    strategy: "london-breakout", symbol: "GBPUSD", side: "LONG", status: "CLOSED", method: "stop",
    entry: 1.2715, stop: 25, daysAgo: 32, at: "07:05", expiresIn: 9, endedAfter: 5,
    rationale: "Buy-stop over a 31-pip Asian range with the H1 50-EMA sloping up; triggered on the first London candle.",
  },
  {
    strategy: "london-breakout", symbol: "EURUSD", side: "SHORT", status: "CLOSED", method: "stop",
    entry: 1.0898, stop: 20, daysAgo: 31, at: "07:10", expiresIn: 9, endedAfter: 4,
    rationale: "Narrow 22-pip Asian box under falling H1 averages; sell-stop 2 pips below the low.",
  },
  {
    strategy: "london-breakout", symbol: "GBPJPY", side: "LONG", status: "CLOSED", method: "stop",
    entry: 190.45, stop: 40, daysAgo: 28, at: "07:15", expiresIn: 9, endedAfter: 6,
    rationale: "Asian range of 55 pips, inside the 60-pip limit, with trend support; buy-stop above the high.",
  },
  {
    strategy: "london-breakout", symbol: "EURJPY", side: "LONG", status: "CANCELLED", method: "stop",
    entry: 161.32, stop: 28, daysAgo: 26, at: "07:00", expiresIn: 9, endedAfter: 3,
    rationale: "Buy-stop over the Asian high left untriggered and cancelled at the 10:00 UTC cut-off as price chopped inside the range.",
  },
  {
    strategy: "london-breakout", symbol: "USDCHF", side: "SHORT", status: "CLOSED", method: "stop",
    entry: 0.9012, stop: 22, daysAgo: 23, at: "07:20", expiresIn: 9, endedAfter: 5,
    rationale: "Sell-stop below a 27-pip Asian range as the franc caught a safe-haven bid into the open.",
  },
  {
    strategy: "london-breakout", symbol: "GBPUSD", side: "SHORT", status: "CLOSED", method: "stop",
    entry: 1.2831, stop: 30, daysAgo: 20, at: "07:05", expiresIn: 9, endedAfter: 7,
    rationale: "Bearish H1 structure and a 40-pip Asian range; sell-stop under the low ahead of weak UK retail sales.",
  },
  {
    strategy: "london-breakout", symbol: "GBPJPY", side: "SHORT", status: "CLOSED", method: "market",
    entry: 192.88, stop: 45, daysAgo: 16, at: "07:40", expiresIn: 9, endedAfter: 6,
    rationale: "Decisive M15 close below the Asian low after the open; sold at market with the stop at the range midpoint.",
  },
  {
    strategy: "london-breakout", symbol: "EURUSD", side: "LONG", status: "CANCELLED", method: "stop",
    entry: 1.0924, stop: 20, daysAgo: 13, at: "07:00", expiresIn: 9, endedAfter: 1,
    rationale: "Cancelled before the open once the ECB speaker slot was moved into the morning session, breaching the news filter.",
  },
  {
    strategy: "london-breakout", symbol: "EURJPY", side: "SHORT", status: "CLOSED", method: "stop",
    entry: 163.54, stop: 32, daysAgo: 10, at: "07:10", expiresIn: 9, endedAfter: 4,
    rationale: "Sell-stop below a compressed Asian range with the H1 trend down and JGB yields climbing.",
  },
  {
    strategy: "london-breakout", symbol: "USDCHF", side: "LONG", status: "CLOSED", method: "limit", noTp2: true,
    entry: 0.8876, stop: 24, daysAgo: 7, at: "07:30", expiresIn: 9, endedAfter: 5,
    rationale: "Breakout above the Asian high, then a limit bid on the retest of the range top; single target before the US session.",
  },
  {
    strategy: "london-breakout", symbol: "GBPUSD", side: "LONG", status: "CLOSED", method: "stop",
    entry: 1.2802, stop: 26, daysAgo: 2, at: "07:05", expiresIn: 9, endedAfter: 6,
    rationale: "Asian range of 34 pips coiled under 1.2800 with a rising H1 50-EMA; buy-stop just above the high.",
  },

  // ---- Gold Intraday history ----
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CLOSED", method: "limit",
    entry: 2318.4, stop: 1200, daysAgo: 32, at: "13:30", expiresIn: 12, endedAfter: 4,
    rationale: "Limit bid at the session VWAP as New York opened, with the H1 EMA stack bullish and real yields easing.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "SHORT", status: "CLOSED", method: "market",
    entry: 2356.2, stop: 2000, daysAgo: 29, at: "14:00", expiresIn: 12, endedAfter: 3,
    rationale: "Bearish M15 engulfing at the prior day's high after a dollar rebound; sold at market.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CANCELLED", method: "stop",
    entry: 2334.8, stop: 1500, daysAgo: 24, at: "12:45", expiresIn: 12, endedAfter: 0.25,
    rationale: "Buy-stop above the London high, cancelled 30 minutes before US CPI under the news-blackout rule.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CLOSED", method: "market",
    entry: 2362.5, stop: 1600, daysAgo: 21, at: "13:15", expiresIn: 12, endedAfter: 5,
    rationale: "Rejection wick off the upper VWAP band retest, bought at market with the H1 trend intact.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "SHORT", status: "CLOSED", method: "limit", noTp2: true,
    entry: 2401.7, stop: 2200, daysAgo: 17, at: "15:00", expiresIn: 12, endedAfter: 4,
    rationale: "Limit offer at the 2,400 round number after an overextended push; single target back at VWAP.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CLOSED", method: "limit",
    entry: 2389.1, stop: 1400, daysAgo: 14, at: "08:30", expiresIn: 12, endedAfter: 6,
    rationale: "London pullback into the Asian session high, now support, with a bullish M15 pin bar.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "SHORT", status: "CLOSED", method: "stop",
    entry: 2421.6, stop: 2500, daysAgo: 8, at: "14:30", expiresIn: 12, endedAfter: 3,
    rationale: "Sell-stop under the morning low once price lost VWAP and the H1 20-EMA crossed below the 50-EMA.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CANCELLED", method: "market",
    entry: 2397.4, stop: 1800, daysAgo: 4, at: "13:45", expiresIn: 12, endedAfter: 0.25,
    rationale: "Withdrawn minutes after publication when an unscheduled Fed-chair appearance was announced for the New York open.",
  },
  {
    strategy: "gold-intraday", symbol: "XAUUSD", side: "LONG", status: "CLOSED", method: "limit",
    entry: 2404.9, stop: 1000, daysAgo: 1, at: "09:00", expiresIn: 12, endedAfter: 4,
    rationale: "Tight limit bid at the prior session high retest during London, with the trend and VWAP both supportive.",
  },
];

/** Start of the UTC day `days` before `now`, moved back to Friday if it falls on a weekend. */
function tradingDayStart(now: Date, days: number): number {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY);
  const weekday = d.getUTCDay(); // 0 Sunday, 6 Saturday
  if (weekday === 6) return d.getTime() - DAY;
  if (weekday === 0) return d.getTime() - 2 * DAY;
  return d.getTime();
}

function timeOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * HOUR + (m ?? 0) * MINUTE;
}

/**
 * The seed signals: 8 ACTIVE (created 1-19 hours before `now`, expiring in the
 * future) plus CLOSED and CANCELLED history over the last five weeks.
 * Stops and targets follow 1.5R / 2.5R from the entry.
 * @param now reference instant; the same value always yields the same rows.
 * @param strategyIdsBySlug database ids of the seeded strategies.
 * @throws Error when a strategy slug has no id.
 */
export function buildSeedSignals(now: Date, strategyIdsBySlug: Record<string, number>): NewSignal[] {
  const nowMs = now.getTime();
  return SIGNAL_SPECS.map((spec): NewSignal => {
    const strategyId = strategyIdsBySlug[spec.strategy];
    if (strategyId === undefined) throw new Error(`No strategy id for slug "${spec.strategy}"`);

    const dir = spec.side === "LONG" ? 1 : -1;
    const risk = spec.stop * instrumentSpec(spec.symbol).pipSize;
    const price = (v: number) => roundPrice(spec.symbol, v);

    const createdMs =
      spec.hoursAgo !== undefined
        ? nowMs - spec.hoursAgo * HOUR
        : tradingDayStart(now, spec.daysAgo ?? 1) + timeOfDay(spec.at ?? "08:00");
    const expiresMs = createdMs + spec.expiresIn * HOUR;
    const closedMs =
      spec.status === "ACTIVE"
        ? null
        : Math.min(createdMs + (spec.endedAfter ?? spec.expiresIn) * HOUR, nowMs - 30 * MINUTE);

    return {
      strategyId,
      symbol: spec.symbol,
      side: spec.side,
      status: spec.status,
      entryPrice: price(spec.entry),
      entryMethod: spec.method,
      sl: price(spec.entry - dir * risk),
      tp1: price(spec.entry + dir * risk * 1.5),
      tp2: spec.noTp2 ? null : price(spec.entry + dir * risk * 2.5),
      rationale: spec.rationale,
      createdAt: new Date(createdMs),
      expiresAt: new Date(expiresMs),
      closedAt: closedMs === null ? null : new Date(closedMs),
    };
  });
}

type SeedPostSpec = {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  daysAgo: number;
  content: string | null;
};

const POST_SPECS: readonly SeedPostSpec[] = [
  {
    slug: "anatomy-of-a-london-breakout",
    title: "Anatomy of a London Breakout Signal",
    excerpt:
      "How we measure the Asian range, which filters decide whether an order goes live, and why most of the edge comes from the trades we skip.",
    category: "Strategy Notes",
    author: "Sarah Mitchell",
    daysAgo: 4,
    content: `
<p>The London open is the most liquid hour of the forex day. Between roughly 07:00 and 09:00 UTC, European banks, real-money funds and algorithmic desks start pricing the overnight news, and pairs that drifted quietly through the Asian session often move more in an hour than they did in the previous six. The London Breakout strategy tries to capture the first leg of that expansion in a repeatable way.</p>
<h2>Step one: mark the Asian range</h2>
<p>Every morning we record the high and low printed between 00:00 and 06:00 UTC. That box is the reference for the whole trade. We only consider pairs whose range is between <strong>15 and 60 pips</strong>. A range narrower than that is usually noise around a holiday; a wider one tells us the move has already happened and there is little fuel left.</p>
<h2>Step two: filter the direction</h2>
<p>Placing orders on both sides of the box and letting the market choose sounds neutral, but it doubles the number of false breaks you take. We use the slope of the H1 50-period EMA as a simple trend filter, so most days only one side is live. The filters are deliberately few:</p>
<ul>
  <li>Range width inside the 15–60 pip band.</li>
  <li>H1 50-EMA sloping in the direction of the order.</li>
  <li>No central bank decision for either currency before noon London time.</li>
  <li>Orders not triggered by 10:00 UTC are cancelled.</li>
</ul>
<h2>Step three: stops and targets</h2>
<p>The entry is a stop order two or three pips beyond the range. The protective stop goes at the range midpoint, or 20 to 45 pips away when the midpoint is closer than that. TP1 sits at <strong>1.5 times the risk</strong>, where half the position is closed and the stop moves to break-even; TP2 sits at 2.5R. Anything still open at 16:00 UTC is closed, because the strategy is about the London impulse, not the New York afternoon.</p>
<h2>Why skipped trades matter</h2>
<p>When we review the track record, the cancelled signals are as informative as the closed ones. A large share of the long-run results comes from simply not trading wide-range days and news mornings. If you follow the signals, treat a cancellation as part of the method rather than a missed opportunity.</p>
<p>As always, this note describes how the strategy works; it is not a recommendation to trade any instrument, and hypothetical results do not guarantee future returns.</p>
`.trim(),
  },
  {
    slug: "pullback-entries-in-trending-markets",
    title: "Pullback Entries in Trending Markets",
    excerpt: "Why Alpha Swing waits for price to come back to value instead of chasing a breakout candle.",
    category: "Strategy Notes",
    author: "James Okafor",
    daysAgo: 27,
    content: `
<p>Most traders can see a trend once it is obvious. The hard part is finding an entry where the risk is small relative to the likely move. Alpha Swing answers that with one idea: <strong>trade the pullback, not the breakout</strong>.</p>
<h2>Defining the trend first</h2>
<p>On the daily chart we want price above a rising 50-period EMA with at least two higher swing lows for a long bias, or the mirror image for shorts. If the daily picture is ambiguous, the strategy does nothing, however attractive the four-hour chart looks.</p>
<h2>What counts as value</h2>
<p>Once the bias is set, we drop to the H4 chart and wait for price to retrace into one of three areas:</p>
<ul>
  <li>The 20-period EMA, which often acts as dynamic support in a healthy trend.</li>
  <li>A prior breakout level that has flipped from resistance to support (or vice versa).</li>
  <li>The 50–61.8% retracement of the most recent impulse leg.</li>
</ul>
<p>A zone alone is not a trade. We need a confirmation candle, such as a bullish engulfing or a pin bar with a long rejection wick, and RSI(14) resetting towards the 40–50 area rather than sitting at an extreme.</p>
<h2>Why this improves the numbers</h2>
<p>Entering on a pullback lets the stop sit just beyond the swing point, typically 40 to 60 pips away on the majors. Because the profit targets are measured in multiples of that risk, a tighter, well-placed stop gives the same reward-to-risk ratio with less exposure to random noise. It also means the trade is proven wrong quickly if the trend is actually ending.</p>
<h2>The cost of patience</h2>
<p>Waiting for a pullback means some trends run away without us. That is an accepted trade-off: the strategy gives up a portion of moves in exchange for entries with a defined invalidation point. Over a large sample, missed trades cost less than poorly located ones.</p>
<p>This article is educational and describes a systematic method; it is not investment advice.</p>
`.trim(),
  },
  {
    slug: "what-central-bank-divergence-means-for-fx-trends",
    title: "What Central Bank Divergence Means for FX Trends",
    excerpt:
      "Currency trends rarely appear out of nowhere. We look at how differences in policy paths between central banks feed into the multi-week moves our swing models try to capture.",
    category: "Macro Context",
    author: "Elena Petrova",
    daysAgo: 9,
    content: `
<p>Exchange rates are relative prices. When one central bank is expected to keep rates higher for longer while another is cutting, capital tends to favour the higher-yielding currency, and the difference in expected policy paths becomes one of the most persistent drivers of FX trends.</p>
<h2>Expectations matter more than decisions</h2>
<p>By the time a central bank actually moves, the market has usually priced most of it. What moves currencies is a <strong>change in expectations</strong>: a hotter inflation print, a shift in the statement's language, or a surprise in the dot plot. That is why our strategies treat scheduled policy events as risk windows rather than opportunities.</p>
<h2>How divergence shows up on a chart</h2>
<p>When two-year yield spreads between two economies widen steadily, the currency pair often trends in the same direction for weeks. Technical traders see this as a sequence of higher highs and higher lows; the macro trader sees the same thing as repricing. Both are describing one process. Useful things to watch:</p>
<ul>
  <li>Two-year government bond yield spreads between the two currencies.</li>
  <li>Market-implied rate paths from overnight index swaps.</li>
  <li>Forward guidance in statements and press conferences.</li>
  <li>Inflation and labour data that could shift those expectations.</li>
</ul>
<h2>Where our models fit in</h2>
<p>Alpha Swing does not read central bank statements. It requires a clear daily trend before it trades, and macro divergence is one of the main reasons such trends exist. Understanding the background helps explain why the strategy sometimes goes quiet for weeks: when policy paths converge, trends fade and pullback setups stop appearing.</p>
<h2>A caution on narratives</h2>
<p>Macro stories are compelling after the fact and unreliable in advance. A divergence narrative can stay correct while price moves against it for weeks. That is why rules, not stories, decide entries and exits in every FX Trader strategy.</p>
<p>This commentary is general market education and not a recommendation to buy or sell any currency.</p>
`.trim(),
  },
  {
    slug: "gold-real-yields-and-the-dollar",
    title: "Gold, Real Yields and the Dollar",
    excerpt: "A short primer on the two macro forces that matter most for spot gold and how they shape intraday volatility.",
    category: "Macro Context",
    author: "Elena Petrova",
    daysAgo: 45,
    content: `
<p>Gold pays no interest, so its opportunity cost rises and falls with real yields, that is, bond yields after inflation expectations. It is also priced in US dollars, so a stronger dollar makes it more expensive for everyone else. These two forces explain a large share of gold's medium-term moves.</p>
<h2>Real yields</h2>
<p>When inflation-adjusted US Treasury yields climb, holding a non-yielding asset becomes less attractive and gold often comes under pressure. When real yields fall, because nominal yields drop or inflation expectations rise, gold tends to find support. The relationship is not mechanical, and central bank buying has weakened it at times, but it remains a useful backdrop.</p>
<h2>The dollar</h2>
<p>A broad dollar rally usually weighs on XAUUSD, and vice versa. On days when both real yields and the dollar move in the same direction against gold, intraday ranges tend to expand.</p>
<h2>What this means intraday</h2>
<p>Gold Intraday is a short-horizon strategy, so it does not forecast these macro trends. It cares about them mainly through <strong>volatility</strong>. The events most likely to move real yields and the dollar at once are the same ones the strategy stands aside for:</p>
<ul>
  <li>US CPI and PCE inflation releases.</li>
  <li>Non-farm payrolls.</li>
  <li>FOMC decisions and the press conference that follows.</li>
  <li>Testimony or unscheduled remarks from the Fed chair.</li>
</ul>
<p>No new positions are opened from 30 minutes before to 30 minutes after these releases. Spreads widen, stops can slip and price often whipsaws through both sides of the range before choosing a direction.</p>
<h2>Reading the backdrop</h2>
<p>Before the session it can help to note where US real yields and the dollar index sit relative to the previous day. If both are moving sharply, expect wider swings and size positions accordingly. The strategy's fixed-fraction sizing already adjusts for wider stops, but awareness of the backdrop helps explain unusual days in the track record.</p>
<p>This is educational commentary, not investment advice. Gold is volatile and leveraged trading can lose more than expected.</p>
`.trim(),
  },
  {
    slug: "position-sizing-the-one-percent-rule",
    title: "Position Sizing and the One Percent Rule",
    excerpt: "Why a fixed fraction of equity, not a fixed lot size, keeps a losing streak survivable.",
    category: "Risk Management",
    author: "David Chen",
    daysAgo: 16,
    content: `
<p>Every strategy loses, sometimes several times in a row. Position sizing decides whether a losing streak is an annoyance or the end of an account. The simplest robust approach is to risk a <strong>fixed fraction of current equity</strong> on every trade.</p>
<h2>The arithmetic</h2>
<p>Position size follows from three numbers: account balance, the percentage you are willing to risk, and the distance to your stop loss. With a $10,000 account, 1% risk and a 50-pip stop on EURUSD, the amount at risk is $100. At roughly $10 per pip for a standard lot, that is $2 per pip, or 0.2 lots. Our free <a href="/tools">position size calculator</a> does this for you.</p>
<h2>Why not a fixed lot size?</h2>
<p>A fixed lot size means a 20-pip stop and a 60-pip stop carry very different risks. Fixed-fraction sizing keeps every trade's potential loss the same in percentage terms, which makes results comparable and drawdowns predictable.</p>
<h2>Surviving the streak</h2>
<p>Consider ten consecutive losses, which any strategy with a 65–75% win rate will eventually produce over enough trades:</p>
<ul>
  <li>At 1% risk, the account is down about 9.6%.</li>
  <li>At 2% risk, it is down about 18.3%.</li>
  <li>At 5% risk, it is down about 40%, and needs a 67% gain to recover.</li>
</ul>
<p>The recovery maths is what makes high risk so damaging: losses compound against you faster than gains compound for you.</p>
<h2>Practical guidelines</h2>
<ul>
  <li>Decide the risk percentage before you look at the chart, not after.</li>
  <li>Round position size down, never up, when your broker's lot steps force a choice.</li>
  <li>Count correlated positions, such as EURUSD and GBPUSD longs, as partly the same trade.</li>
</ul>
<p>This article is for education only. It is not personal advice; consider your own circumstances and the risk of losing capital.</p>
`.trim(),
  },
  {
    slug: "understanding-risk-of-ruin",
    title: "Understanding Risk of Ruin",
    excerpt:
      "Win rate, reward-to-risk and risk per trade combine into one number that tells you how likely a strategy is to wipe out an account before its edge can play out.",
    category: "Risk Management",
    author: "David Chen",
    daysAgo: 58,
    content: `
<p>Risk of ruin is the probability that a trading account falls to a level from which it cannot realistically recover. It is a sobering number because it shows that even a strategy with a genuine edge can fail if it is traded too large.</p>
<h2>The three inputs</h2>
<ul>
  <li><strong>Win rate</strong>: the share of trades that end in profit.</li>
  <li><strong>Reward-to-risk</strong>: the average win divided by the average loss.</li>
  <li><strong>Risk per trade</strong>: the percentage of the account put at risk on each position.</li>
</ul>
<p>The first two describe the edge; the third describes how aggressively you bet on it. You can try different combinations with the <a href="/tools">risk of ruin estimator</a>.</p>
<h2>Edge is necessary but not sufficient</h2>
<p>A strategy that wins 55% of the time at 1.5R has a positive expectancy. Traded at 1% per trade, its risk of ruin is negligible. Traded at 10% per trade, a normal losing streak can end it before the edge shows up. The edge did not change; only the bet size did.</p>
<h2>How to use the number</h2>
<p>Treat risk of ruin as a guard rail rather than a forecast. The calculation assumes trades are independent and that the win rate and reward-to-risk are known exactly, and neither is quite true in live markets. In practice:</p>
<ul>
  <li>Use conservative inputs, a lower win rate than the backtest shows.</li>
  <li>Keep the result well below 1% for money you cannot afford to lose.</li>
  <li>Re-check it whenever you change risk per trade or switch strategies.</li>
</ul>
<h2>The uncomfortable conclusion</h2>
<p>Most blown accounts are not caused by bad strategies but by good-enough strategies traded too large. Reducing risk per trade is the single most effective lever you control.</p>
<p>Educational content only; hypothetical calculations do not predict actual results.</p>
`.trim(),
  },
  {
    slug: "setting-up-signal-alerts",
    title: "Setting Up Signal Alerts on Every Channel",
    excerpt: "A walkthrough of the email, Telegram and web alerts available in the portal and how to choose the right mix.",
    category: "Platform How-Tos",
    author: "Priya Raman",
    daysAgo: 22,
    content: `
<p>A signal is only useful if it reaches you while it is still valid. London Breakout orders can trigger within minutes of the open, so delivery speed matters more there than for multi-day swing trades. This guide walks through the alert channels available to subscribers.</p>
<h2>Where the settings live</h2>
<p>Sign in and open <strong>My Strategies</strong>, then the <strong>Settings</strong> tab. Each channel has its own toggle, and the news blackout option mutes alerts around high-impact releases if you prefer not to be notified then.</p>
<h2>The channels</h2>
<ul>
  <li><strong>Web portal</strong>: every signal appears in the live feed on your dashboard as soon as it is published. No setup needed.</li>
  <li><strong>Email</strong>: enabled by default. Good for swing signals; add our sending address to your contacts so alerts skip the spam folder.</li>
  <li><strong>Telegram</strong>: the fastest option on mobile. Connect the bot from the settings page and keep notifications unmuted for the chat.</li>
  <li><strong>Web push</strong>: browser notifications while the portal is open in a tab. Disabled by default.</li>
</ul>
<h2>Choosing a mix</h2>
<p>For swing strategies, email plus the portal is usually enough: the entry window lasts hours or days. For intraday strategies we suggest Telegram as well, because a breakout order that sits in your inbox for an hour may already be invalid.</p>
<h2>Reading an alert</h2>
<p>Every alert contains the same fields: symbol, side, entry price and method, stop loss, one or two take-profit levels, expiry time and a one-line rationale. Check the expiry first; once it has passed, the signal is no longer part of the strategy and should not be acted on.</p>
<h2>Troubleshooting</h2>
<ul>
  <li>No emails? Check the address on your Account page and your spam folder.</li>
  <li>Telegram silent? Make sure you pressed Start in the bot chat.</li>
  <li>Still stuck? <a href="/contact">Contact support</a> with the time of the missing alert.</li>
</ul>
`.trim(),
  },
  {
    slug: "using-the-position-size-calculator",
    title: "Using the Position Size Calculator",
    excerpt: "Turn a signal's entry and stop into a lot size that matches your own risk settings in four fields.",
    category: "Platform How-Tos",
    author: "Priya Raman",
    daysAgo: 71,
    content: `
<p>Our signals publish price levels, not lot sizes, because the right size depends on your account, not ours. The position size calculator on the <a href="/tools">Tools</a> page converts a signal into a size that matches your own risk settings.</p>
<h2>The four inputs</h2>
<ul>
  <li><strong>Account balance</strong>: your current equity in the account currency.</li>
  <li><strong>Risk percent</strong>: the share of that balance you accept losing if the stop is hit, for example 1.</li>
  <li><strong>Entry price</strong>: copy it from the signal.</li>
  <li><strong>Stop loss</strong>: also from the signal.</li>
</ul>
<p>Press Calculate and the tool returns the amount at risk in money and the lot size that puts exactly that amount at risk over the stop distance.</p>
<h2>A worked example</h2>
<p>Suppose a GBPUSD long is published with an entry at 1.27840 and a stop at 1.27590, a distance of 25 pips. With a $5,000 balance and 1% risk, the amount at risk is $50. At about $10 per pip per standard lot, $50 over 25 pips is $2 per pip, or <strong>0.20 lots</strong>.</p>
<h2>Things the calculator cannot know</h2>
<p>The tool assumes your account is denominated in US dollars and uses standard pip values. If your account currency differs, or you trade a cross such as EURJPY, the pip value changes with exchange rates, so treat the result as a close estimate and check your platform's margin preview. Also remember spreads and slippage: on fast breakout entries the fill can be a pip or two worse than the signal price.</p>
<h2>Make it a habit</h2>
<p>Run the calculation for every trade, even when the stop looks similar to the last one. Consistent sizing is what keeps results comparable and drawdowns under control.</p>
`.trim(),
  },
  {
    slug: "case-study-gold-cpi-week",
    title: "Case Study: Gold Through a CPI Week",
    excerpt:
      "A day-by-day look at how the Gold Intraday rules handled a week with a US inflation release, including the trade it deliberately cancelled.",
    category: "Case Studies",
    author: "Marcus Webb",
    daysAgo: 20,
    content: `
<p>Weeks with a US CPI release are a good stress test for any gold strategy. Volatility clusters around the release, spreads widen, and the first move is often reversed. Here is how the Gold Intraday rules behaved through one such week.</p>
<h2>Monday and Tuesday: business as usual</h2>
<p>The H1 bias was bullish, with price above session VWAP and the 20-EMA above the 50-EMA. On Monday a pullback into VWAP during the New York open produced a limit entry that reached TP1 within three hours; the remainder was closed at break-even. Tuesday offered one setup, a rejection at the prior day's high, which hit TP2 before the London close.</p>
<h2>Wednesday: the cancelled trade</h2>
<p>CPI was due at 13:30 UTC. Shortly before 13:00 UTC a buy-stop had been queued above the London high, but the rules are clear: <strong>no positions from 30 minutes before to 30 minutes after the release</strong>. The order was cancelled at 13:00 UTC. The release then sent gold $28 lower in two minutes before it recovered, a spike that would have run straight through the order's stop.</p>
<h2>Thursday and Friday: volatility fades</h2>
<p>After the release the bias briefly turned neutral, as the EMAs crossed and flattened, and the strategy stood aside for a day. On Friday it took a short from the upper VWAP band that closed at TP1.</p>
<h2>What the week shows</h2>
<ul>
  <li>Most of the strategy's protection comes from rules that say <strong>no</strong>.</li>
  <li>Cancellations belong in the track record; they are decisions, not omissions.</li>
  <li>Two trades a day is a ceiling, not a target. Quiet days are normal.</li>
</ul>
<p>Results discussed here are from the published signal record and are hypothetical in nature: they do not account for every subscriber's fills, spreads or fees, and past performance is no guide to future results.</p>
`.trim(),
  },
  {
    slug: "case-study-usdjpy-swing-short",
    title: "Case Study: A USDJPY Swing Short From Entry to Exit",
    excerpt: "Following one Alpha Swing trade through every decision point, from the daily lower high to the final target.",
    category: "Case Studies",
    author: "James Okafor",
    daysAgo: 2,
    content: `
<p>Individual trades prove little about a strategy, but walking through one shows how the rules work together. This is an Alpha Swing short on USDJPY, taken after a failed attempt to break above a major round number.</p>
<h2>The daily picture</h2>
<p>USDJPY had spent three weeks pushing towards 152.00 and failed twice. The second failure left a lower high, and price closed back below the daily 50-EMA, which had started to flatten. By the strategy's definition the daily bias had shifted from long to neutral-to-short; one more lower low confirmed it.</p>
<h2>The entry</h2>
<p>On the H4 chart price rallied back into the broken support zone around 151.60 during the Tokyo session and printed a bearish engulfing candle. RSI(14) had recovered to 52 from oversold levels. All the entry conditions were met, and the signal was published as a market short at <strong>151.640</strong> with a 55-pip stop at 152.190.</p>
<h2>Managing the trade</h2>
<ul>
  <li>TP1 at 1.5R, 150.815, was reached on the third day. Half the position was closed and the stop moved to entry.</li>
  <li>A sharp rebound on US data came within 20 pips of the break-even stop but did not reach it.</li>
  <li>TP2 at 2.5R, 150.265, was reached on the fifth day.</li>
</ul>
<h2>What could have gone wrong</h2>
<p>Had the rebound continued, the second half would have closed at break-even and the trade would have returned 0.75R in total. That outcome is still consistent with the plan. Moving the stop to break-even trades some upside for protection, and over many trades that is the balance the strategy is built around.</p>
<h2>Takeaways</h2>
<p>The trade worked because the daily structure, the location of the entry and the risk management all agreed. Remove any one of them and the same chart would have produced no signal.</p>
<p>This case study is educational and based on hypothetical signal results. It is not a recommendation to trade USDJPY.</p>
`.trim(),
  },
  {
    slug: "connecting-tradingview-alerts",
    title: "Connecting TradingView Alerts to Your Workflow",
    excerpt: "Coming soon: routing FX Trader signals into TradingView and MT5 alerts.",
    category: "Platform How-Tos",
    author: "Priya Raman",
    daysAgo: 102,
    content: null,
  },
];

/**
 * The seed blog posts: at least two per category, published over recent
 * months before `now` (one has no body, to exercise the placeholder).
 */
export function buildSeedPosts(now: Date): NewBlogPost[] {
  return POST_SPECS.map((post): NewBlogPost => {
    const publishedAt = new Date(tradingDayStart(now, post.daysAgo) + 9 * HOUR);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      author: post.author,
      content: post.content,
      publishedAt,
      createdAt: publishedAt,
    };
  });
}
