/**
 * /portal/education — the subscriber's learning area (spec section 2
 * "Education"): learning tracks with progress, a continue-learning lesson
 * list, track tabs, overall progress, achievements, quick actions and the
 * certification card. All of it is the hard-coded sample data of
 * ~/content/portal; every percentage is computed from the lesson lists.
 *
 * Track tabs are plain links (`?track=<slug>`), so the page works without
 * JavaScript; the loader parses the parameter and falls back to the first
 * track. With JavaScript, links navigate client-side, the selected tab
 * switches optimistically during the navigation, and arrow keys move between tabs.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { LinkTabs, TabPanel, tabId, usePendingSearchParams } from "~/components/ui/link-tabs";
import {
  achievements,
  certificationStatus,
  courseProgress,
  currentLesson,
  EDUCATION_INTRO,
  EDUCATION_META,
  educationHref,
  formatPercent,
  getPortalTrack,
  inProgressCourses,
  LESSON_STATUS_LABEL,
  overallProgress,
  parseTrackParam,
  PORTAL_TRACKS,
  PROGRESS_MAX,
  progressSummary,
  QUICK_ACTIONS,
  TRACK_TABS,
  trackProgress,
  type LessonStatus,
  type SampleCourse,
  type TrackSlug,
} from "~/content/portal";
import { requireViewer } from "~/services/session.server";
import { progressBarClass } from "~/components/ui/progress";

export const meta: MetaFunction = () => [
  { title: EDUCATION_META.title },
  { name: "description", content: EDUCATION_META.description },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireViewer(request);
  const track = parseTrackParam(new URL(request.url).searchParams.get("track"));
  return json({ track }, { headers: { "Cache-Control": "private, no-store" } });
}

const CONTINUE_ID = "continue-learning";
const muted = "text-slate-700 dark:text-slate-300";
const linkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

/** A track tab's link, jumping to the continue-learning section. */
function tabHref(slug: TrackSlug): string {
  return `${educationHref(slug)}#${CONTINUE_ID}`;
}

/** The selected track: the pending navigation's (optimistic) while one to this page is under way. */
function useSelectedTrack(): TrackSlug {
  const { track } = useLoaderData<typeof loader>();
  const pending = usePendingSearchParams();
  return pending ? parseTrackParam(pending.get("track")) : track;
}

