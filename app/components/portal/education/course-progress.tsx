/** Progress bars, lesson lists and course blocks of the Education page. */
import { muted } from "~/components/portal/styles";
import { progressBarClass } from "~/components/ui/progress";
import { LESSON_STATUS_LABEL, type LessonStatus, type SampleCourse } from "~/content/academy";
import { courseProgress, formatPercent } from "~/domain/course-progress";
import { PROGRESS_MAX } from "~/content/portal";
import { progressSummary } from "~/domain/education";

/** A progress bar from 0 to PROGRESS_MAX labelled by the element `labelledBy`. */
export function ProgressBar({ percent, labelledBy, valueText }: { percent: number; labelledBy: string; valueText: string }) {
  return (
    <progress max={PROGRESS_MAX} value={percent} aria-labelledby={labelledBy} aria-valuetext={valueText} className={progressBarClass}>
      {formatPercent(percent)}
    </progress>
  );
}

const STATUS_STYLE: Record<LessonStatus, { marker: string; text: string; icon: string }> = {
  done: {
    marker: "border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-500 dark:text-slate-950",
    text: "",
    icon: "✓",
  },
  current: {
    marker: "border-blue-700 bg-blue-50 text-blue-800 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-300",
    text: "font-semibold",
    icon: "▶",
  },
  "not-started": { marker: "border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300", text: "", icon: "○" },
};

const STATUS_TEXT_STYLE: Record<LessonStatus, string> = {
  done: "text-green-800 dark:text-green-300",
  current: "text-blue-800 dark:text-blue-300 font-semibold",
  "not-started": muted,
};

function LessonList({ course }: { course: SampleCourse }) {
  return (
    <ol className="space-y-2" aria-label={`${course.title} lessons`}>
      {course.lessons.map((lesson, index) => {
        const style = STATUS_STYLE[lesson.status];
        return (
          <li
            key={`${index}-${lesson.title}`}
            className={`flex items-start gap-3 rounded-md px-2 py-1.5 text-sm ${
              lesson.status === "current" ? "bg-blue-50 dark:bg-blue-950/50" : ""
            }`}
            aria-current={lesson.status === "current" ? "step" : undefined}
            data-status={lesson.status}
          >
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${style.marker}`}
            >
              {style.icon}
            </span>
            <span className={`min-w-0 flex-1 pt-0.5 break-words ${style.text}`}>
              <span className="sr-only">Lesson {index + 1}: </span>
              {lesson.title}
            </span>
            <span className={`shrink-0 pt-0.5 text-xs ${STATUS_TEXT_STYLE[lesson.status]}`}>{LESSON_STATUS_LABEL[lesson.status]}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A course: its percentage, "n of m lessons complete", a progress bar and its lessons. */
export function CourseBlock({ course }: { course: SampleCourse }) {
  const progress = courseProgress(course);
  const titleId = `course-${course.id}`;
  const summary = progressSummary(progress);
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="course-block">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {course.title}
        </h3>
        <p className="text-lg font-bold tabular-nums">{formatPercent(progress.percent)}</p>
      </div>
      <p className={`mb-2 text-sm ${muted}`}>{summary}</p>
      <ProgressBar percent={progress.percent} labelledBy={titleId} valueText={`${formatPercent(progress.percent)}, ${summary}`} />
      <div className="mt-4">
        <LessonList course={course} />
      </div>
    </div>
  );
}

