/**
 * The portal's learning progress (spec section 2 "Education", section 4
 * "Sample course progress", section 9 certification threshold), computed from
 * the lesson lists of app/content/portal.ts and app/content/academy.ts: every
 * percentage comes from lessons marked done, never typed in.
 */
import {
  ACADEMY_TRACKS,
  CERTIFICATION,
  CERTIFICATION_THRESHOLD_PERCENT,
  SAMPLE_COURSES,
  type SampleCourse,
  type TrackLevel,
} from "~/content/academy";
import { courseProgress, type CourseProgress } from "./course-progress";
import { ACHIEVEMENTS, DEFAULT_TRACK, EDUCATION_PATH, TRACK_COURSES, type AchievementRule, type TrackCourse, type TrackSlug } from "~/content/portal";

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

/**
 * A track course as a course: the academy sample course it names, or itself.
 * @throws Error when it names a sample course that does not exist.
 */
function resolveCourse(course: TrackCourse): SampleCourse {
  if (!("sampleCourseId" in course)) return course;
  const found = SAMPLE_COURSES.find((c) => c.id === course.sampleCourseId);
  if (!found) throw new Error(`Unknown sample course ${course.sampleCourseId}`);
  return found;
}

/** The four academy tracks with the sample learner's lessons. */
export const PORTAL_TRACKS: PortalTrack[] = ACADEMY_TRACKS.map((track) => ({
  slug: track.id,
  title: track.title,
  level: track.level,
  hours: track.hours,
  description: track.description,
  courses: TRACK_COURSES[track.id].map(resolveCourse),
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

/** Whether `value` is the slug of a track. */
function isTrackSlug(value: string): value is TrackSlug {
  return PORTAL_TRACKS.some((track) => track.slug === value);
}

/** The `?track=` value as a known slug (trimmed, any case), else DEFAULT_TRACK. */
export function parseTrackParam(value: string | null | undefined): TrackSlug {
  const slug = (value ?? "").trim().toLowerCase();
  return isTrackSlug(slug) ? slug : DEFAULT_TRACK;
}

/** The URL of a track tab: '/portal/education?track=<slug>'. */
export function educationHref(slug: TrackSlug): string {
  return `${EDUCATION_PATH}?track=${slug}`;
}

/** The track tabs in order, each with its label and URL. */
export const TRACK_TABS: { slug: TrackSlug; label: string; href: string }[] = PORTAL_TRACKS.map((track) => ({
  slug: track.slug,
  label: track.title,
  href: educationHref(track.slug),
}));

/** The track with `slug` (the first track if there is none). */
export function getPortalTrack(slug: TrackSlug): PortalTrack {
  return PORTAL_TRACKS.find((track) => track.slug === slug) ?? PORTAL_TRACKS[0]!;
}

/** Courses with a current lesson, in curriculum order: what 'Continue Learning' resumes. */
export function inProgressCourses(tracks: readonly PortalTrack[] = PORTAL_TRACKS): { track: PortalTrack; course: SampleCourse }[] {
  return tracks.flatMap((track) =>
    track.courses.filter((course) => currentLesson(course) !== undefined).map((course) => ({ track, course })),
  );
}

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

/**
 * Where the learner stands against the certification threshold.
 * Required lessons = ceil(total × threshold% / 100); eligible at percent ≥ threshold.
 */
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

export interface Achievement {
  id: string;
  title: string;
  description: string;
  earned: boolean;
}

/** The sample achievements of app/content/portal.ts, each earned or not according to `tracks`' lessons. */
export function achievements(tracks: readonly PortalTrack[] = PORTAL_TRACKS): Achievement[] {
  const overall = overallProgress(tracks);
  const progressOf = (slug: TrackSlug) => trackProgress(tracks.find((t) => t.slug === slug) ?? getPortalTrack(slug));
  const earned = (rule: AchievementRule): boolean => {
    switch (rule.kind) {
      case "overall-completed":
        return overall.completed >= rule.lessons;
      case "overall-percent":
        return overall.percent >= rule.percent;
      case "track-completed":
        return progressOf(rule.track).completed >= rule.lessons;
      case "track-percent":
        return progressOf(rule.track).percent >= rule.percent;
    }
  };
  return ACHIEVEMENTS.map(({ id, title, description, rule }) => ({ id, title, description, earned: earned(rule) }));
}
