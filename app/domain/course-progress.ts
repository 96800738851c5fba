/** Course progress: how much of a list of lessons is done, and how that share is written. */
import type { SampleCourse } from "~/content/academy";

export interface CourseProgress {
  completed: number;
  total: number;
  /** Completed share in percent, 0 to 100, unrounded (3 of 8 → 37.5). */
  percent: number;
}

/**
 * Progress of `course`: lessons marked done out of all its lessons (the
 * current lesson is not complete yet); 0% for a course without lessons.
 */
export function courseProgress(course: SampleCourse): CourseProgress {
  const total = course.lessons.length;
  const completed = course.lessons.filter((lesson) => lesson.status === "done").length;
  return { completed, total, percent: total === 0 ? 0 : (completed / total) * 100 };
}

/** A progress percentage to at most one decimal: 70 → '70%', 37.5 → '37.5%'. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(1))}%`;
}
