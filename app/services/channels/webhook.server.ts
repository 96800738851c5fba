/**
 * The webhook channel (docs/decisions/0045-webhook-signing-and-ssrf.md): a
 * POST of `{type, timestamp, data}` signed with the `standardwebhooks`
 * library — `webhook-id` is the job's message id (the same on every retry and
 * redelivery), `webhook-timestamp` the send time, `webhook-signature` one
 * `v1,` signature per live secret (two during a rotation's overlap). The
 * target is checked again at each send (`webhookUrlProblem`, and a lookup that
 * refuses private addresses); 10 s timeout (reported as `timedOut` for the
 * worker's per-host circuit breaker, `hostOf`); only 2xx counts.
 */
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import type { DeliveryJob } from "../../../db/schema";
import { eventId, WEBHOOK_TIMEOUT_MS, webhookMessageId } from "~/domain/delivery";
import { webhookUrlProblem } from "~/domain/webhook-address";
import { getWebhookById, signingSecrets } from "~/models/webhooks.server";
import { TEST_EVENT_MESSAGE } from "~/content/delivery";
import { allowPrivateTargets } from "./webhook-address.server";
import { guardedPost } from "./guarded-post.server";
import { jobEventData } from "./event-data.server";
import type { ChannelAdapter, SendResult } from "./types";

/** The JSON body of a webhook job at `now`, or null when its event is gone. */
export function webhookBody(job: DeliveryJob, now: Date): { type: string; timestamp: string; data: unknown } | null {
  if (job.seq === null) {
    return { type: job.eventType, timestamp: now.toISOString(), data: job.payload ? JSON.parse(job.payload) : {} };
  }
  const found = jobEventData(job, now);
  if (!found) return null;
  const { event, signal } = found;
  return {
    type: job.eventType,
    timestamp: event.occurredAt.toISOString(),
    data: { eventId: eventId(event.seq), seq: event.seq, hash: event.hash, checkpoint: event.checkpoint, signal },
  };
}

/** The payload of a test event. */
export function testEventPayload(now: Date): { message: string; sentAt: string } {
  return { message: TEST_EVENT_MESSAGE, sentAt: now.toISOString() };
}

/** `webhook-signature`: the signatures of every secret, space-separated (Standard Webhooks). */
export function signatureHeader(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" ");
}


interface Agents {
  http: http.Agent;
  https: https.Agent;
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

function describeError(error: unknown, timeoutMs: number): string {
  const e = error as NodeJS.ErrnoException & { name?: string };
  if (isTimeout(error)) return `No answer within ${timeoutMs / 1000} s`;
  return e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? error);
}

/**
 * The webhook channel.
 * @param options.timeoutMs request timeout (default WEBHOOK_TIMEOUT_MS, 10 s).
 * @param options.allowPrivate lift the address rules (default: WEBHOOK_ALLOW_PRIVATE).
 */
export function createWebhookChannel(options: { timeoutMs?: number; allowPrivate?: boolean } = {}): ChannelAdapter {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const agents: Agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return {
    async send(job: DeliveryJob, now: Date): Promise<SendResult> {
      const endpoint = getWebhookById(job.targetId);
      if (!endpoint || endpoint.disabledAt) {
        return { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: "The endpoint was deleted or disabled" };
      }
      const allowPrivate = options.allowPrivate ?? allowPrivateTargets();
      const problem = webhookUrlProblem(endpoint.url, allowPrivate);
      if (problem) return { ok: false, statusCode: null, responseExcerpt: null, error: problem };
      const payload = webhookBody(job, now);
      if (!payload) return { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: "The event is no longer in the ledger" };
      const body = JSON.stringify(payload);
      const messageId = webhookMessageId(job.id);
      const headers = {
        "webhook-id": messageId,
        "webhook-timestamp": Math.floor(now.getTime() / 1000).toString(),
        "webhook-signature": signatureHeader(signingSecrets(endpoint, now), messageId, now, body),
      };
      try {
        const answer = await guardedPost(
          new URL(endpoint.url),
          body,
          { ...headers, "content-type": "application/json", "user-agent": "FX-Trader-Webhooks/1" },
          { timeoutMs, guard: !allowPrivate, agents },
        );
        const ok = answer.statusCode >= 200 && answer.statusCode < 300;
        return { ok, statusCode: answer.statusCode, responseExcerpt: answer.body, error: ok ? null : `HTTP ${answer.statusCode}` };
      } catch (error) {
        return { ok: false, statusCode: null, responseExcerpt: null, error: describeError(error, timeoutMs), timedOut: isTimeout(error) };
      }
    },
    hostOf(job: DeliveryJob): string | null {
      const endpoint = getWebhookById(job.targetId);
      if (!endpoint) return null;
      try {
        return new URL(endpoint.url).host;
      } catch {
        return null;
      }
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

