/**
 * The Web Push channel (docs/decisions/0055-web-push.md): one notification
 * per signal event and push subscription, encrypted for the subscription's
 * keys (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292) by the
 * `web-push` library, then POSTed to the browser's push service (RFC 8030)
 * through the same address checks as webhooks (no private targets unless
 * WEBHOOK_ALLOW_PRIVATE=1). A subscription the push service calls gone
 * (404, 410) is deleted.
 */
import webpush from "web-push";
import type { DeliveryJob } from "../../../db/schema";
import { eventId, WEBHOOK_TIMEOUT_MS } from "~/domain/delivery";
import { webhookUrlProblem } from "~/domain/webhook-address";
import { EVENT_HEADLINES } from "~/content/delivery";
import { getStrategyById } from "~/models/strategies.server";
import { deletePushSubscription, getPushSubscription } from "~/models/push-subscriptions.server";
import { vapidConfig } from "~/platform/env.server";
import { appOrigin } from "~/services/auth.server";
import { jobEventData } from "./event-data.server";
import type { ChannelAdapter, SendResult } from "./types";
import { allowPrivateTargets } from "./webhook-address.server";
import { guardedPost } from "./guarded-post.server";

/** How long the push service keeps an undelivered notification (s): a day, then it is stale. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** What the service worker shows: the title, the body line and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  eventId: string;
}

/** web-push's request headers as strings, without Content-Length (the POST sets it from the body). */
function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-length").map(([name, value]) => [name, String(value)]));
}

function fail(error: string, permanent = false, statusCode: number | null = null, responseExcerpt: string | null = null): SendResult {
  return { ok: false, permanent, statusCode, responseExcerpt, error };
}


/** The push channel: ledger jobs whose target is a push subscription id. */
export function createPushChannel(): ChannelAdapter {
  return {
    async send(job: DeliveryJob, now: Date): Promise<SendResult> {
      const vapid = vapidConfig();
      if (!vapid) return fail("Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT)", true);
      const subscription = getPushSubscription(job.targetId);
      if (!subscription || subscription.userId !== job.userId) return fail("The push subscription no longer exists", true);
      const allowPrivate = allowPrivateTargets();
      const problem = webhookUrlProblem(subscription.endpoint, allowPrivate);
      if (problem) return fail(problem, true);
      const found = jobEventData(job, now);
      if (!found) return fail("The event is no longer in the ledger", true);
      const { signal } = found;
      const strategyName = getStrategyById(signal.strategyId)?.name ?? "FX Trader";
      const levels = signal.entryPrice === null ? "Levels for subscribers" : `Entry ${signal.entryPrice} · SL ${signal.stopLoss ?? "—"} · TP1 ${signal.takeProfit1 ?? "—"}`;
      const message: PushMessage = {
        title: `${EVENT_HEADLINES[job.eventType] ?? job.eventType}: ${signal.symbol} ${signal.side}`,
        body: found.summary.length ? `${strategyName} — ${found.summary.join(" · ")}` : `${strategyName} — ${levels}`,
        url: `${appOrigin()}/signals/${signal.id}`,
        eventId: eventId(found.event.seq),
      };
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "high" },
      );
      try {
        const answer = await guardedPost(new URL(details.endpoint), details.body as Buffer, stringHeaders(details.headers), {
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          guard: !allowPrivate,
        });
        if (answer.statusCode >= 200 && answer.statusCode < 300) return { ok: true, statusCode: answer.statusCode, responseExcerpt: answer.body || null, error: null };
        if (answer.statusCode === 404 || answer.statusCode === 410) {
          deletePushSubscription(subscription.id);
          return fail("The browser's push subscription is gone", true, answer.statusCode, answer.body || null);
        }
        return fail(`HTTP ${answer.statusCode}`, false, answer.statusCode, answer.body || null);
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
