/**
 * /portal/education — the subscriber's learning area (spec section 2
 * "Education"): learning tracks with progress, a continue-learning lesson
 * list, track tabs, overall progress, achievements, quick actions and the
 * certification card. All of it is the hard-coded sample data of
 * ~/content/portal, computed in ~/domain/education; every percentage is computed from the lesson lists.
 *
 * Track tabs are plain links (`?track=<slug>`), so the page works without
 * JavaScript; the loader parses the parameter and falls back to the first
 * track. With JavaScript, links navigate client-side, the selected tab
 * switches optimistically during the navigation, and arrow keys move between tabs.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Achievements, CertificationCard, QuickActions } from "~/components/portal/education/side-cards";
import { ContinueLearning, LearningTracks, OverallProgressCard } from "~/components/portal/education/tracks";
import { muted } from "~/components/portal/styles";
import { usePendingSearchParams } from "~/components/ui/link-tabs";
import { EDUCATION_INTRO, EDUCATION_META, type TrackSlug } from "~/content/portal";
import { parseTrackParam } from "~/domain/education";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: EDUCATION_META.title },
  { name: "description", content: EDUCATION_META.description },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireViewer(request);
  const track = parseTrackParam(new URL(request.url).searchParams.get("track"));
  return json({ track }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The selected track: the pending navigation's (optimistic) while one to this page is under way. */
function useSelectedTrack(): TrackSlug {
  const { track } = useLoaderData<typeof loader>();
  const pending = usePendingSearchParams();
  return pending ? parseTrackParam(pending.get("track")) : track;
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
