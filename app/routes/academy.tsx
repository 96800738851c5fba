/**
 * /academy — curriculum tracks, learning formats, certification, sample
 * course progress and instructor highlights (spec sections 2 "Academy",
 * 3 "Academy tracks", 4 "Sample course progress"). 'Certification Info' and
 * 'Free Guide' are disabled placeholders (docs/decisions/marketing-placeholders.md).
 */
import type { MetaFunction } from "@remix-run/node";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  ACADEMY_CTA,
  ACADEMY_DISCLAIMER,
  ACADEMY_INTRO,
  ACADEMY_META,
  ACADEMY_TRACKS,
  CERTIFICATION,
  courseProgress,
  CURRICULUM_TOTALS,
  FORMATS_SECTION,
  formatPercent,
  FREE_GUIDE,
  INSTRUCTOR_HIGHLIGHTS,
  INSTRUCTORS_SECTION,
  LEARNING_FORMATS,
  LESSON_STATUS_LABEL,
  PROGRESS_SECTION,
  SAMPLE_COURSES,
  TRACKS_SECTION,
  type LessonStatus,
  type SampleCourse,
  type TrackLevel,
} from "~/content/academy";
import type { PlaceholderAction } from "~/content/pricing";
import { pageMeta } from "~/content/seo";
import { progressBarClass } from "~/components/ui/progress";

export const meta: MetaFunction = () => pageMeta(ACADEMY_META.title, ACADEMY_META.description);

const LEVEL_BADGE: Record<TrackLevel, BadgeVariant> = {
  Beginner: "secondary",
  Intermediate: "default",
  Advanced: "outline",
};

const sectionTitle = "text-2xl font-bold tracking-tight";
const lead = "mt-2 max-w-3xl text-slate-700 dark:text-slate-300";

