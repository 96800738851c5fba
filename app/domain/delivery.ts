/**
 * Delivery rules (docs/decisions/0044-delivery-outbox.md): who receives a
 * signal event on which channel, the event type names, the retry schedule,
 * webhook endpoint limits (the address checks against SSRF are in
 * webhook-address.ts). Pure: no I/O,
 * no clock (callers pass `now`).
 */
import { entitledStrategyIds, hasChannel, planFeatures, type SubscriptionFacts } from "./entitlements";
import type { Channel } from "~/content/plans";
import { SIGNAL_EVENT_TYPES, type SignalEventType } from "./signal-lifecycle";

/** The public names of the ledger's event types, as webhooks, email and the live feed carry them. */
export const DELIVERY_EVENT_TYPES = SIGNAL_EVENT_TYPES.map((type) => `signal.${type}` as const);
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

/** The event type name of a ledger event type: `partially_closed` → `signal.partially_closed`. */
export function deliveryEventType(type: SignalEventType): DeliveryEventType {
  return `signal.${type}`;
}

/** The type name of the test event an endpoint's owner sends by hand. */
export const TEST_EVENT_TYPE = "webhook.test";
/** How long a Telegram link code is valid (ms). */
export const TELEGRAM_CODE_TTL_MS = 15 * 60_000;

/**
 * The code of a Telegram `/start <code>` message (the deep link's `start`
 * parameter: 1 to 64 of A-Z, a-z, 0-9, _ and -), or null when `text` is not
 * `/start` with one. `/start@BotName code` counts too.
 */
export function telegramStartCode(text: string): string | null {
  return /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/.exec(text.trim())?.[1] ?? null;
}

/** Whether `text` is the `/stop` command (optionally `/stop@BotName`). */
export function isTelegramStop(text: string): boolean {
  return /^\/stop(?:@\w+)?\s*$/.test(text.trim());
}

