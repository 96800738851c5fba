/**
 * The per-user cap on concurrent live-feed streams (MAX_STREAMS_PER_USER),
 * counted in this process, and the count of every open live-feed stream
 * (visitors' included) that /status shows.
 */
import { MAX_STREAMS_PER_USER } from "~/domain/delivery";

const open = new Map<number, number>();

/**
 * Takes one of `userId`'s stream slots.
 * @returns a function that gives the slot back (safe to call more than once),
 *   or null when the user already holds MAX_STREAMS_PER_USER streams.
 */
export function takeStreamSlot(userId: number): (() => void) | null {
  const held = open.get(userId) ?? 0;
  if (held >= MAX_STREAMS_PER_USER) return null;
  open.set(userId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const now = (open.get(userId) ?? 1) - 1;
    if (now <= 0) open.delete(userId);
    else open.set(userId, now);
  };
}

const feeds = { open: 0 };

/**
 * Counts one open live-feed stream (signed in or not) in this process, for /status.
 * @returns a function that ends the count (safe to call more than once).
 */
export function openLiveFeed(): () => void {
  feeds.open += 1;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    feeds.open = Math.max(0, feeds.open - 1);
  };
}

/** Live-feed streams open in this process now. */
export function openLiveFeedCount(): number {
  return feeds.open;
}
