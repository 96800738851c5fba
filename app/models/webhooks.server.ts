/**
 * Webhook endpoints (`webhook_endpoints`): registration (at most
 * MAX_WEBHOOKS_PER_USER per user), secrets (shown once, rotation with a
 * 24-hour overlap), and the failure streak that disables an endpoint after
 * 5 days (docs/decisions/0045-webhook-signing-and-ssrf.md). Every lookup by id
 * is scoped to its owner, so another user's id is simply not found.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { webhookEndpoints, type WebhookEndpoint } from "../../db/schema";
import { MAX_WEBHOOKS_PER_USER, SECRET_OVERLAP_MS, shouldDisableEndpoint } from "~/domain/delivery";
import { deleteTargetJobs, killTargetJobs } from "~/models/outbox.server";
import { channelRefusal } from "~/domain/entitlements";
import { getPlanFeatures } from "~/models/subscriptions.server";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

/** An endpoint as its owner sees it: never the secret. */
export interface WebhookView {
  id: number;
  url: string;
  eventTypes: string[];
  createdAt: string;
  disabledAt: string | null;
  /** Until when the secret before the last rotation still signs; null when none does. */
  previousSecretExpiresAt: string | null;
}

/** Thrown when the user already has MAX_WEBHOOKS_PER_USER endpoints. */
export class WebhookLimitError extends Error {
  constructor() {
    super(`You can register at most ${MAX_WEBHOOKS_PER_USER} webhook endpoints. Delete one to add another.`);
    this.name = "WebhookLimitError";
  }
}

/**
 * Why user `userId` (role `role`) may not use webhooks at `now` — their plan
 * lacks the channel (`channelRefusal`, naming the plan) — or null when they may.
 * Endpoints of such a user are paused: kept, listed, not delivered to.
 */
export function webhooksRefusal(userId: number, role: "user" | "admin", now = new Date()): string | null {
  return channelRefusal(getPlanFeatures(userId, role, now), "webhooks");
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The owner's view of an endpoint row at `now`. */
export function toWebhookView(row: WebhookEndpoint, now = new Date()): WebhookView {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    eventTypes: JSON.parse(row.eventTypes) as string[],
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    previousSecretExpiresAt: overlap,
  };
}

/** A user's endpoints oldest first: built once per connection (`GET /api/webhooks` and the portal's list run it on every request). */
const webhooksOfUserQuery = preparedQuery((db) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, sql.placeholder("userId"))).orderBy(asc(webhookEndpoints.id)).prepare(),
);

/** The user's endpoints, oldest first. */
export function listWebhooks(userId: number): WebhookEndpoint[] {
  return webhooksOfUserQuery().all({ userId });
}

/** The user's endpoint `id`, or undefined (also for another user's id). */
export function getWebhook(userId: number, id: number): WebhookEndpoint | undefined {
  return getDb()
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .get();
}

const byIdQueries = new WeakMap<object, { get(values: { id: number }): WebhookEndpoint | undefined }>();

/** The endpoint `id` whoever owns it (for the worker, once per delivery: a prepared query), or undefined. */
export function getWebhookById(id: number): WebhookEndpoint | undefined {
  const db = getDb();
  let query = byIdQueries.get(db);
  if (!query) {
    query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, sql.placeholder("id"))).prepare();
    byIdQueries.set(db, query);
  }
  return query.get({ id });
}

/**
 * Registers an endpoint for `userId` (the URL already checked) with a new secret.
 * @returns the row and the secret (the only time it is returned to a caller).
 * @throws WebhookLimitError when the user has MAX_WEBHOOKS_PER_USER endpoints.
 */
export function createWebhook(userId: number, input: { url: string; eventTypes: string[] }, now = new Date()): { endpoint: WebhookEndpoint; secret: string } {
  return getDb().transaction(
    (tx) => {
      const existing = tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).get()?.n ?? 0;
      if (existing >= MAX_WEBHOOKS_PER_USER) throw new WebhookLimitError();
      const secret = newSecret();
      const endpoint = tx
        .insert(webhookEndpoints)
        .values({ userId, url: input.url, eventTypes: JSON.stringify(input.eventTypes), secret, createdAt: now })
        .returning()
        .get();
      return { endpoint, secret };
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes the user's endpoint `id` with its delivery jobs and their log.
 * @returns false when the user has no such endpoint.
 */
export function deleteWebhook(userId: number, id: number): boolean {
  return getDb().transaction(
    (tx) => {
      const row = tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .get();
      if (!row) return false;
      deleteTargetJobs(tx, id);
      tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
      return true;
    },
    { behavior: "immediate" },
  );
}

/**
 * Gives the user's endpoint `id` a new secret; the current one keeps signing
 * (as a second signature) for SECRET_OVERLAP_MS after `now`.
 * @returns the new secret, or null when the user has no such endpoint.
 */
export function rotateWebhookSecret(userId: number, id: number, now = new Date()): string | null {
  const row = getWebhook(userId, id);
  if (!row) return null;
  const secret = newSecret();
  getDb()
    .update(webhookEndpoints)
    .set({ secret, previousSecret: row.secret, previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS) })
    .where(eq(webhookEndpoints.id, id))
    .run();
  return secret;
}

/** The secrets that sign a delivery at `now`: the current one, then the previous one while its overlap lasts. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

/**
 * Records the result of a delivery to endpoint `id` at `now`: a success ends
 * the failure streak; a failure starts one, or, when the streak has lasted
 * 5 days (`shouldDisableEndpoint`), disables the endpoint and kills its unsent jobs.
 * @returns true when this failure disabled the endpoint.
 */
export function recordEndpointResult(id: number, ok: boolean, now: Date): boolean {
  const row = getWebhookById(id);
  if (!row || row.disabledAt) return false;
  if (ok) {
    if (row.failingSince) getDb().update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, id)).run();
    return false;
  }
  if (!row.failingSince) {
    getDb().update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, id)).run();
    return false;
  }
  if (!shouldDisableEndpoint(row.failingSince, now)) return false;
  getDb().update(webhookEndpoints).set({ disabledAt: now }).where(eq(webhookEndpoints.id, id)).run();
  killTargetJobs(id, "The endpoint was disabled after 5 days of failed deliveries");
  return true;
}

/**
 * Disables endpoint `id` at once after it answered `410 Gone` (the receiver
 * says it will never take deliveries again) and marks its unsent jobs dead.
 * @returns true when this call disabled it (false: unknown or already disabled).
 */
export function disableGoneEndpoint(id: number, now: Date): boolean {
  const changed = getDb()
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .run().changes;
  if (changed === 0) return false;
  killTargetJobs(id, "The endpoint answered 410 Gone and was disabled");
  return true;
}