/** The deep link that opens a chat with bot `@botUsername` and sends `/start <code>`. */
export function telegramDeepLink(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}`;
}

/** The type name of the notice emailed when an endpoint is disabled. */
export const DISABLED_NOTICE_TYPE = "webhook.disabled";
/** The type name of the email sent after a successful sign-in when login notifications are on. */
export const LOGIN_NOTICE_TYPE = "account.signed_in";

/** The stable id of a ledger event, for receivers to de-duplicate: `evt_<seq>`. */
export function eventId(seq: number): string {
  return `evt_${seq}`;
}

/** The ledger checkpoint right after an event: the tree of the first `seq` rows (docs/ledger.md). */
export interface EventCheckpoint {
  treeSize: number;
  /** 64 lowercase hex characters. */
  rootHash: string;
}

/** The line emails and Telegram messages carry: the checkpoint current after the event, for the recipient to keep. */
export function checkpointLine(checkpoint: EventCheckpoint): string {
  return `Ledger checkpoint after this event: tree size ${checkpoint.treeSize}, root ${checkpoint.rootHash}`;
}

/** The Standard Webhooks message id of a job: the same on every attempt and redelivery. */
export function webhookMessageId(jobId: number): string {
  return `msg_${jobId}`;
}

/**
 * Waits after each failed attempt, in ms: the 2nd attempt comes 5 s after the
 * 1st fails, then 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. The 1st is immediate.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;

/** Attempts a job gets before it is dead (the first plus one per delay). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * When to try a job again after its attempt number `attempts` (1-based) failed.
 * @returns the delay in ms, or null when the job is now dead.
 */
export function retryDelay(attempts: number): number | null {
  return RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/** Most webhook endpoints one user may register. */
export const MAX_WEBHOOKS_PER_USER = 5;
/** An endpoint failing without a success for this long is disabled (ms). */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** How long the secret before a rotation still signs (ms). */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
/** Timeout of one webhook request (ms). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Whether an endpoint whose failures started at `failingSince` has now failed long enough to be disabled. */
export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}

/** One follower of a strategy as the outbox sees them. */
export interface DeliveryRecipient {
  userId: number;
  role: "user" | "admin";
  subscription: SubscriptionFacts | null;
  /** Strategy ids the user picked, oldest pick first. */
  chosenStrategyIds: readonly number[];
  /** The user's email alerts toggle (My Strategies → Settings); off after a one-click unsubscribe. */
  emailAlerts: boolean;
  /** The user's news blackout toggle (My Strategies → Settings): hold alerts of new signals around high-impact news. */
  newsBlackout: boolean;
  /** The user's enabled webhook endpoints and the event types each wants. */
  webhooks: readonly { id: number; eventTypes: readonly string[] }[];
  /** The user's Telegram alerts toggle (My Strategies → Settings). */
  telegramAlerts: boolean;
  /** Whether the user has a linked Telegram chat (Account → Notifications). */
  telegramLinked: boolean;
  /** The user's push notifications toggle (My Strategies → Settings). */
  pushAlerts: boolean;
  /** Ids of the user's Web Push subscriptions (one per browser). */
  pushSubscriptionIds: readonly number[];
}

/** The plan channel (app/content/plans.ts) an outbox channel delivers on: `webhook` jobs need `webhooks`, the others their own name. */
export function planChannelOf(channel: "webhook" | "email" | "telegram" | "push"): Channel {
  return channel === "webhook" ? "webhooks" : channel;
}

/** One job to enqueue: a user, a channel, and the channel's target (webhook endpoint or push subscription id; 0 for email and Telegram). */
export interface DeliveryTarget {
  userId: number;
  channel: "webhook" | "email" | "telegram" | "push";
  targetId: number;
  /** When the job may be sent first, when the news blackout holds it; absent for at once. */
  notBefore?: Date;
}

/**
 * The channels the news blackout holds: alerts a person reads and may act on
 * at once. Webhooks (integrations that asked for every event type) and the
 * live feed are never held.
 */
export const BLACKOUT_CHANNELS: readonly string[] = ["email", "telegram", "push"];

/**
 * Until when a job is held by the news blackout
 * (docs/decisions/0054-news-blackout.md): only the `published` event (a new
 * signal), only on BLACKOUT_CHANNELS, only for a recipient with the blackout
 * on, and only while a news window covers the publish. Triggers, level
 * changes, closes, cancellations and expiries are never held: a trader must
 * learn those at once.
 * @param blackoutEnd the end of the window covering the event (`blackoutEnd` of news-blackout.ts), or null.
 * @returns the time the job becomes due, or null for at once.
 */
export function deliveryHold(input: { eventType: SignalEventType; channel: string; newsBlackout: boolean; blackoutEnd: Date | null }): Date | null {
  if (input.eventType !== "published" || !input.newsBlackout || !BLACKOUT_CHANNELS.includes(input.channel)) return null;
  return input.blackoutEnd;
}

/**
 * What a job due at once does to the held (blackout) jobs queued before it for
 * the same target, which per-target order makes it wait behind: an urgent
 * event (anything but `published`) releases them, so the trader gets the open
 * and then its close at once; another new signal's alert joins them and goes
 * out when they do.
 * @returns "release" or "join".
 */
export function heldJobsRule(eventType: SignalEventType): "release" | "join" {
  return eventType === "published" ? "join" : "release";
}

/**
 * The jobs for one ledger event of a signal of `strategyId`: for every
 * recipient entitled to that strategy (entitlements.ts, at `now`), an email
 * job when email alerts are on, a Telegram job when Telegram alerts are on
 * and a chat is linked, one job per enabled webhook endpoint that asked for
 * the event's type, and one per push subscription when push notifications
 * are on — each only when the recipient's plan includes the channel
 * (`planFeatures`). A recipient who is not entitled gets nothing: no channel ever
 * carries levels to a user who may not see them. Each job's `notBefore`
 * comes from `deliveryHold` (the news blackout).
 * @param allStrategyIds every strategy id in the catalogue (institutional plans and admins see all).
 * @param blackoutEnd the end of the news window covering the event for the signal's symbol, or null (none, the default).
 */
export function chooseDeliveries(input: {
  eventType: SignalEventType;
  strategyId: number;
  recipients: readonly DeliveryRecipient[];
  allStrategyIds: readonly number[];
  now: Date;
  blackoutEnd?: Date | null;
}): DeliveryTarget[] {
  const typeName = deliveryEventType(input.eventType);
  const targets: DeliveryTarget[] = [];
  const blackoutOn = new Map<number, boolean>();
  for (const recipient of input.recipients) {
    const entitled = entitledStrategyIds({
      role: recipient.role,
      subscription: recipient.subscription,
      chosenStrategyIds: recipient.chosenStrategyIds,
      allStrategyIds: input.allStrategyIds,
      now: input.now,
    });
    if (!entitled.includes(input.strategyId)) continue;
    const features = planFeatures({ role: recipient.role, subscription: recipient.subscription, now: input.now });
    blackoutOn.set(recipient.userId, recipient.newsBlackout);
    if (recipient.emailAlerts && hasChannel(features, "email")) targets.push({ userId: recipient.userId, channel: "email", targetId: 0 });
    if (recipient.telegramAlerts && recipient.telegramLinked && hasChannel(features, "telegram")) targets.push({ userId: recipient.userId, channel: "telegram", targetId: 0 });
    for (const webhook of hasChannel(features, "webhooks") ? recipient.webhooks : []) {
      if (webhook.eventTypes.includes(typeName)) targets.push({ userId: recipient.userId, channel: "webhook", targetId: webhook.id });
    }
    if (recipient.pushAlerts && hasChannel(features, "push")) {
      for (const id of recipient.pushSubscriptionIds) targets.push({ userId: recipient.userId, channel: "push", targetId: id });
    }
  }
  return targets.map((target) => {
    const notBefore = deliveryHold({
      eventType: input.eventType,
      channel: target.channel,
      newsBlackout: blackoutOn.get(target.userId) ?? false,
      blackoutEnd: input.blackoutEnd ?? null,
    });
    return notBefore ? { ...target, notBefore } : target;
  });
}

// ---------------------------------------------------------------------------
// The live feed (/api/signals/stream)

/** Most live-feed streams one user may hold open at once (a sixth is refused with 429). */
export const MAX_STREAMS_PER_USER = 5;

/**
 * Which strategies' events the live feed sends a viewer
 * (docs/decisions/0107-live-feed-per-subscriber.md): an admin every strategy;
 * a signed-in user the strategies they follow or are entitled to; a visitor
 * only the one strategy of a public page (`onlyStrategyId`, `?strategy=slug`),
 * which also narrows the others' feed.
 * @returns "all", or the strategy ids to send (empty: nothing).
 */
export function liveFeedScope(input: {
  role: "user" | "admin" | null;
  followedStrategyIds: readonly number[];
  entitledStrategyIds: readonly number[];
  onlyStrategyId: number | null;
}): "all" | ReadonlySet<number> {
  const only = input.onlyStrategyId;
  if (input.role === "admin") return only === null ? "all" : new Set([only]);
  if (input.role === null) return new Set(only === null ? [] : [only]);
  const own = new Set([...input.followedStrategyIds, ...input.entitledStrategyIds]);
  if (only === null) return own;
  return new Set(own.has(only) ? [only] : []);
}

// ---------------------------------------------------------------------------
// The delivery log as owners read it

/** One job of a delivery log, as the API and the Webhooks page show it. Times are ISO 8601 UTC. */
export interface DeliveryLogView {
  id: number;
  eventType: string;
  seq: number | null;
  /** The `webhook-id` header the job is sent with. */
  webhookId: string;
  status: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  log: { attempt: number; at: string; statusCode: number | null; latencyMs: number; responseExcerpt: string | null; error: string | null }[];
}

/** The log view of a job and its attempts (newest attempt first). */
export function toDeliveryLogView(
  job: { id: number; eventType: string; seq: number | null; status: string; attempts: number; createdAt: Date; sentAt: Date | null; nextAttemptAt: Date; lastStatusCode: number | null; lastError: string | null },
  attempts: readonly { attempt: number; attemptedAt: Date; statusCode: number | null; latencyMs: number; responseExcerpt: string | null; error: string | null }[],
): DeliveryLogView {
  return {
    id: job.id,
    eventType: job.eventType,
    seq: job.seq,
    webhookId: webhookMessageId(job.id),
    status: job.status,
    attempts: job.attempts,
    createdAt: job.createdAt.toISOString(),
    sentAt: job.sentAt ? job.sentAt.toISOString() : null,
    nextAttemptAt: job.status === "queued" || job.status === "retrying" ? job.nextAttemptAt.toISOString() : null,
    lastStatusCode: job.lastStatusCode,
    lastError: job.lastError,
    log: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.attemptedAt.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}
