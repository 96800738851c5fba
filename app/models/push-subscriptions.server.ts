/**
 * Web Push subscriptions (`push_subscriptions`, docs/decisions/0055-web-push.md):
 * one row per browser a user turned push on in, read by the outbox (one push
 * job per subscription) and the push channel (the keys to encrypt for).
 */
import { and, eq } from "drizzle-orm";
import { pushSubscriptions, type PushSubscription } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/**
 * Stores the subscription a browser gave for `userId`; the same endpoint
 * again (a browser subscribing anew, or another user signing in on it) moves
 * it to this user with the new keys.
 * @param input.endpoint the push service URL; input.p256dh and input.auth the keys, base64url.
 * @returns the stored row.
 */
export function savePushSubscription(userId: number, input: { endpoint: string; p256dh: string; auth: string }): PushSubscription {
  return getDb()
    .insert(pushSubscriptions)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.p256dh, auth: input.auth } })
    .returning()
    .get();
}

/** The subscription `id`, or undefined. */
export function getPushSubscription(id: number): PushSubscription | undefined {
  return getDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).get();
}

/** Deletes subscription `id` (the push service said it is gone). */
export function deletePushSubscription(id: number): void {
  getDb().delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();
}

/** How many browsers `userId` has push on in. */
export function countPushSubscriptions(userId: number): number {
  return getDb().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId))).all().length;
}
