/**
 * Catalogue data loaded by `db/seed.ts` into an empty database: the three
 * strategies the spec names, the plan of a signal history (seeded price paths
 * and the signals each strategy publishes on them, which the seed runs through
 * the signals model and the bar replay), and insight posts in every blog
 * category. Pure data and arithmetic, no I/O.
 *
 * Signals and posts are defined relative to a `now` instant so that a fresh
 * database always has live signals and recent posts, and the same `now`
 * always yields the same plan.
 */
import { instrumentSpec } from "../app/domain/instruments";
import { generatePricePath, type PriceBar, type PricePathSpec } from "../app/domain/price-path";
import { mulberry32, UINT32_RANGE } from "../app/domain/prng";
import { priceDecimals } from "../app/domain/signal-display";
import type { SignalInput } from "../app/schemas/signal";
import type { EntryMethod, SignalSide } from "./schema";
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

/** Start of the UTC day `days` before `now`, moved back to Friday if it falls on a weekend. */
function tradingDayStart(now: Date, days: number): number {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY);
  const weekday = d.getUTCDay(); // 0 Sunday, 6 Saturday
  if (weekday === 6) return d.getTime() - DAY;
  if (weekday === 0) return d.getTime() - 2 * DAY;
  return d.getTime();
}

// ---------------------------------------------------------------------------
// Signal history (docs/decisions/0033-seed-price-path.md)

/** Days of history before `now` the seed simulates. */
export const SEED_HISTORY_DAYS = 270;
/** Seed of the price paths and of the signal plan: the same `now` always gives the same history. */
export const SEED_RANDOM_SEED = 20_261_123;

/**
 * The instruments the strategies trade, their price at the start of the
 * history and their daily volatility (standard deviation of daily log
 * returns, typical of recent years: majors 0.45-0.7 %, yen crosses 0.65-0.75 %, gold 1 %).
 */
export const SEED_INSTRUMENTS: readonly PricePathSpec[] = [
  { symbol: "EURUSD", startPrice: 1.085, dailyVolatility: 0.005 },
  { symbol: "GBPUSD", startPrice: 1.275, dailyVolatility: 0.006 },
  { symbol: "USDJPY", startPrice: 150.5, dailyVolatility: 0.006 },
  { symbol: "AUDUSD", startPrice: 0.66, dailyVolatility: 0.007 },
  { symbol: "NZDUSD", startPrice: 0.6, dailyVolatility: 0.007 },
  { symbol: "USDCAD", startPrice: 1.36, dailyVolatility: 0.0045 },
  { symbol: "USDCHF", startPrice: 0.895, dailyVolatility: 0.005 },
  { symbol: "EURJPY", startPrice: 162, dailyVolatility: 0.0065 },
  { symbol: "GBPJPY", startPrice: 191, dailyVolatility: 0.0075 },
  { symbol: "XAUUSD", startPrice: 2380, dailyVolatility: 0.01 },
];

/** How a strategy trades in the simulation: its rules in numbers (see each strategy's methodology above). */
interface StrategyPlan {
  symbols: readonly string[];
  /** Entry methods drawn with equal odds. */
  methods: readonly EntryMethod[];
  /** Chance of a signal on a given weekday. */
  dailyOdds: number;
  /** UTC publish times, "HH:MM", one drawn per signal (plus 0-9 minutes). */
  times: readonly string[];
  /** Stop distance in pips (app/domain/instruments.ts pips: a cent for gold), drawn uniformly. */
  stopPips: readonly [number, number];
  /** Distance of a limit or stop entry from the price, pips. */
  entryOffsetPips: readonly [number, number];
  expiresInHours: number;
  /** Share of signals with a single target. */
  singleTargetOdds: number;
  /** Share of limit and stop entries the desk cancels if still unfilled 15 minutes to 2 hours after publishing. */
  cancelOdds: number;
  /** The live signals published in the hours before `now`: hours ago, entry method, symbol. */
  live: ReadonlyArray<{ hoursAgo: number; method: EntryMethod; symbol: string }>;
  rationales: Record<SignalSide, readonly string[]>;
}

