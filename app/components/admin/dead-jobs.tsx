/** /admin/deliveries: the dead jobs, each with a "Retry" form (a native post, so it works without JavaScript). */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { CHANNEL_LABELS, DELIVERIES_TEXT } from "~/content/admin-deliveries";
import { formatDateTime } from "~/domain/signal-display";

/** A dead job as the loader sends it (times ISO 8601 UTC). */
export interface DeadJobRow {
  id: number;
  channel: string;
  eventType: string;
  signalId: number | null;
  userEmail: string;
  attempts: number;
  lastError: string | null;
  lastStatusCode: number | null;
  createdAt: string;
}

function RetryForm({ jobId }: { jobId: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("jobId") === String(jobId);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="jobId" value={jobId} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${DELIVERIES_TEXT.retry} job ${jobId}`}>
        {busy ? DELIVERIES_TEXT.retrying : DELIVERIES_TEXT.retry}
      </Button>
    </Form>
  );
}

/** The dead jobs table, newest first; `error` is a refused retry's message. */
export function DeadJobs({ jobs, error }: { jobs: readonly DeadJobRow[]; error?: string }) {
  return (
    <section aria-labelledby="dead-jobs-title" className="mt-10">
      <h2 id="dead-jobs-title" className="text-xl font-semibold">
        {DELIVERIES_TEXT.deadTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{DELIVERIES_TEXT.deadIntro}</p>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
      {jobs.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
          {DELIVERIES_TEXT.noDead}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-sm" data-testid="dead-jobs">
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-600">
                <th scope="col" className="px-3 py-2">Job</th>
                <th scope="col" className="px-3 py-2">Channel</th>
                <th scope="col" className="px-3 py-2">Event</th>
                <th scope="col" className="px-3 py-2">Recipient</th>
                <th scope="col" className="px-3 py-2">Attempts</th>
                <th scope="col" className="px-3 py-2">Last error</th>
                <th scope="col" className="px-3 py-2">Created</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-b border-slate-200 align-top dark:border-slate-700" data-testid={`dead-job-${job.id}`}>
                  <td className="px-3 py-2 tabular-nums">{job.id}</td>
                  <td className="px-3 py-2">{CHANNEL_LABELS[job.channel] ?? job.channel}</td>
                  <td className="px-3 py-2">
                    {job.eventType}
                    {job.signalId !== null ? <span className="block text-slate-600 dark:text-slate-400">signal {job.signalId}</span> : null}
                  </td>
                  <td className="px-3 py-2 break-all">{job.userEmail}</td>
                  <td className="px-3 py-2 tabular-nums">{job.attempts}</td>
                  <td className="px-3 py-2 break-words">
                    {job.lastStatusCode !== null ? `HTTP ${job.lastStatusCode}` : null}
                    {job.lastStatusCode !== null && job.lastError ? " · " : null}
                    {job.lastError}
                  </td>
                  <td className="px-3 py-2">
                    <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <RetryForm jobId={job.id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
