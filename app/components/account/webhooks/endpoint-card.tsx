/** Account → Webhooks: one endpoint with its actions (test, rotate, delete) and its delivery log with Redeliver. */
import { Form } from "@remix-run/react";
import type { DeliveryLogView } from "~/domain/delivery";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { WEBHOOKS_PAGE } from "~/content/delivery";

export interface EndpointView {
  id: number;
  url: string;
  eventTypes: string[];
  disabledAt: string | null;
  previousSecretExpiresAt: string | null;
  deliveries: DeliveryLogView[];
  /** The undelivered event holding later ones back, or null. */
  held: { jobId: number; seq: number; since: string; waiting: number } | null;
}

function IntentButton({ intent, webhookId, jobId, label, variant = "outline" }: { intent: string; webhookId: number; jobId?: number; label: string; variant?: "outline" | "destructive" }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="webhookId" value={webhookId} />
      {jobId !== undefined ? <input type="hidden" name="jobId" value={jobId} /> : null}
      <Button type="submit" size="sm" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

function DeliveryLog({ endpointId, deliveries }: { endpointId: number; deliveries: DeliveryLogView[] }) {
  if (deliveries.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">{WEBHOOKS_PAGE.logEmpty}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid={`delivery-log-${endpointId}`}>
      <caption className="sr-only">{WEBHOOKS_PAGE.logTitle}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th className="py-2 pr-3">Time</th>
          <th className="py-2 pr-3">Event</th>
          <th className="py-2 pr-3">Status</th>
          <th className="py-2 pr-3">Attempt</th>
          <th className="py-2 pr-3">Latency</th>
          <th className="py-2 pr-3">Response</th>
          <th className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => {
          const last = d.log[0];
          return (
            <tr key={d.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="py-2 pr-3 whitespace-nowrap">{(last?.at ?? d.createdAt).replace("T", " ").slice(0, 19)} UTC</td>
              <td className="py-2 pr-3">
                <code>{d.eventType}</code>
              </td>
              <td className="py-2 pr-3">
                {d.status}
                {last?.statusCode ? ` (${last.statusCode})` : ""}
              </td>
              <td className="py-2 pr-3">{d.attempts}</td>
              <td className="py-2 pr-3">{last ? `${last.latencyMs} ms` : "—"}</td>
              <td className="max-w-xs truncate py-2 pr-3" title={last?.responseExcerpt ?? last?.error ?? ""}>
                {last?.responseExcerpt ?? last?.error ?? "—"}
              </td>
              <td className="py-2">{d.status === "sending" ? null : <IntentButton intent="redeliver" webhookId={endpointId} jobId={d.id} label={WEBHOOKS_PAGE.redeliver} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function EndpointCard({ endpoint }: { endpoint: EndpointView }) {
  return (
    <Card data-testid="webhook-endpoint">
      <CardHeader>
        <h3 className="font-mono text-base font-semibold break-all">{endpoint.url}</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{endpoint.eventTypes.join(", ")}</p>
        {endpoint.disabledAt ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{WEBHOOKS_PAGE.disabled}</p> : null}
        {endpoint.held ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="held-behind">
            <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
              {WEBHOOKS_PAGE.heldBehind(endpoint.held.seq, endpoint.held.since.replace("T", " ").slice(0, 19), endpoint.held.waiting)}
            </p>
            <IntentButton intent="skip" webhookId={endpoint.id} jobId={endpoint.held.jobId} label={WEBHOOKS_PAGE.skip} />
          </div>
        ) : null}
        {endpoint.previousSecretExpiresAt ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {WEBHOOKS_PAGE.overlap} {endpoint.previousSecretExpiresAt.replace("T", " ").slice(0, 16)} UTC.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <IntentButton intent="test" webhookId={endpoint.id} label={WEBHOOKS_PAGE.test} />
          <IntentButton intent="rotate" webhookId={endpoint.id} label={WEBHOOKS_PAGE.rotate} />
          <IntentButton intent="delete" webhookId={endpoint.id} label={WEBHOOKS_PAGE.delete} variant="destructive" />
        </div>
        <h4 className="font-semibold">{WEBHOOKS_PAGE.logTitle}</h4>
        <DeliveryLog endpointId={endpoint.id} deliveries={endpoint.deliveries} />
      </CardContent>
    </Card>
  );
}
