/**
 * /status — the Status Page: every component's status by the rules of
 * docs/decisions/0135 (the same report as GET /api/status), delivery by
 * channel, the scheduled jobs and the incident notes (also /status.rss).
 * Public, and measured per request; nothing private is shown.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/marketing";
import { ChannelTable, ComponentTable, IncidentList, JobTable, OverallBanner } from "~/components/status/status-parts";
import { HELP_PATH } from "~/content/help-center";
import { ADMIN_INCIDENTS_PATH, STATUS_PAGE, STATUS_RSS_PATH } from "~/content/status";
import { pageMeta } from "~/domain/page-meta";
import { getViewer } from "~/services/session.server";
import { statusReport } from "~/services/status.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  return json({ report: statusReport(new Date()), isAdmin: viewer?.user.role === "admin" }, { headers: { "Cache-Control": "no-store" } });
}

/** Measured per request: never kept by the page cache or a browser. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => [
  ...pageMeta(STATUS_PAGE.title, STATUS_PAGE.description),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: STATUS_PAGE.rss, href: STATUS_RSS_PATH },
];

const linkClass = "text-blue-700 underline dark:text-blue-400";

export default function StatusPage() {
  const { report, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader title={STATUS_PAGE.title} lead={STATUS_PAGE.lead}>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={STATUS_RSS_PATH} className={linkClass}>{STATUS_PAGE.rss}</a>
          <a href="/api/status" className={linkClass}>{STATUS_PAGE.api}</a>
          <Link to={HELP_PATH} className={linkClass}>{STATUS_PAGE.helpLink}</Link>
          {isAdmin ? <Link to={ADMIN_INCIDENTS_PATH} className={linkClass}>{STATUS_PAGE.adminLink}</Link> : null}
        </p>
      </PageHeader>
      <OverallBanner status={report.status} checkedAt={report.checkedAt} />
      <IncidentList incidents={report.incidents} />
      <ComponentTable components={report.components} />
      <ChannelTable channels={report.components.channels} />
      <JobTable jobs={report.components.scheduler.jobs} status={report.components.scheduler.status} />
    </div>
  );
}
