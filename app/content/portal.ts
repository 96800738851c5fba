/**
 * Fixed sample content of the signed-in portal (spec section 2 "Portal
 * dashboard", "My Strategies" and "Education (/portal/education)", section 4
 * "Sample course progress", section 8 toasts and empty states, section 9 risk
 * meter figures, page sizes, certification threshold and progress bar
 * maximum). Data only: what is computed from it (the greeting, progress,
 * certification standing, achievements earned) lives in
 * app/domain/greeting.ts and app/domain/education.ts.
 *
 * The education tracks reuse the academy's tracks (titles, levels, hours,
 * lesson counts) and its two sample courses (7 of 10 lessons = 70%, 3 of 8 =
 * 37.5%), so the public academy page and the portal tell the same story.
 */
import { ACADEMY_DISCLAIMER, CERTIFICATION_THRESHOLD_PERCENT, type AcademyTrack, type SampleCourse } from "./academy";

/** Default maximum of every progress bar (spec section 9). */
export const PROGRESS_MAX = 100;

/* ------------------------------------------------------------------ */
/* Portal dashboard                                                    */
/* ------------------------------------------------------------------ */

/** Name used in the greeting when the user has no first name (spec section 2). */
export const GREETING_FALLBACK_NAME = "Trader";

export const PORTAL_DASHBOARD_META = {
  title: "Portal Dashboard | FX Trader",
  description: "Your FX Trader portal: live signals feed, risk meter, your strategies and your subscription.",
};

export const PORTAL_DASHBOARD_INTRO = "Your live signals, strategies and subscription at a glance.";

/** How many signals the Live Signals Feed shows (spec section 9). */
export const PORTAL_SIGNAL_LIMIT = 10;
/** How many strategies the My Strategies card lists (spec section 9). */
export const PORTAL_STRATEGY_LIMIT = 3;

/** Spec section 8 empty states, word for word. */
export const PORTAL_EMPTY_STATES = {
  signals: "No signals available",
  strategies: "No strategies active",
  subscription: "No Active Subscription",
} as const;

export interface OutlookItem {
  id: "session-focus" | "event-risk" | "sentiment";
  /** Field label, e.g. 'Session Focus'. */
  title: string;
  /** A short headline for the field. */
  headline: string;
  body: string;
}

export const MARKET_OUTLOOK: { title: string; label: string; note: string; items: OutlookItem[] } = {
  title: "Market Outlook",
  label: "Sample outlook",
  note: "Illustrative sample text, not a live market view. It describes market conditions only and is not investment advice or a recommendation to trade.",
  items: [
    {
      id: "session-focus",
      title: "Session Focus",
      headline: "London–New York overlap",
      body: "Liquidity is usually deepest from 12:00 to 16:00 UTC, while London and New York are both open. EURUSD, GBPUSD and gold tend to print their widest ranges in this window; the Asian session is typically quieter outside the yen pairs.",
    },
    {
      id: "event-risk",
      title: "Event Risk",
      headline: "High-impact data on the calendar",
      body: "Scheduled releases such as US payrolls, inflation figures and central-bank rate decisions can widen spreads and cause slippage around the release time. Check the economic calendar before acting on a signal near an event.",
    },
    {
      id: "sentiment",
      title: "Sentiment",
      headline: "Mixed",
      body: "Positioning across the majors is balanced, with no dominant US dollar trend, and gold remains sensitive to moves in real yields. Sentiment describes the backdrop only; each strategy follows its own rules.",
    },
  ],
};

/** The static Risk Meter (spec sections 2 and 9): sample figures, not account data. */
export const RISK_METER = {
  title: "Risk Meter",
  label: "Sample figures",
  /** Share of the daily risk budget used, percent. */
  dailyRiskUsedPercent: 12,
  openTrades: 3,
  /** Maximum daily loss, USD. */
  maxDailyLossUsd: 500,
  /** Progress bar maximum. */
  max: PROGRESS_MAX,
  note: "Sample figures for illustration; the risk meter is not connected to a trading account.",
} as const;

/* ------------------------------------------------------------------ */
/* My Strategies                                                       */
/* ------------------------------------------------------------------ */

export const MY_STRATEGIES_PATH = "/portal/strategies";

