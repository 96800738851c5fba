/**
 * Academy page content (spec sections 2 "Academy", 3 "Academy tracks",
 * 4 "Sample course progress", 9 "Certification needs 80%"). All of it is
 * fixed sample content; progress percentages are computed from the lessons.
 */
import { NOT_AVAILABLE_YET, type CallToAction, type PlaceholderAction } from "./pricing";

export const ACADEMY_META = {
  title: "Academy",
  description:
    "The FX Trader Academy: four curriculum tracks from foundations to strategy modules, video lessons, quizzes and a certification for traders who complete 80% of the curriculum.",
};

export const ACADEMY_INTRO = {
  title: "FX Trader Academy",
  lead: "A structured curriculum that teaches the rules, the risk management and the platform setup behind every strategy we publish. Learn at your own pace, then prove it with a certification.",
};

export type TrackLevel = "Beginner" | "Intermediate" | "Advanced";

export interface AcademyTrack {
  id: "foundations" | "risk-psychology" | "strategy-modules" | "platform-setup";
  title: string;
  lessons: number;
  hours: number;
  level: TrackLevel;
  description: string;
  topics: string[];
}

export const TRACKS_SECTION = {
  title: "Curriculum Tracks",
  lead: "Four tracks, taken in any order. Start with Foundations if you are new to forex.",
};

export const ACADEMY_TRACKS: AcademyTrack[] = [
  {
    id: "foundations",
    title: "Foundations",
    lessons: 8,
    hours: 4,
    level: "Beginner",
    description: "How the currency market works and the vocabulary every signal uses.",
    topics: ["Pairs, pips and lots", "Trading sessions and liquidity", "Order types", "Leverage and margin"],
  },
  {
    id: "risk-psychology",
    title: "Risk & Psychology",
    lessons: 12,
    hours: 6,
    level: "Intermediate",
    description: "Sizing positions, limiting losses and sticking to the plan when it is hard to.",
    topics: ["Position sizing", "Risk of ruin", "Daily loss limits", "Handling losing streaks"],
  },
  {
    id: "strategy-modules",
    title: "Strategy Modules",
    lessons: 16,
    hours: 8,
    level: "Advanced",
    description: "The complete rules of each published strategy, with worked examples and backtest reviews.",
    topics: ["Alpha Swing", "London Breakout", "Gold Intraday", "Reading backtests"],
  },
  {
    id: "platform-setup",
    title: "Platform Setup",
    lessons: 6,
    hours: 3,
    level: "Beginner",
    description: "Getting signals onto your screen and into your platform reliably.",
    topics: ["MT5 alerts", "TradingView alerts", "Telegram bot", "Webhooks"],
  },
];

/** Total lessons and hours across all tracks (8 + 12 + 16 + 6 lessons; 4 + 6 + 8 + 3 hours). */
export const CURRICULUM_TOTALS = { lessons: 42, hours: 21 };

interface LearningFormat {
  title: string;
  description: string;
}

export const FORMATS_SECTION = { title: "Learning Formats", lead: "Mix the formats that suit how you learn." };

export const LEARNING_FORMATS: LearningFormat[] = [
  { title: "Video Lessons", description: "Short, focused lessons with chart walk-throughs you can pause and replay." },
  { title: "Quizzes & Assessments", description: "Check your understanding at the end of each lesson and track." },
  { title: "Downloadable Playbooks", description: "Checklists and rule sheets to keep beside your charts." },
];

/** Share of the curriculum a trader must complete to be certified (spec section 9). */
export const CERTIFICATION_THRESHOLD_PERCENT = 80;

export const CERTIFICATION: {
  title: string;
  body: string;
  thresholdPercent: number;
  requiredLessons: number;
  points: string[];
  info: PlaceholderAction;
} = {
  title: "FX Trader Certification",
  body: `Complete at least ${CERTIFICATION_THRESHOLD_PERCENT}% of the curriculum to earn the FX Trader Certification, a record that you have studied the rules and the risk management behind our strategies.`,
  thresholdPercent: CERTIFICATION_THRESHOLD_PERCENT,
  /** Lessons needed: 80% of the 42-lesson curriculum (33.6), rounded up. */
  requiredLessons: 34,
  points: ["Covers all four tracks", "Assessed by end-of-track quizzes", "A certificate you can download and share"],
  info: { label: "Certification Info", note: NOT_AVAILABLE_YET },
};

