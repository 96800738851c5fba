/**
 * The Web Push channel (docs/decisions/0055-web-push.md): one notification
 * per signal event and push subscription, encrypted for the subscription's
 * keys (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292) by the
 * `web-push` library, then POSTed to the browser's push service (RFC 8030)
 * through the same address checks as webhooks (no private targets unless
 * WEBHOOK_ALLOW_PRIVATE=1). A subscription the push service calls gone
 * (404, 410) is deleted.
 */
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import type { DeliveryJob } from "../../../db/schema";
import { eventId, WEBHOOK_TIMEOUT_MS, webhookUrlProblem } from "~/domain/delivery";
import { EVENT_HEADLINES } from "~/content/delivery";
import { getStrategyById } from "~/models/strategies.server";
import { deletePushSubscription, getPushSubscription } from "~/models/push-subscriptions.server";
import { vapidConfig } from "~/platform/env.server";
import { appOrigin } from "~/services/auth.server";
import { jobEventData } from "./event-data.server";
import type { ChannelAdapter, SendResult } from "./types";
import { allowPrivateTargets, guardedLookup } from "./webhook-address.server";

/** How long the push service keeps an undelivered notification (s): a day, then it is stale. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Longest answer excerpt kept. */
const EXCERPT_CHARS = 500;

/** What the service worker shows: the title, the body line and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  eventId: string;
}

function fail(error: string, permanent = false, statusCode: number | null = null, responseExcerpt: string | null = null): SendResult {
  return { ok: false, permanent, statusCode, responseExcerpt, error };
}

/** POSTs the encrypted body to the push service; resolves with the status and an excerpt of the answer. */
function send(endpoint: URL, headers: Record<string, string | number>, body: Buffer, guard: boolean): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = (endpoint.protocol === "https:" ? https : http).request(
      endpoint,
      {
        method: "POST",
        headers: { ...headers, "content-length": body.length },
        lookup: guard ? guardedLookup : undefined,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
        });
        response.on("end", () => resolve({ statusCode: response.statusCode ?? 0, body: text.slice(0, EXCERPT_CHARS) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
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
        body: `${strategyName} — ${levels}`,
        url: `${appOrigin()}/signals/${signal.id}`,
        eventId: eventId(found.event.seq),
      };
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "high" },
      );
      try {
        const answer = await send(new URL(details.endpoint), details.headers as Record<string, string | number>, details.body as Buffer, !allowPrivate);
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
