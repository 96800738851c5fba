/**
 * /academy — curriculum tracks, learning formats, certification, sample
 * course progress and instructor highlights (spec sections 2 "Academy",
 * 3 "Academy tracks", 4 "Sample course progress"). 'Certification Info' and
 * 'Free Guide' are disabled placeholders (docs/decisions/marketing-placeholders.md).
 */
import type { MetaFunction } from "@remix-run/node";
import { CtaButton, CtaCard, FeatureCard, MarketingSection, PageHeader, TileList } from "~/components/marketing";
import { PlaceholderButton } from "~/components/placeholder-button";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  ACADEMY_CTA,
  ACADEMY_DISCLAIMER,
  ACADEMY_INTRO,
  ACADEMY_META,
  ACADEMY_TRACKS,
  CERTIFICATION,
  CURRICULUM_TOTALS,
  FORMATS_SECTION,
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
import { courseProgress, formatPercent } from "~/domain/course-progress";
import { pageMeta } from "~/domain/page-meta";
import { progressBarClass } from "~/components/ui/progress";

export const meta: MetaFunction = () => pageMeta(ACADEMY_META.title, ACADEMY_META.description);

const LEVEL_BADGE: Record<TrackLevel, BadgeVariant> = {
  Beginner: "secondary",
  Intermediate: "default",
  Advanced: "outline",
};

export default function Academy() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={ACADEMY_INTRO.title} lead={ACADEMY_INTRO.lead}>
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3">
          <Stat label="Tracks" value={String(ACADEMY_TRACKS.length)} />
          <Stat label="Lessons" value={String(CURRICULUM_TOTALS.lessons)} />
          <Stat label="Hours" value={String(CURRICULUM_TOTALS.hours)} />
        </dl>
      </PageHeader>

      <MarketingSection id="tracks" title={TRACKS_SECTION.title} lead={TRACKS_SECTION.lead} className="mt-14">
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
      </MarketingSection>

      <MarketingSection id="formats" title={FORMATS_SECTION.title} lead={FORMATS_SECTION.lead}>
        <TileList items={LEARNING_FORMATS} className="mt-6 sm:grid-cols-2 lg:grid-cols-3" />
      </MarketingSection>

      <MarketingSection id="progress" title={PROGRESS_SECTION.title} lead={PROGRESS_SECTION.lead}>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {SAMPLE_COURSES.map((course) => (
            <CourseProgressCard key={course.id} course={course} />
          ))}
        </div>
      </MarketingSection>

      <section
        aria-labelledby="certification"
        className="mt-16 rounded-2xl border border-blue-200 bg-blue-50 p-8 dark:border-blue-900 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="certification" className="text-2xl font-bold tracking-tight">
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
        <PlaceholderButton noteId="certification-info-note" action={CERTIFICATION.info} className="mt-6" />
      </section>

      <MarketingSection id="instructors" title={INSTRUCTORS_SECTION.title} lead={INSTRUCTORS_SECTION.lead}>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {INSTRUCTOR_HIGHLIGHTS.map((instructor) => (
            <li key={instructor.role}>
              <FeatureCard title={instructor.role} subtitle={`Teaches ${instructor.teaches}`} description={instructor.highlight} />
            </li>
          ))}
        </ul>
      </MarketingSection>

      <div className="mt-16 grid gap-6 md:grid-cols-2">
        <CtaCard id="free-guide" title={FREE_GUIDE.title} body={FREE_GUIDE.body}>
          <PlaceholderButton noteId="free-guide-action-note" action={FREE_GUIDE.action} className="mt-6" />
        </CtaCard>
        <CtaCard id="academy-cta" title={ACADEMY_CTA.title} body={ACADEMY_CTA.body}>
          <CtaButton action={ACADEMY_CTA.primary} size="lg" className="mt-6" />
        </CtaCard>
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
