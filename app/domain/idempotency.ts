/**
 * Idempotency keys for non-idempotent requests, after Stripe's convention
 * (https://docs.stripe.com/api/idempotent_requests): a client sends
 * `Idempotency-Key: <key>`; the first answer is kept for 24 hours per key and
 * caller and replayed to a retry; the same key with another request is refused.
 * Pure decisions; the store is app/models/idempotency-keys.server.ts.
 */

/** How long an answer is kept for its key, in milliseconds (24 hours, as Stripe keeps them). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Longest key accepted, in characters (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The request header that carries the key. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The header set on a replayed answer (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/** Printable ASCII without spaces at either end: what a header value or hidden field may carry as a key. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Reads a key as sent.
 * @param raw the header's (or form field's) value; null or "" when absent.
 * @returns `{ok: true, key}` (null when absent) or `{ok: false, message}` when it is
 *   longer than `IDEMPOTENCY_KEY_MAX_LENGTH` or not printable ASCII.
 */
export function parseIdempotencyKey(raw: string | null): { ok: true; key: string | null } | { ok: false; message: string } {
  if (raw === null || raw === "") return { ok: true, key: null };
  if (raw.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return { ok: false, message: `Must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` };
  }
  if (!KEY_PATTERN.test(raw)) return { ok: false, message: "Must be printable ASCII characters" };
  return { ok: true, key: raw };
}

/** What is stored for a key: the first request's fingerprint, and its answer's status once it has one. */
export interface StoredIdempotency {
  fingerprint: string;
  /** null while the first request is still running (or it ended without a kept answer). */
  status: number | null;
  createdAt: Date;
}

/**
 * What to do with a request carrying a key:
 * - `proceed`: no live entry for the key: reserve it and run the request;
 * - `replay`: the same request already has an answer: send it again;
 * - `mismatch`: the key was used for another request (method, path or body): 409;
 * - `in-progress`: the same request is still running, or ended without an answer being
 *   kept (a crash between the write and the answer): 409, so a retry never writes twice.
 */
export type IdempotencyDecision = "proceed" | "replay" | "mismatch" | "in-progress";

/**
 * Decides a request with a key.
 * @param stored the live or expired entry for (caller, key), if any.
 * @param fingerprint SHA-256 (hex) of this request's method, path and body.
 * @param now the time of the request.
 */
export function decideIdempotency(stored: StoredIdempotency | undefined, fingerprint: string, now: Date): IdempotencyDecision {
  if (!stored || now.getTime() - stored.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) return "proceed";
  if (stored.fingerprint !== fingerprint) return "mismatch";
  return stored.status === null ? "in-progress" : "replay";
}

/**
 * Whether an answer is kept for replay: every answer the request reached, success,
 * validation error or server failure alike (as Stripe keeps them), so a retry never
 * runs a write twice; but not a refusal that decided nothing and that a retry may
 * pass (409 conflict, 429 rate limit), which releases the key.
 */
export function isReplayableStatus(status: number): boolean {
  return status !== 409 && status !== 429;
}
