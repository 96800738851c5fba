/**
 * /admin/incidents — admins post incident notes (title, body, severity,
 * resolved) that show on /status and in /status.rss, and mark them resolved
 * or reopen them. Native POST forms answered with a redirect and a toast.
 * Admins only: signed-out visitors are sent to sign in, other users get 403.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { IncidentNotes, NewIncidentForm } from "~/components/admin/incident-notes";
import { type IntentReplyData, UnknownIntentAlert } from "~/components/portal/intent-form";
import { buttonClass } from "~/components/ui/button";
import { ADMIN_INCIDENTS_PAGE as T, ADMIN_INCIDENTS_PATH, STATUS_PATH } from "~/content/status";
import { createIncident, listIncidents, setIncidentResolved } from "~/models/status.server";
import { incidentIntentSchema } from "~/schemas/status";
import { handleIntent } from "~/services/form-intent.server";
import { requireAdminViewer } from "~/services/session.server";
import { listDriftNotices } from "~/models/projection-check.server";
import { ProjectionDriftBanner } from "~/components/admin/projection-drift-banner";
import { INCIDENTS_SHOWN, incidentView } from "~/services/status.server";

export const meta: MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 403 ? "Access denied | FX Trader" : `${T.title} | FX Trader Admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminViewer(request);
  return json({ incidents: listIncidents(INCIDENTS_SHOWN).map(incidentView), drift: listDriftNotices() }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminViewer(request);
  const now = new Date();
  return handleIntent(request, incidentIntentSchema, (value) => {
    if (value.intent === "create") {
      createIncident({ title: value.title, body: value.body, severity: value.severity, resolved: value.resolved }, now);
      return { toast: T.posted, redirectTo: ADMIN_INCIDENTS_PATH };
    }
    if (!setIncidentResolved(value.id, value.intent === "resolve", now)) return { formErrors: [T.notFound], status: 404 };
    return { toast: T.updated, redirectTo: ADMIN_INCIDENTS_PATH };
  });
}

export default function AdminIncidents() {
  const { incidents, drift } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData;
  const errors = reply?.submission.error ?? {};
  const values = (reply?.intent === "create" ? reply.submission.initialValue : undefined) as { title?: string; body?: string } | undefined;
  const first = (name: string) => errors[name]?.[0] ?? undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <ProjectionDriftBanner drift={drift} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{T.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{T.lead}</p>
        </div>
        <Link to={STATUS_PATH} className={buttonClass("outline", "sm")}>
          Status page
        </Link>
      </header>
      <div className="mt-4">
        <UnknownIntentAlert reply={reply} />
      </div>
      <NewIncidentForm errors={{ title: first("title"), body: first("body"), severity: first("severity") }} values={values ?? {}} />
      <IncidentNotes incidents={incidents} error={first("") ?? first("id")} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPage failed="The incident notes could not be loaded. Please try again." />;
}
