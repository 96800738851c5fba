/**
 * The data a channel sends for a ledger job: the event (seq, hash, event id)
 * and its signal as of the event, in the API's shape for the recipient's
 * entitlements at send time (so a recipient whose access lapsed after the job
 * was queued gets the levels locked, never shown).
 */
import type { DeliveryJob } from "../../../db/schema";
import { eventSummary } from "~/domain/event-summary";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import { planFeatures, type PlanFeatures } from "~/domain/entitlements";
import { deliveredEvent, type DeliveredEvent } from "~/models/outbox.server";
import { getEntitlements } from "~/models/subscriptions.server";
import { getUserById, toPublicUser } from "~/models/users.server";

/** Events kept in memory (one publish reaches every recipient with the same event). */
const EVENT_CACHE_SIZE = 256;
/** How long a user's entitlements are reused, in ms. */
const ENTITLEMENT_TTL_MS = 5_000;

const events = new Map<number, DeliveredEvent>();
const entitlements = new Map<number, { at: number; ids: ReadonlySet<number>; features: PlanFeatures }>();

/** The ledger event `seq` with its signal as of the event (cached: ledger rows never change). */
export function cachedEvent(seq: number): DeliveredEvent | null {
  const hit = events.get(seq);
  if (hit) return hit;
  const event = deliveredEvent(seq);
  if (!event) return null;
  if (events.size >= EVENT_CACHE_SIZE) events.delete(events.keys().next().value!);
  events.set(seq, event);
  return event;
}

/** `userId`'s strategy ids and plan features at `now`, reused for ENTITLEMENT_TTL_MS; none (the Free tier's) for an unknown user. */
function entitlementsAt(userId: number, now: Date): { ids: ReadonlySet<number>; features: PlanFeatures } {
  const hit = entitlements.get(userId);
  if (hit && now.getTime() - hit.at < ENTITLEMENT_TTL_MS && now.getTime() >= hit.at) return hit;
  const user = getUserById(userId);
  const found = user ? getEntitlements(toPublicUser(user), now) : null;
  const entry = { at: now.getTime(), ids: new Set(found?.strategyIds ?? []), features: found?.features ?? planFeatures({ role: "user", subscription: null, now }) };
  entitlements.set(userId, entry);
  return entry;
}

/** Strategy ids `userId` is entitled to at `now` (reused for ENTITLEMENT_TTL_MS); empty for an unknown user. */
export function entitledIds(userId: number, now: Date): ReadonlySet<number> {
  return entitlementsAt(userId, now).ids;
}

/** The channels, API quota and support level of `userId`'s plan at `now` (`planFeatures`; reused for ENTITLEMENT_TTL_MS). */
export function featuresAt(userId: number, now: Date): PlanFeatures {
  return entitlementsAt(userId, now).features;
}

/** A ledger job's event and signal as its recipient may see them at `now`. */
export interface JobEventData {
  event: DeliveredEvent;
  signal: ApiSignal;
  /** What happened, in words, as this recipient may read it (`eventSummary`). */
  summary: string[];
}

/** The lines saying what `event` did, with prices only when `locked` is false. */
export function summaryOf(event: DeliveredEvent, locked: boolean): string[] {
  return event.change.before ? eventSummary(event.change.event, event.change.before, locked) : [];
}

/**
 * The event data of ledger job `job` at `now`.
 * @returns null when the job is not a ledger job or its event is gone.
 */
export function jobEventData(job: DeliveryJob, now: Date): JobEventData | null {
  if (job.seq === null) return null;
  const event = cachedEvent(job.seq);
  if (!event) return null;
  const signal = toApiSignal(event.signal, entitledIds(job.userId, now));
  return { event, signal, summary: summaryOf(event, signal.locked) };
}
