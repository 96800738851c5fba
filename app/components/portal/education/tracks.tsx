/** The Education page's track sections: overall progress, learning tracks, continue learning with track tabs. */
import { Link } from "@remix-run/react";
import { muted } from "~/components/portal/styles";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { LinkTabs, TabPanel, tabId } from "~/components/ui/link-tabs";
import { formatPercent } from "~/domain/course-progress";
import type { TrackSlug } from "~/content/portal";
import {
  currentLesson,
  educationHref,
  getPortalTrack,
  inProgressCourses,
  overallProgress,
  PORTAL_TRACKS,
  progressSummary,
  TRACK_TABS,
  trackProgress,
} from "~/domain/education";
import { CourseBlock, ProgressBar } from "./course-progress";

/** The id of the Continue Learning section, which track tab links jump to. */
const CONTINUE_ID = "continue-learning";

const linkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

/** A track tab's link, jumping to the continue-learning section. */
function tabHref(slug: TrackSlug): string {
  return `${educationHref(slug)}#${CONTINUE_ID}`;
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

/** Overall progress across the four tracks, with each track's percentage. */
export function OverallProgressCard() {
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

/** The four learning tracks as cards with their progress. */
export function LearningTracks() {
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

/** Continue Learning: the courses in progress and the selected track's courses behind track tabs. */
export function ContinueLearning({ selected }: { selected: TrackSlug }) {
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