/** The four tabs of My Strategies, in order; the first is the default. */
export const MY_STRATEGIES_TABS = [
  { id: "overview", label: "Overview" },
  { id: "signals", label: "Live Signals" },
  { id: "performance", label: "Performance" },
  { id: "settings", label: "Settings" },
] as const;

/** Spec section 9: signals on My Strategies. */
export const MY_STRATEGIES_SIGNAL_LIMIT = 20;

export const INACTIVE_STRATEGY_TEXT = "This strategy is currently inactive. New signals are paused.";

/** Flash toasts and refusals of the My Strategies forms. */
export const MY_STRATEGIES_TOASTS = {
  strategiesSaved: { title: "Strategies Updated", one: "You now follow 1 strategy.", many: "You now follow {n} strategies." },
  sentToMt5: { title: "Sent to MT5", description: "The signal is queued for your MT5 Expert Advisor." },
  notAllowed: {
    title: "Cannot Send to MT5",
    description: "Only active signals of strategies in your plan can be sent to MT5.",
    variant: "destructive",
  },
  notFound: { title: "Signal Not Found", description: "That signal no longer exists.", variant: "destructive" },
  settingsSaved: { title: "Settings Saved", description: "Your delivery settings have been updated." },
  pushOn: { title: "Push Notifications On", description: "This browser will show a notification for each signal event." },
} as const;

/** The push part of the Settings tab (docs/decisions/0055-web-push.md). */
export const PUSH_TEXTS = {
  enable: "Turn on push in this browser",
  enabling: "Turning on...",
  browsersOne: "Push is on in 1 browser.",
  browsersMany: "Push is on in {n} browsers.",
  unsupported: "This browser does not support push notifications.",
  denied: "Notifications are blocked for this site in your browser settings.",
  failed: "The browser could not subscribe to push notifications. Try again.",
  unavailable: "Push notifications are not available on this server.",
  unavailableBadge: "Not available",
};

/** The alert toggles of the Settings tab, by form field. */
export const DELIVERY_TOGGLES = [
  { name: "emailAlerts", label: "Email alerts", hint: "New signals and updates by email." },
  { name: "telegramAlerts", label: "Telegram alerts", hint: "Signals from our Telegram bot." },
  { name: "pushAlerts", label: "Push notifications", hint: "Browser push notifications." },
  { name: "newsBlackout", label: "News blackout", hint: "Hold alerts around high-impact news events." },
] as const;

/** What each risk template means, shown under its radio button. */
export const RISK_TEMPLATE_HINTS = {
  Conservative: "Smaller position sizes, wider filters.",
  Balanced: "The default sizing for each strategy.",
  Aggressive: "Larger position sizes; deeper drawdowns.",
} as const;

/* ------------------------------------------------------------------ */
/* Education                                                           */
/* ------------------------------------------------------------------ */

export const EDUCATION_META = {
  title: "Education | FX Trader",
  description: "Your FX Trader learning tracks, lesson progress, achievements and certification progress.",
};

export const EDUCATION_INTRO = {
  title: "Education",
  lead: "Work through the curriculum at your own pace: pick a track, continue where you left off, and track your way to the certification.",
  sampleNote: "All progress on this page is sample data for illustration.",
  disclaimer: ACADEMY_DISCLAIMER,
};

export type TrackSlug = AcademyTrack["id"];

export const EDUCATION_PATH = "/portal/education";
/** The track shown when `?track` is missing or unknown: the first tab. */
export const DEFAULT_TRACK: TrackSlug = "foundations";

/** A course of a track: written out here, or one of the academy's sample courses by id. */
export type TrackCourse = SampleCourse | { sampleCourseId: string };