const STRATEGY_PLANS: Record<StrategySlug, StrategyPlan> = {
  "alpha-swing": {
    symbols: ["EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "NZDUSD", "USDCAD"],
    methods: ["market", "limit", "stop"],
    dailyOdds: 0.35,
    times: ["08:00", "10:00", "12:00", "14:00", "16:00"],
    stopPips: [35, 60],
    entryOffsetPips: [8, 25],
    expiresInHours: 120,
    singleTargetOdds: 0.2,
    cancelOdds: 0.1,
    live: [
      { hoursAgo: 14, method: "market", symbol: "USDJPY" },
      { hoursAgo: 6, method: "limit", symbol: "EURUSD" },
      { hoursAgo: 4, method: "market", symbol: "AUDUSD" },
    ],
    rationales: {
      LONG: [
        "Higher low held at the rising H4 20-EMA with the D1 trend still printing higher highs; joining the trend on the pullback.",
        "Bullish engulfing at former resistance, now support, after a three-leg correction into the D1 50-EMA.",
        "H4 RSI turned up from 40 at the 61.8% retracement of the last impulse leg, confluent with the daily trendline.",
      ],
      SHORT: [
        "Lower high under the falling D1 50-EMA and a bearish H4 engulfing; selling the retest of broken support.",
        "Failed breakout above the weekly high left a shooting star on D1; fading the move with the trend pointing down.",
        "Bearish RSI divergence on H4 at a double top inside a daily downtrend; selling the rejection.",
      ],
    },
  },
  "london-breakout": {
    symbols: ["GBPUSD", "EURUSD", "GBPJPY", "EURJPY", "USDCHF"],
    methods: ["stop", "stop", "stop", "market", "limit"],
    dailyOdds: 0.6,
    times: ["07:00", "07:05", "07:10", "07:20", "07:40"],
    stopPips: [20, 45],
    entryOffsetPips: [3, 12],
    expiresInHours: 9,
    singleTargetOdds: 0.15,
    cancelOdds: 0.12,
    live: [
      { hoursAgo: 5, method: "stop", symbol: "EURJPY" },
      { hoursAgo: 3, method: "market", symbol: "GBPUSD" },
      { hoursAgo: 1, method: "market", symbol: "USDCHF" },
    ],
    rationales: {
      LONG: [
        "Asian range inside the 15-60 pip band under a rising H1 50-EMA; buy-stop a few pips above the high for the London expansion.",
        "Tight Asian box with trend support; buying the first decisive M15 close above the range at the open.",
      ],
      SHORT: [
        "Asian range coiled under falling H1 averages; sell-stop a few pips below the low ahead of the London open.",
        "Decisive M15 close below the Asian low after the open; selling with the stop back inside the range.",
      ],
    },
  },
  "gold-intraday": {
    symbols: ["XAUUSD"],
    methods: ["limit", "limit", "market", "stop"],
    dailyOdds: 0.65,
    times: ["08:30", "09:00", "13:15", "13:30", "14:30", "15:00"],
    stopPips: [1000, 2500],
    entryOffsetPips: [150, 500],
    expiresInHours: 12,
    singleTargetOdds: 0.2,
    cancelOdds: 0.1,
    live: [
      { hoursAgo: 9, method: "market", symbol: "XAUUSD" },
      { hoursAgo: 2, method: "limit", symbol: "XAUUSD" },
    ],
    rationales: {
      LONG: [
        "Pullback into the lower session VWAP band with the H1 EMA stack bullish; bidding the rejection.",
        "Prior session high retested as support with a bullish M15 pin bar, trend and VWAP both supportive.",
      ],
      SHORT: [
        "Rejection at the prior day's high with price back under session VWAP; fading the spike with the stop above the wick.",
        "Bearish M15 engulfing at the upper VWAP band after a dollar rebound; selling the failed push.",
      ],
    },
  },
};

const CANCEL_NOTES = [
  "Withdrawn ahead of a high-impact release under the news filter.",
  "Setup invalidated before the entry was reached.",
  "Cancelled at the session cut-off, left unfilled.",
];

/** A signal the seed publishes at `publishAt`, and possibly cancels if still unfilled at `cancel.at`. */
export interface SeedSignalPlan {
  publishAt: Date;
  input: SignalInput;
  cancel: { at: Date; note: string } | null;
}

/** The seed's history: hourly bars of every instrument (in time order) and the signals, in publish order. */
export interface SeedHistory {
  bars: PriceBar[];
  signals: SeedSignalPlan[];
}

/**
 * Plans the signal history for `now`: price paths of `SEED_INSTRUMENTS` over
 * the `SEED_HISTORY_DAYS` days before `now` (complete hourly bars only), and
 * each strategy's signals on random weekdays at its own times, with levels
 * taken from the price at publish time (stop from the strategy's range, TP1
 * at 1.5R, TP2 at 2.5R). Historical signals whose expiry would fall within
 * three hours before or one hour after `now` are left out, so none waits for
 * a price that has not come yet. The live signals (`StrategyPlan.live`) are
 * published in the last hours with levels outside the range the price has
 * covered since, so they are still open (market entries ACTIVE, limit and stop PENDING).
 * Pure: the same `now` and ids always give the same history.
 * @param strategyIdsBySlug database ids of the seeded strategies.
 * @throws Error when a strategy slug has no id.
 */
export function buildSeedHistory(now: Date, strategyIdsBySlug: Record<string, number>): SeedHistory {
  const from = new Date(now.getTime() - SEED_HISTORY_DAYS * DAY);
  const to = new Date(now.getTime() - HOUR + 1);
  const paths = new Map(SEED_INSTRUMENTS.map((spec) => [spec.symbol, generatePricePath(spec, { from, to }, SEED_RANDOM_SEED)]));
  const next = mulberry32(SEED_RANDOM_SEED);
  const uniform = (min = 0, max = 1) => min + ((max - min) * next()) / UINT32_RANGE;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(uniform(0, list.length))]!;

  const barsOf = (symbol: string) => {
    const bars = paths.get(symbol);
    if (!bars) throw new Error(`No price path for ${symbol}`);
    return bars;
  };
  /** Index of the last complete bar at `time` (its close is the price then), or -1. */
  const lastBarIndex = (bars: PriceBar[], time: number) => {
    let low = 0;
    let high = bars.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (bars[mid]!.time + HOUR <= time) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  };

  const signals: SeedSignalPlan[] = [];
  const plan = (slug: StrategySlug, options: { publishAt: number; symbol: string; method: EntryMethod; live: boolean }) => {
    const strategyId = strategyIdsBySlug[slug];
    if (strategyId === undefined) throw new Error(`No strategy id for slug "${slug}"`);
    const rules = STRATEGY_PLANS[slug];
    const bars = barsOf(options.symbol);
    const index = lastBarIndex(bars, options.publishAt);
    if (index < 0) return;
    const pip = instrumentSpec(options.symbol).pipSize;
    const side: SignalSide = uniform() < 0.5 ? "LONG" : "SHORT";
    const dir = side === "LONG" ? 1 : -1;
    const risk = Math.round(uniform(...rules.stopPips)) * pip;
    const offset = Math.round(uniform(...rules.entryOffsetPips)) * pip;
    const price = bars[index]!.close;
    // A limit waits for a better price, a stop for a move through a level.
    let entry = options.method === "market" ? price : options.method === "limit" ? price - dir * offset : price + dir * offset;
    let sl = entry - dir * risk;
    let tp1 = entry + dir * risk * 1.5;
    if (options.live) {
      const since = bars.slice(index + 1);
      const highest = Math.max(price, ...since.map((bar) => bar.high));
      const lowest = Math.min(price, ...since.map((bar) => bar.low));
      const margin = risk / 2;
      const [near, far] = side === "LONG" ? [lowest - margin, highest + margin] : [highest + margin, lowest - margin];
      const beyond = (a: number, b: number) => (side === "LONG" ? Math.min(a, b) : Math.max(a, b));
      if (options.method === "limit") entry = beyond(entry, near);
      if (options.method === "stop") entry = side === "LONG" ? Math.max(entry, far) : Math.min(entry, far);
      sl = beyond(entry - dir * risk, near);
      tp1 = side === "LONG" ? Math.max(entry + dir * risk * 1.5, far) : Math.min(entry + dir * risk * 1.5, far);
    }
    const singleTarget = uniform() < rules.singleTargetOdds;
    const tp2 = tp1 + dir * risk;
    const cancels = !options.live && options.method !== "market" && uniform() < rules.cancelOdds;
    const round = (value: number) => roundPrice(options.symbol, value);
    signals.push({
      publishAt: new Date(options.publishAt),
      input: {
        strategyId,
        symbol: options.symbol,
        side,
        entryMethod: options.method,
        entryPrice: round(entry),
        sl: round(sl),
        tp1: round(tp1),
        tp2: singleTarget ? undefined : round(tp2),
        rationale: pick(rules.rationales[side]),
        expiresAt: new Date(options.publishAt + rules.expiresInHours * HOUR),
      },
      cancel: cancels ? { at: new Date(options.publishAt + uniform(0.25, 2) * HOUR), note: pick(CANCEL_NOTES) } : null,
    });
  };

  const firstDay = tradingDayStart(from, -1);
  for (let day = firstDay; day < now.getTime() - DAY; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const slug of STRATEGY_SLUGS) {
      const rules = STRATEGY_PLANS[slug];
      if (uniform() >= rules.dailyOdds) continue;
      const publishAt = day + timeOfDay(pick(rules.times)) + Math.floor(uniform(0, 10)) * MINUTE;
      const expiresAt = publishAt + rules.expiresInHours * HOUR;
      if (expiresAt > now.getTime() - 3 * HOUR && expiresAt < now.getTime() + HOUR) continue;
      plan(slug, { publishAt, symbol: pick(rules.symbols), method: pick(rules.methods), live: false });
    }
  }
  for (const slug of STRATEGY_SLUGS) {
    for (const live of STRATEGY_PLANS[slug].live) {
      plan(slug, { publishAt: now.getTime() - live.hoursAgo * HOUR, symbol: live.symbol, method: live.method, live: true });
    }
  }
  signals.sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime());
  const bars = [...paths.values()].flat().sort((a, b) => a.time - b.time || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { bars, signals };
}

function timeOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * HOUR + (m ?? 0) * MINUTE;
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
