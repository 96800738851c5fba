/**
 * Fixed sample content of the signed-in portal (spec section 2 "Portal
 * dashboard" and "Education (/portal/education)", section 4 "Sample course
 * progress", section 9 risk meter figures, certification threshold and
 * progress bar maximum). None of it is server data: the market outlook and
 * the risk meter are labelled as samples, and every progress figure is
 * computed from the lesson lists below, never typed in.
 *
 * The education tracks reuse the academy's tracks (titles, levels, hours,
 * lesson counts) and its two sample courses (7 of 10 lessons = 70%, 3 of 8 =
 * 37.5%), so the public academy page and the portal tell the same story.
 */
import {
  ACADEMY_DISCLAIMER,
  ACADEMY_TRACKS,
  CERTIFICATION,
  CERTIFICATION_THRESHOLD_PERCENT,
  LESSON_STATUS_LABEL,
  SAMPLE_COURSES,
  type AcademyTrack,
  type LessonStatus,
  type SampleCourse,
  type TrackLevel,
} from "./academy";
import { courseProgress, formatPercent, type CourseProgress } from "~/domain/course-progress";

export { courseProgress, formatPercent, LESSON_STATUS_LABEL, type CourseProgress, type LessonStatus, type SampleCourse };

/** Default maximum of every progress bar (spec section 9). */
export const PROGRESS_MAX = 100;

/* ------------------------------------------------------------------ */
/* Portal dashboard                                                    */
/* ------------------------------------------------------------------ */

/** Name used in the greeting when the user has no first name (spec section 2). */
export const GREETING_FALLBACK_NAME = "Trader";

/** The name to greet: the trimmed first name, else 'Trader'. */
export function greetingName(firstName: string | null | undefined): string {
  return firstName?.trim() || GREETING_FALLBACK_NAME;
}

/** 'Welcome back, Tom' (or 'Welcome back, Trader'). */
export function portalGreeting(firstName: string | null | undefined): string {
  return `Welcome back, ${greetingName(firstName)}`;
}

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

export interface PortalTrack {
  slug: TrackSlug;
  title: string;
  level: TrackLevel;
  hours: number;
  description: string;
  /** The track's courses in order; together they hold all of the track's lessons. */
  courses: SampleCourse[];
}

type Lessons = SampleCourse["lessons"];

function lessons(titles: string[], status: LessonStatus): Lessons {
  return titles.map((title) => ({ title, status }));
}

function sampleCourse(id: string): SampleCourse {
  const course = SAMPLE_COURSES.find((c) => c.id === id);
  if (!course) throw new Error(`Unknown sample course ${id}`);
  return course;
}

/** Courses of each track (the academy's two sample courses among them). */
const COURSES_BY_TRACK: Record<TrackSlug, SampleCourse[]> = {
  foundations: [sampleCourse("foundations")],
  "risk-psychology": [
    sampleCourse("risk-management-essentials"),
    {
      id: "trading-psychology",
      title: "Trading Psychology",
      lessons: lessons(["Handling losing streaks", "Keeping a trading journal"], "not-started"),
    },
  ],
  "strategy-modules": [
    {
      id: "alpha-swing-module",
      title: "Alpha Swing",
      lessons: lessons(
        [
          "Strategy overview and market filters",
          "Reading the daily trend",
          "Pullback entries on the 4-hour chart",
          "Stop and target placement",
          "Managing open swing trades",
          "Reviewing the Alpha Swing backtest",
        ],
        "not-started",
      ),
    },
    {
      id: "london-breakout-module",
      title: "London Breakout",
      lessons: lessons(
        [
          "Marking the Asian range",
          "Breakout entry rules",
          "Filtering false breakouts",
          "Exits and time stops",
          "Reviewing the London Breakout backtest",
        ],
        "not-started",
      ),
    },
    {
      id: "gold-intraday-module",
      title: "Gold Intraday",
      lessons: lessons(
        [
          "What moves gold intraday",
          "Session timing for XAUUSD",
          "Entry triggers",
          "Volatility-adjusted stops",
          "Reviewing the Gold Intraday backtest",
        ],
        "not-started",
      ),
    },
  ],
  "platform-setup": [
    {
      id: "platform-setup-course",
      title: "Platform Setup",
      lessons: lessons(
        [
          "Choosing your alert channels",
          "Setting up MT5 alerts",
          "Creating TradingView alerts",
          "Connecting the Telegram bot",
          "Receiving signals by webhook",
          "Testing your setup end to end",
        ],
        "done",
      ),
    },
  ],
};

/** The four academy tracks with the sample learner's lessons. */
export const PORTAL_TRACKS: PortalTrack[] = ACADEMY_TRACKS.map((track) => ({
  slug: track.id,
  title: track.title,
  level: track.level,
  hours: track.hours,
  description: track.description,
  courses: COURSES_BY_TRACK[track.id],
}));

/** Every lesson of a track, in order. */
export function trackLessons(track: PortalTrack): Lessons {
  return track.courses.flatMap((course) => course.lessons);
}

/** Progress of a whole track, from its lessons. */
export function trackProgress(track: PortalTrack): CourseProgress {
  return courseProgress({ id: track.slug, title: track.title, lessons: trackLessons(track) });
}