export default function Academy() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{ACADEMY_INTRO.title}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{ACADEMY_INTRO.lead}</p>
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3">
          <Stat label="Tracks" value={String(ACADEMY_TRACKS.length)} />
          <Stat label="Lessons" value={String(CURRICULUM_TOTALS.lessons)} />
          <Stat label="Hours" value={String(CURRICULUM_TOTALS.hours)} />
        </dl>
      </header>

      <section aria-labelledby="tracks" className="mt-14">
        <h2 id="tracks" className={sectionTitle}>
          {TRACKS_SECTION.title}
        </h2>
        <p className={lead}>{TRACKS_SECTION.lead}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ACADEMY_TRACKS.map((track) => (
            <li key={track.id} data-testid="academy-track">
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <CardTitle>{track.title}</CardTitle>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={LEVEL_BADGE[track.level]}>{track.level}</Badge>
                    <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
                      {track.lessons} lessons · {track.hours} hours
                    </p>
                  </div>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{track.description}</p>
                  <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={`${track.title} topics`}>
                    {track.topics.map((topic) => (
                      <li key={topic} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                        {topic}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="formats" className="mt-16">
        <h2 id="formats" className={sectionTitle}>
          {FORMATS_SECTION.title}
        </h2>
        <p className={lead}>{FORMATS_SECTION.lead}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {LEARNING_FORMATS.map((format) => (
            <li key={format.title} className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
              <h3 className="font-semibold">{format.title}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{format.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="progress" className="mt-16">
        <h2 id="progress" className={sectionTitle}>
          {PROGRESS_SECTION.title}
        </h2>
        <p className={lead}>{PROGRESS_SECTION.lead}</p>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {SAMPLE_COURSES.map((course) => (
            <CourseProgressCard key={course.id} course={course} />
          ))}
        </div>
      </section>

      <section
        aria-labelledby="certification"
        className="mt-16 rounded-2xl border border-blue-200 bg-blue-50 p-8 dark:border-blue-900 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="certification" className={sectionTitle}>
            {CERTIFICATION.title}
          </h2>
          <p className="text-sm font-semibold text-blue-800 dark:text-blue-300">
            Pass mark: {CERTIFICATION.thresholdPercent}% of the curriculum ({CERTIFICATION.requiredLessons} of{" "}
            {CURRICULUM_TOTALS.lessons} lessons)
          </p>
        </div>
        <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{CERTIFICATION.body}</p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-blue-700 dark:text-slate-300 dark:marker:text-blue-400">
          {CERTIFICATION.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <PlaceholderButton id="certification-info" action={CERTIFICATION.info} />
      </section>

      <section aria-labelledby="instructors" className="mt-16">
        <h2 id="instructors" className={sectionTitle}>
          {INSTRUCTORS_SECTION.title}
        </h2>
        <p className={lead}>{INSTRUCTORS_SECTION.lead}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {INSTRUCTOR_HIGHLIGHTS.map((instructor) => (
            <li key={instructor.role}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{instructor.role}</CardTitle>
                  <p className="text-sm text-slate-700 dark:text-slate-300">Teaches {instructor.teaches}</p>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{instructor.highlight}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="free-guide"
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="free-guide" className="text-xl font-bold">
            {FREE_GUIDE.title}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{FREE_GUIDE.body}</p>
          <PlaceholderButton id="free-guide-action" action={FREE_GUIDE.action} />
        </section>
        <section
          aria-labelledby="academy-cta"
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="academy-cta" className="text-xl font-bold">
            {ACADEMY_CTA.title}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{ACADEMY_CTA.body}</p>
          <ButtonLink to={ACADEMY_CTA.primary.to} size="lg" className="mt-6">
            {ACADEMY_CTA.primary.label}
          </ButtonLink>
        </section>
      </div>

      <p className="mt-10 text-xs leading-relaxed text-slate-700 dark:text-slate-300">{ACADEMY_DISCLAIMER}</p>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** A button the spec gives no action: disabled, with a visible note. */
function PlaceholderButton({ id, action }: { id: string; action: PlaceholderAction }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <Button variant="outline" disabled aria-describedby={`${id}-note`}>
        {action.label}
      </Button>
      <span id={`${id}-note`} className="text-sm text-slate-700 dark:text-slate-300">
        {action.note}
      </span>
    </div>
  );
}

const STATUS_STYLE: Record<LessonStatus, { marker: string; text: string }> = {
  done: { marker: "border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-500 dark:text-slate-950", text: "" },
  current: { marker: "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300", text: "font-semibold" },
  "not-started": { marker: "border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300", text: "" },
};

function CourseProgressCard({ course }: { course: SampleCourse }) {
  const progress = courseProgress(course);
  const titleId = `course-${course.id}`;
  const summary = `${progress.completed} of ${progress.total} lessons complete`;
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="course-progress">
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id={titleId}>{course.title}</CardTitle>
          <p className="text-2xl font-bold tabular-nums" data-testid="course-percent">
            {formatPercent(progress.percent)}
          </p>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>
        <progress
          max={100}
          value={progress.percent}
          aria-labelledby={titleId}
          aria-valuetext={`${formatPercent(progress.percent)}, ${summary}`}
          className={`mt-2 ${progressBarClass}`}
        >
          {formatPercent(progress.percent)}
        </progress>
      </CardHeader>
      <CardContent>
        <ol className="space-y-2" aria-label={`${course.title} lessons`}>
          {course.lessons.map((lesson, index) => {
            const style = STATUS_STYLE[lesson.status];
            return (
              <li
                key={lesson.title}
                className="flex items-center gap-3 text-sm"
                aria-current={lesson.status === "current" ? "step" : undefined}
                data-status={lesson.status}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${style.marker}`}
                >
                  {lesson.status === "done" ? "✓" : index + 1}
                </span>
                <span className={`min-w-0 flex-1 ${style.text}`}>{lesson.title}</span>
                <span className="shrink-0 text-xs text-slate-700 dark:text-slate-300">{LESSON_STATUS_LABEL[lesson.status]}</span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