function ProgressBar({ percent, labelledBy, valueText }: { percent: number; labelledBy: string; valueText: string }) {
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

function CourseBlock({ course }: { course: SampleCourse }) {
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

const TAB_ID_PREFIX = "track-tab";

function trackPanelId(slug: TrackSlug): string {
  return `track-panel-${slug}`;
}

function TrackTabs({ selected }: { selected: TrackSlug }) {
  return (
    <LinkTabs
      label="Learning tracks"
      tabs={TRACK_TABS.map((tab) => ({
        id: tab.slug,
        label: tab.label,
        to: tabHref(tab.slug),
        testId: tabId(TAB_ID_PREFIX, tab.slug),
      }))}
      selected={selected}
      idPrefix={TAB_ID_PREFIX}
      panelId={trackPanelId(selected)}
      variant="pills"
      activation="automatic"
      replace
      className="grid-cols-2 sm:grid-cols-4"
      tabClassName="flex items-center justify-center px-3 py-2"
    />
  );
}

function OverallProgressCard() {
  const overall = overallProgress();
  const summary = progressSummary(overall);
  return (
    <Card role="region" aria-labelledby="overall-progress" data-testid="overall-progress">
      <CardContent className="pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="overall-progress" className="text-lg font-semibold">
            Overall Progress
          </h2>
          <p className="text-3xl font-bold tabular-nums">{formatPercent(overall.percent)}</p>
        </div>
        <p className={`mb-2 text-sm ${muted}`}>{summary} across all four tracks</p>
        <ProgressBar
          percent={overall.percent}
          labelledBy="overall-progress"
          valueText={`${formatPercent(overall.percent)}, ${summary}`}
        />
        <ul className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {PORTAL_TRACKS.map((track) => {
            const progress = trackProgress(track);
            return (
              <li key={track.slug} className="min-w-0">
                <span className={`block text-xs ${muted}`}>{track.title}</span>
                <span className="font-semibold tabular-nums">{formatPercent(progress.percent)}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function LearningTracks() {
  return (
    <section aria-labelledby="learning-tracks">
      <h2 id="learning-tracks" className="text-xl font-semibold">
        Learning Tracks
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {PORTAL_TRACKS.map((track) => {
          const progress = trackProgress(track);
          const titleId = `track-${track.slug}-title`;
          const summary = progressSummary(progress);
          return (
            <li key={track.slug}>
              <Card className="flex h-full flex-col p-5" data-testid="learning-track">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 id={titleId} className="font-semibold">
                    {track.title}
                  </h3>
                  <Badge variant="secondary">{track.level}</Badge>
                </div>
                <p className={`mt-1 text-sm ${muted}`}>{track.description}</p>
                <div className="mt-auto pt-4">
                  <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
                    <span className={muted}>
                      {progress.total} lessons · {track.hours} hours
                    </span>
                    <span className="font-semibold tabular-nums">{formatPercent(progress.percent)}</span>
                  </div>
                  <ProgressBar percent={progress.percent} labelledBy={titleId} valueText={`${formatPercent(progress.percent)}, ${summary}`} />
                  <p className={`mt-2 text-xs ${muted}`}>{summary}</p>
                  <Link to={tabHref(track.slug)} preventScrollReset className={`mt-3 inline-block text-sm ${linkClass}`}>
                    View lessons<span className="sr-only"> of {track.title}</span>
                  </Link>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ContinueLearning({ selected }: { selected: TrackSlug }) {
  const track = getPortalTrack(selected);
  const resume = inProgressCourses();
  return (
    <section aria-labelledby={`${CONTINUE_ID}-title`} id={CONTINUE_ID} className="scroll-mt-24">
      <h2 id={`${CONTINUE_ID}-title`} className="text-xl font-semibold">
        Continue Learning
      </h2>
      {resume.length > 0 ? (
        <Card className="mt-4 p-5" data-testid="resume-list">
          <p className="text-sm font-semibold">Pick up where you left off</p>
          <ul className="mt-3 flex flex-col gap-3">
            {resume.map(({ track: owner, course }) => (
              <li key={course.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium">
                    {course.title}
                    {owner.title === course.title ? null : <span className={`font-normal ${muted}`}> · {owner.title}</span>}
                  </span>
                  <span className={`block ${muted}`}>
                    <span aria-hidden="true">▶ </span>Up next: {currentLesson(course)?.title}
                  </span>
                </span>
                <Link to={tabHref(owner.slug)} preventScrollReset className={linkClass}>
                  Continue<span className="sr-only"> {course.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <div className="mt-4">
        <TrackTabs selected={selected} />
      </div>
      <TabPanel
        id={trackPanelId(track.slug)}
        labelledBy={tabId(TAB_ID_PREFIX, track.slug)}
        data-testid={trackPanelId(track.slug)}
        className="mt-4 flex flex-col gap-4 rounded-lg"
      >
        <p className={`text-sm ${muted}`}>
          {track.title}: {track.level}, {trackProgress(track).total} lessons, {track.hours} hours.
        </p>
        {track.courses.map((course) => (
          <CourseBlock key={course.id} course={course} />
        ))}
      </TabPanel>
    </section>
  );
}

function CertificationCard() {
  const status = certificationStatus();
  const summary = `${formatPercent(status.percent)} of the curriculum complete; certification needs ${status.thresholdPercent}%`;
  return (
    <Card role="region" aria-labelledby="certification" className="p-5" data-testid="certification-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="certification" className="text-lg font-semibold">
          Certification
        </h2>
        {status.eligible ? <Badge variant="success">Eligible</Badge> : <Badge variant="outline">In progress</Badge>}
      </div>
      <p className="mt-1 font-medium">{status.title}</p>
      <p className={`mt-2 text-sm ${muted}`}>Certification needs {status.thresholdPercent}% of the curriculum.</p>
      <div className="mt-4 mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span id="certification-progress-label" className={muted}>
          Your progress
        </span>
        <span className="font-semibold tabular-nums">
          {formatPercent(status.percent)} / {status.thresholdPercent}%
        </span>
      </div>
      <ProgressBar percent={status.percent} labelledBy="certification-progress-label" valueText={summary} />
      <p className={`mt-3 text-sm ${muted}`} data-testid="certification-remaining">
        {status.eligible
          ? "You have completed enough of the curriculum to earn the certification."
          : `${status.lessonsToGo} more lessons to go: ${status.requiredLessons} of ${status.totalLessons} lessons needed.`}
      </p>
    </Card>
  );
}

function Achievements() {
  const list = achievements();
  const earned = list.filter((a) => a.earned).length;
  return (
    <Card role="region" aria-labelledby="achievements" className="p-5" data-testid="achievements">
      <h2 id="achievements" className="text-lg font-semibold">
        Achievements
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        {earned} of {list.length} earned
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {list.map((achievement) => (
          <li key={achievement.id} className="flex items-start gap-3 text-sm" data-earned={achievement.earned}>
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-sm ${
                achievement.earned
                  ? "border-amber-500 bg-amber-300 text-amber-950"
                  : "border-dashed border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300"
              }`}
            >
              {achievement.earned ? "★" : "☆"}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{achievement.title}</span>
              <span className={`block text-xs ${muted}`}>{achievement.description}</span>
            </span>
            <span
              className={`shrink-0 text-xs font-medium ${
                achievement.earned ? "text-green-800 dark:text-green-300" : muted
              }`}
            >
              {achievement.earned ? "Earned" : "Not yet earned"}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function QuickActions() {
  return (
    <Card role="region" aria-labelledby="quick-actions" className="p-5" data-testid="quick-actions">
      <h2 id="quick-actions" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.to} className="text-sm">
            <Link to={action.to} className={linkClass}>
              {action.label}
            </Link>
            <span className={`block text-xs ${muted}`}>{action.description}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function PortalEducation() {
  const selected = useSelectedTrack();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{EDUCATION_INTRO.title}</h1>
        <p className={`mt-3 text-lg ${muted}`}>{EDUCATION_INTRO.lead}</p>
        <p
          role="note"
          className="mt-4 inline-block rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {EDUCATION_INTRO.sampleNote}
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-10 lg:col-span-2">
          <OverallProgressCard />
          <LearningTracks />
          <ContinueLearning selected={selected} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CertificationCard />
          <Achievements />
          <QuickActions />
        </div>
      </div>

      <p className={`mt-12 border-t border-slate-200 pt-4 text-xs dark:border-slate-700 ${muted}`}>{EDUCATION_INTRO.disclaimer}</p>
    </div>
  );
}