/** Progress over the whole curriculum (every lesson of every track). */
export function overallProgress(tracks: readonly PortalTrack[] = PORTAL_TRACKS): CourseProgress {
  return courseProgress({ id: "curriculum", title: "Curriculum", lessons: tracks.flatMap(trackLessons) });
}

/** The course's current lesson, if any. */
export function currentLesson(course: SampleCourse): Lessons[number] | undefined {
  return course.lessons.find((lesson) => lesson.status === "current");
}

/** '3 of 8 lessons complete'. */
export function progressSummary(progress: CourseProgress): string {
  return `${progress.completed} of ${progress.total} lessons complete`;
}

/* Track tabs ---------------------------------------------------------- */

export const EDUCATION_PATH = "/portal/education";
/** The track shown when `?track` is missing or unknown: the first tab. */
export const DEFAULT_TRACK: TrackSlug = "foundations";

export function isTrackSlug(value: string): value is TrackSlug {
  return PORTAL_TRACKS.some((track) => track.slug === value);
}

/** The `?track=` value as a known slug (trimmed, any case), else DEFAULT_TRACK. */
export function parseTrackParam(value: string | null | undefined): TrackSlug {
  const slug = (value ?? "").trim().toLowerCase();
  return isTrackSlug(slug) ? slug : DEFAULT_TRACK;
}

/** The URL of a track tab. */
export function educationHref(slug: TrackSlug): string {
  return `${EDUCATION_PATH}?track=${slug}`;
}

export const TRACK_TABS: { slug: TrackSlug; label: string; href: string }[] = PORTAL_TRACKS.map((track) => ({
  slug: track.slug,
  label: track.title,
  href: educationHref(track.slug),
}));

export function getPortalTrack(slug: TrackSlug): PortalTrack {
  return PORTAL_TRACKS.find((track) => track.slug === slug) ?? PORTAL_TRACKS[0]!;
}

/** Courses with a current lesson, in curriculum order: what 'Continue Learning' resumes. */
export function inProgressCourses(tracks: readonly PortalTrack[] = PORTAL_TRACKS): { track: PortalTrack; course: SampleCourse }[] {
  return tracks.flatMap((track) =>
    track.courses.filter((course) => currentLesson(course) !== undefined).map((course) => ({ track, course })),
  );
}

/* Certification ------------------------------------------------------ */

export interface CertificationStatus {
  title: string;
  body: string;
  /** 80: percent of the curriculum required (spec section 9). */
  thresholdPercent: number;
  /** Lessons needed to reach the threshold. */
  requiredLessons: number;
  completedLessons: number;
  totalLessons: number;
  percent: number;
  eligible: boolean;
  /** Lessons still to complete before the threshold; 0 once eligible. */
  lessonsToGo: number;
}

/** Where the learner stands against the certification threshold. */
export function certificationStatus(progress: CourseProgress = overallProgress()): CertificationStatus {
  const requiredLessons = Math.ceil((progress.total * CERTIFICATION_THRESHOLD_PERCENT) / 100);
  return {
    title: CERTIFICATION.title,
    body: CERTIFICATION.body,
    thresholdPercent: CERTIFICATION_THRESHOLD_PERCENT,
    requiredLessons,
    completedLessons: progress.completed,
    totalLessons: progress.total,
    percent: progress.percent,
    eligible: progress.percent >= CERTIFICATION_THRESHOLD_PERCENT,
    lessonsToGo: Math.max(0, requiredLessons - progress.completed),
  };
}

/* Achievements ------------------------------------------------------- */

export interface Achievement {
  id: string;
  title: string;
  description: string;
  earned: boolean;
}

/** Sample achievements, earned or not according to the lesson data. */
export function achievements(tracks: readonly PortalTrack[] = PORTAL_TRACKS): Achievement[] {
  const overall = overallProgress(tracks);
  const progressOf = (slug: TrackSlug) => trackProgress(tracks.find((t) => t.slug === slug) ?? getPortalTrack(slug));
  return [
    {
      id: "first-lesson",
      title: "First Lesson",
      description: "Complete your first lesson.",
      earned: overall.completed >= 1,
    },
    {
      id: "platform-ready",
      title: "Platform Ready",
      description: "Complete the Platform Setup track.",
      earned: progressOf("platform-setup").percent === 100,
    },
    {
      id: "risk-first",
      title: "Risk First",
      description: "Complete 5 lessons in Risk & Psychology.",
      earned: progressOf("risk-psychology").completed >= 5,
    },
    {
      id: "halfway-there",
      title: "Halfway There",
      description: "Complete half of the curriculum.",
      earned: overall.percent >= 50,
    },
    {
      id: "strategy-scholar",
      title: "Strategy Scholar",
      description: "Complete the Strategy Modules track.",
      earned: progressOf("strategy-modules").percent === 100,
    },
    {
      id: "certified",
      title: "Certified Trader",
      description: `Complete ${CERTIFICATION_THRESHOLD_PERCENT}% of the curriculum.`,
      earned: overall.percent >= CERTIFICATION_THRESHOLD_PERCENT,
    },
  ];
}

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
