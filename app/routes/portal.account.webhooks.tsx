/**
 * /portal/account/webhooks — Webhooks: register endpoints (the signing secret
 * is shown once, in the action's reply), send a test event, rotate a secret,
 * delete, and each endpoint's delivery log with Redeliver. Forms post a
 * hidden `intent` handled by `handleIntent` with `webhookIntentSchema`; only
 * the viewer's endpoints and jobs are found.
 */
import { HelpLink } from "~/components/help/help-link";
import { HELP_LINKS } from "~/content/help-paths";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddEndpointCard, type AddedWebhookReply } from "~/components/account/webhooks/add-endpoint";
import { EndpointCard } from "~/components/account/webhooks/endpoint-card";
import { type IntentReplyData, UnknownIntentAlert } from "~/components/portal/intent-form";
import { WEBHOOK_NOT_FOUND_MESSAGE, WEBHOOK_TOASTS, WEBHOOKS_PAGE } from "~/content/delivery";
import { DELIVERY_EVENT_TYPES, MAX_WEBHOOKS_PER_USER, TEST_EVENT_TYPE, toDeliveryLogView } from "~/domain/delivery";
import { enqueueJob, getJob, listHeldTargets, listTargetDeliveries, redeliverJob, skipJob } from "~/models/outbox.server";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret, toWebhookView, WebhookLimitError, webhooksRefusal } from "~/models/webhooks.server";
import { webhookIntentSchema } from "~/schemas/webhooks";
import { webhookTargetProblem } from "~/services/channels/webhook-address.server";
import { testEventPayload } from "~/services/channels/webhook.server";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Webhooks | FX Trader" }];

/** A freshly shown secret may not be cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const PAGE = "/portal/account/webhooks";
const NO_STORE = { "Cache-Control": "no-store" };
/** Deliveries listed per endpoint. */
const LOG_ROWS = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request);
  const endpoints = listWebhooks(user.id).map((row) => ({
    ...toWebhookView(row),
    deliveries: listTargetDeliveries(user.id, "webhook", row.id, LOG_ROWS).map(({ job, attempts }) => toDeliveryLogView(job, attempts)),
    held: listHeldTargets({ userId: user.id, channel: "webhook", targetId: row.id }, 1).map((h) => ({ jobId: h.jobId, seq: h.seq, since: h.since.toISOString(), waiting: h.waiting }))[0] ?? null,
  }));
  const refusal = webhooksRefusal(user.id, user.role);
  return json({ endpoints, eventTypes: DELIVERY_EVENT_TYPES, max: MAX_WEBHOOKS_PER_USER, paused: refusal }, { headers: NO_STORE });
}

const notFound = (): IntentOutcome<AddedWebhookReply> => ({ formErrors: [WEBHOOK_NOT_FOUND_MESSAGE], status: 404 });

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireViewer(request);
  return handleIntent(request, webhookIntentSchema, async (value): Promise<IntentOutcome<AddedWebhookReply>> => {
    const now = new Date();
    switch (value.intent) {
      case "add": {
        const notIncluded = webhooksRefusal(user.id, user.role, now);
        if (notIncluded) return { formErrors: [notIncluded], status: 403 };
        const refusal = await webhookTargetProblem(value.url);
        if (refusal) return { fieldErrors: { url: [refusal] } };
        try {
          const { endpoint, secret } = createWebhook(user.id, { url: value.url, eventTypes: value.eventTypes }, now);
          return { data: { secret, url: endpoint.url, toast: WEBHOOK_TOASTS.added }, status: 201, headers: NO_STORE };
        } catch (error) {
          if (error instanceof WebhookLimitError) return { formErrors: [error.message], status: 409 };
          throw error;
        }
      }
      case "delete":
        return deleteWebhook(user.id, value.webhookId) ? { toast: WEBHOOK_TOASTS.deleted, redirectTo: PAGE } : notFound();
      case "test": {
        if (!getWebhook(user.id, value.webhookId)) return notFound();
        const notIncluded = webhooksRefusal(user.id, user.role, now);
        if (notIncluded) return { formErrors: [notIncluded], status: 403 };
        enqueueJob({ userId: user.id, channel: "webhook", targetId: value.webhookId, eventType: TEST_EVENT_TYPE, payload: testEventPayload(now), now });
        return { toast: WEBHOOK_TOASTS.tested, redirectTo: PAGE };
      }
      case "rotate":
        return rotateWebhookSecret(user.id, value.webhookId, now) ? { toast: WEBHOOK_TOASTS.rotated, redirectTo: PAGE } : notFound();
      case "redeliver": {
        const job = getJob(value.jobId);
        if (!job || job.channel !== "webhook" || job.targetId !== value.webhookId) return notFound();
        return redeliverJob(user.id, value.jobId, now) ? { toast: WEBHOOK_TOASTS.redelivered, redirectTo: PAGE } : notFound();
      }
      case "skip": {
        const job = getJob(value.jobId);
        if (!job || job.channel !== "webhook" || job.targetId !== value.webhookId) return notFound();
        return skipJob(user.id, value.jobId, now) ? { toast: WEBHOOK_TOASTS.skipped, redirectTo: PAGE } : notFound();
      }
    }
  });
}

export default function Webhooks() {
  const { endpoints, eventTypes, max, paused } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<AddedWebhookReply>;
  return (
    <div className="flex flex-col gap-6">
      <HelpLink slug={HELP_LINKS.webhooks} label="Help: webhooks and how to verify their signatures" />
      <UnknownIntentAlert reply={reply} />
      {paused ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {paused} {WEBHOOKS_PAGE.paused}
        </p>
      ) : null}
      <AddEndpointCard reply={reply} eventTypes={eventTypes} count={endpoints.length} max={max} />
      {endpoints.length === 0 ? <p className="text-slate-700 dark:text-slate-300">{WEBHOOKS_PAGE.none}</p> : null}
      {endpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
    </div>
  );
}
