/**
 * /admin/deliveries — the delivery pipeline for operators
 * (docs/decisions/0053-delivery-dashboard.md): per channel, the jobs of the
 * last 24 hours (sent, retrying, dead) with the publish-to-delivery latency
 * p50 and p99, and the dead jobs with a "Retry" form each (a native post,
 * answered with a redirect and a flash toast; JavaScript only enhances it).
 * Admins only: signed-out visitors are sent to sign in, other users get 403.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { DeadJobs } from "~/components/admin/dead-jobs";
import { DeliverySummary } from "~/components/admin/delivery-summary";
import { HeldTargets } from "~/components/admin/held-targets";
import { HostBreakers } from "~/components/admin/host-breakers";
import { type IntentReplyData, replyFormError, UnknownIntentAlert, useReplyToast } from "~/components/portal/intent-form";
import { buttonClass } from "~/components/ui/button";
import type { ToastMessage } from "~/components/ui/toast";
import { DEAD_JOBS_SHOWN, DELIVERIES_TEXT, DELIVERIES_TOASTS } from "~/content/admin-deliveries";
import { listDeadJobs, listHeldTargets, retryDeadJob, summarizeDeliveries } from "~/models/outbox.server";
import { listBreakers } from "~/models/delivery-breakers.server";
import { adminDeliveriesIntentSchema } from "~/schemas/admin-deliveries";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireAdminViewer } from "~/services/session.server";
import { listDriftNotices } from "~/models/projection-check.server";
import { ProjectionDriftBanner } from "~/components/admin/projection-drift-banner";

export const meta: MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 403 ? "Access denied | FX Trader" : "Deliveries | FX Trader Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminViewer(request);
  const now = new Date();
  const dead = listDeadJobs(DEAD_JOBS_SHOWN).map((job) => ({ ...job, createdAt: job.createdAt.toISOString() }));
  const held = listHeldTargets(null, DEAD_JOBS_SHOWN).map(({ userId: _userId, since, ...h }) => ({ ...h, since: since.toISOString() }));
  const breakers = listBreakers(new Date(now.getTime() - 3_600_000), DEAD_JOBS_SHOWN).map((b) => ({
    host: b.host,
    state: b.state,
    timeouts: b.timeouts,
    openedAt: b.openedAt?.toISOString() ?? null,
    retryAt: b.retryAt?.toISOString() ?? null,
    updatedAt: b.updatedAt.toISOString(),
  }));
  return json({ channels: summarizeDeliveries(now), dead, held, breakers, drift: listDriftNotices() }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A refused retry: the toast for JavaScript users (everyone sees the message above the table). */
type RetryRefusal = { toast: ToastMessage };

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminViewer(request);
  return handleIntent(request, adminDeliveriesIntentSchema, (value): IntentOutcome<RetryRefusal> => {
    if (retryDeadJob(value.jobId, new Date())) return { toast: DELIVERIES_TOASTS.retried, redirectTo: "/admin/deliveries" };
    const toast = DELIVERIES_TOASTS.notDead;
    return { formErrors: [toast.description], data: { toast }, status: 409 };
  });
}

export default function AdminDeliveries() {
  const { channels, dead, held, breakers, drift } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<RetryRefusal>;
  useReplyToast(reply);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <ProjectionDriftBanner drift={drift} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{DELIVERIES_TEXT.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.intro}</p>
        </div>
        <Link to="/admin/signals" className={buttonClass("outline", "sm")}>
          Admin signals
        </Link>
      </header>
      <div className="mt-4">
        <UnknownIntentAlert reply={reply} />
      </div>
      <DeliverySummary channels={channels} />
      <HostBreakers breakers={breakers} />
      <HeldTargets held={held} />
      <DeadJobs jobs={dead} error={replyFormError(reply) ?? reply?.submission.error?.jobId?.[0] ?? undefined} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPage failed="The deliveries could not be loaded. Please try again." />;
}
