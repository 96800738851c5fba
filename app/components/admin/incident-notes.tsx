/** /admin/incidents: the form that posts an incident note, and the posted notes with Resolve / Reopen. Native POST forms. */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ADMIN_INCIDENTS_PAGE as T, SEVERITY_LABELS } from "~/content/status";
import { INCIDENT_BODY_MAX, INCIDENT_TITLE_MAX } from "~/schemas/status";
import type { StatusIncidentView } from "~/schemas/api/status";

const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900";
const errorText = "mt-1 text-sm text-red-700 dark:text-red-400";

/** Field errors of the last post, by field name. */
type Errors = Partial<Record<"title" | "body" | "severity" | "id", string>>;

/** The new-note form. */
export function NewIncidentForm({ errors, values }: { errors: Errors; values: { title?: string; body?: string } }) {
  const field = (name: keyof Errors) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <Card className="mt-8">
      <CardHeader>
        <h2 className="text-xl font-semibold">{T.newTitle}</h2>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor="title" className="block text-sm font-medium">{T.titleLabel}</label>
            <input id="title" name="title" required maxLength={INCIDENT_TITLE_MAX} defaultValue={values.title} className={input} {...field("title")} />
            {errors.title ? <p id="title-error" className={errorText}>{errors.title}</p> : null}
          </div>
          <div>
            <label htmlFor="body" className="block text-sm font-medium">{T.bodyLabel}</label>
            <textarea id="body" name="body" required rows={4} maxLength={INCIDENT_BODY_MAX} defaultValue={values.body} className={input} {...field("body")} />
            {errors.body ? <p id="body-error" className={errorText}>{errors.body}</p> : null}
          </div>
          <div>
            <label htmlFor="severity" className="block text-sm font-medium">{T.severityLabel}</label>
            <select id="severity" name="severity" defaultValue="minor" className={input} {...field("severity")}>
              {Object.entries(SEVERITY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </select>
            {errors.severity ? <p id="severity-error" className={errorText}>{errors.severity}</p> : null}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="resolved" value="on" /> {T.resolvedLabel}
          </label>
          <div>
            <Button type="submit">{T.post}</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The posted notes, newest first, each with Resolve or Reopen. */
export function IncidentNotes({ incidents, error }: { incidents: StatusIncidentView[]; error?: string }) {
  return (
    <section aria-labelledby="incident-notes" className="mt-10">
      <h2 id="incident-notes" className="text-xl font-semibold">{T.listTitle}</h2>
      {error ? <p role="alert" className={errorText}>{error}</p> : null}
      {incidents.length === 0 ? <p className="mt-2 text-sm">{T.empty}</p> : null}
      <ul className="mt-4 space-y-3">
        {incidents.map((incident) => (
          <li key={incident.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="min-w-0">
              <p className="font-semibold">{incident.title}</p>
              <p className="text-xs text-slate-700 dark:text-slate-300">
                {SEVERITY_LABELS[incident.severity]} · {incident.resolved ? "Resolved" : "Ongoing"} · {incident.createdAt.slice(0, 16).replace("T", " ")} UTC
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="id" value={incident.id} />
              <Button type="submit" name="intent" value={incident.resolved ? "reopen" : "resolve"} variant="outline" size="sm">
                {incident.resolved ? T.reopen : T.resolve}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