/** Courses of each track in order (the academy's two sample courses among them). */
export const TRACK_COURSES: Record<TrackSlug, TrackCourse[]> = {
  foundations: [{ sampleCourseId: "foundations" }],
  "risk-psychology": [
    { sampleCourseId: "risk-management-essentials" },
    {
      id: "trading-psychology",
      title: "Trading Psychology",
      lessons: [
        { title: "Handling losing streaks", status: "not-started" },
        { title: "Keeping a trading journal", status: "not-started" },
      ],
    },
  ],
  "strategy-modules": [
    {
      id: "alpha-swing-module",
      title: "Alpha Swing",
      lessons: [
        { title: "Strategy overview and market filters", status: "not-started" },
        { title: "Reading the daily trend", status: "not-started" },
        { title: "Pullback entries on the 4-hour chart", status: "not-started" },
        { title: "Stop and target placement", status: "not-started" },
        { title: "Managing open swing trades", status: "not-started" },
        { title: "Reviewing the Alpha Swing backtest", status: "not-started" },
      ],
    },
    {
      id: "london-breakout-module",
      title: "London Breakout",
      lessons: [
        { title: "Marking the Asian range", status: "not-started" },
        { title: "Breakout entry rules", status: "not-started" },
        { title: "Filtering false breakouts", status: "not-started" },
        { title: "Exits and time stops", status: "not-started" },
        { title: "Reviewing the London Breakout backtest", status: "not-started" },
      ],
    },
    {
      id: "gold-intraday-module",
      title: "Gold Intraday",
      lessons: [
        { title: "What moves gold intraday", status: "not-started" },
        { title: "Session timing for XAUUSD", status: "not-started" },
        { title: "Entry triggers", status: "not-started" },
        { title: "Volatility-adjusted stops", status: "not-started" },
        { title: "Reviewing the Gold Intraday backtest", status: "not-started" },
      ],
    },
  ],
  "platform-setup": [
    {
      id: "platform-setup-course",
      title: "Platform Setup",
      lessons: [
        { title: "Choosing your alert channels", status: "done" },
        { title: "Setting up MT5 alerts", status: "done" },
        { title: "Creating TradingView alerts", status: "done" },
        { title: "Connecting the Telegram bot", status: "done" },
        { title: "Receiving signals by webhook", status: "done" },
        { title: "Testing your setup end to end", status: "done" },
      ],
    },
  ],
};

/** Which progress an achievement is earned by (app/domain/education.ts decides). */
export type AchievementRule =
  | { kind: "overall-completed"; lessons: number }
  | { kind: "overall-percent"; percent: number }
  | { kind: "track-completed"; track: TrackSlug; lessons: number }
  | { kind: "track-percent"; track: TrackSlug; percent: number };

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  rule: AchievementRule;
}

/** The sample achievements, each earned or not according to the lesson data. */
export const ACHIEVEMENTS: AchievementDefinition[] = [
  {
    id: "first-lesson",
    title: "First Lesson",
    description: "Complete your first lesson.",
    rule: { kind: "overall-completed", lessons: 1 },
  },
  {
    id: "platform-ready",
    title: "Platform Ready",
    description: "Complete the Platform Setup track.",
    rule: { kind: "track-percent", track: "platform-setup", percent: 100 },
  },
  {
    id: "risk-first",
    title: "Risk First",
    description: "Complete 5 lessons in Risk & Psychology.",
    rule: { kind: "track-completed", track: "risk-psychology", lessons: 5 },
  },
  {
    id: "halfway-there",
    title: "Halfway There",
    description: "Complete half of the curriculum.",
    rule: { kind: "overall-percent", percent: 50 },
  },
  {
    id: "strategy-scholar",
    title: "Strategy Scholar",
    description: "Complete the Strategy Modules track.",
    rule: { kind: "track-percent", track: "strategy-modules", percent: 100 },
  },
  {
    id: "certified",
    title: "Certified Trader",
    description: `Complete ${CERTIFICATION_THRESHOLD_PERCENT}% of the curriculum.`,
    rule: { kind: "overall-percent", percent: CERTIFICATION_THRESHOLD_PERCENT },
  },
];

/* Quick actions ------------------------------------------------------ */

export interface QuickAction {
  label: string;
  description: string;
  to: string;
}

export const QUICK_ACTIONS: QuickAction[] = [
  { label: "Browse the Academy", description: "All four curriculum tracks and learning formats.", to: "/academy" },
  { label: "Practise with the calculators", description: "Position size and risk of ruin.", to: "/tools" },
  { label: "Read the latest insights", description: "Strategy notes, macro context and how-tos.", to: "/insights" },
  { label: "Review my strategies", description: "Signals and settings of the strategies you follow.", to: "/portal/strategies" },
];

/** Under the followed strategies' figures on My Strategies → Performance. */
export const PORTAL_RECORD_NOTE =
  "Figures are computed from each strategy's closed signals in the public ledger, net of costs. Past performance is not indicative of future results. Forex trading involves significant risk of loss.";