export type LessonStatus = "done" | "current" | "not-started";

export const LESSON_STATUS_LABEL: Record<LessonStatus, string> = {
  done: "Done",
  current: "Current",
  "not-started": "Not started",
};

export interface SampleCourse {
  id: string;
  title: string;
  lessons: { title: string; status: LessonStatus }[];
}

export const PROGRESS_SECTION = {
  title: "Sample Course Progress",
  lead: "What progress looks like inside the academy. Sample data for illustration.",
};

/** Spec section 4: 7 of 10 lessons (70%) and 3 of 8 lessons (37.5%). */
export const SAMPLE_COURSES: SampleCourse[] = [
  {
    id: "risk-management-essentials",
    title: "Risk Management Essentials",
    lessons: [
      { title: "Why risk comes first", status: "done" },
      { title: "Risk per trade and account size", status: "done" },
      { title: "Placing stops on market structure", status: "done" },
      { title: "Calculating position size", status: "done" },
      { title: "Pip value across pairs and gold", status: "done" },
      { title: "Reward-to-risk and win rate", status: "done" },
      { title: "Risk of ruin explained", status: "done" },
      { title: "Daily and weekly loss limits", status: "current" },
      { title: "Correlated positions", status: "not-started" },
      { title: "Building your risk template", status: "not-started" },
    ],
  },
  {
    id: "foundations",
    title: "Foundations",
    lessons: [
      { title: "How the FX market works", status: "done" },
      { title: "Currency pairs, pips and lots", status: "done" },
      { title: "Sessions and liquidity", status: "done" },
      { title: "Reading price charts", status: "current" },
      { title: "Order types: market, limit and stop", status: "not-started" },
      { title: "Leverage and margin", status: "not-started" },
      { title: "Spreads, commission and slippage", status: "not-started" },
      { title: "Your first trading plan", status: "not-started" },
    ],
  },
];

interface InstructorHighlight {
  role: string;
  teaches: string;
  highlight: string;
}

export const INSTRUCTORS_SECTION = {
  title: "Instructor Highlights",
  lead: "Lessons are taught by the people who build, test and run the strategies.",
};

export const INSTRUCTOR_HIGHLIGHTS: InstructorHighlight[] = [
  {
    role: "Head of Strategy Research",
    teaches: "Strategy Modules",
    highlight: "Walks through the rules, the backtests and the tracked record of each published strategy, losers included.",
  },
  {
    role: "Risk Manager",
    teaches: "Risk & Psychology",
    highlight: "Turns position sizing, loss limits and risk of ruin into habits you can apply on every trade.",
  },
  {
    role: "Market Analyst",
    teaches: "Foundations and market structure",
    highlight: "Explains sessions, liquidity and event risk in plain language, with examples from recent markets.",
  },
  {
    role: "Platform Specialist",
    teaches: "Platform Setup",
    highlight: "Sets up MT5 and TradingView alerts, the Telegram bot and webhooks with you, step by step.",
  },
];

export const FREE_GUIDE: { title: string; body: string; action: PlaceholderAction } = {
  title: "Start with the free guide",
  body: "A short guide to sizing positions, placing stops and setting a daily loss limit before you follow any signal.",
  action: { label: "Free Guide", note: NOT_AVAILABLE_YET },
};

export const ACADEMY_CTA: { title: string; body: string; primary: CallToAction } = {
  title: "Get full academy access",
  body: "Academy access is included with the Pro plan, and every plan starts with a free trial.",
  primary: { label: "View Pricing", to: "/pricing" },
};

export const ACADEMY_DISCLAIMER =
  "Academy content is educational and is not investment advice. Examples use hypothetical results; past performance is not indicative of future results.";
