/**
 * Idempotency keys at the door of non-idempotent requests
 * (docs/decisions/0125-idempotency-keys.md): the /api POSTs that write take an
 * `Idempotency-Key` header, the admin desk's publish form a hidden
 * `idempotencyKey` field. The key is reserved before the write and the answer
 * kept after it, so a retry (a timeout, a double click) gets the first answer
 * and never writes twice.
 */
import { createHash } from "node:crypto";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isReplayableStatus,
  parseIdempotencyKey,
} from "~/domain/idempotency";
import { keepIdempotentAnswer, releaseIdempotencyKey, reserveIdempotencyKey } from "~/models/idempotency-keys.server";
import { applySecurityHeaders, MAX_JSON_BODY_BYTES, problem } from "./http.server";

/** The idempotency caller of an /api request: the user, whether by API key or by session. */
export function apiCaller(user: { id: number }): string {
  return `user:${user.id}`;
}

/** SHA-256 (hex) of what makes two requests the same: method, path and body. */
function fingerprintOf(method: string, url: string, body: string): string {
  return createHash("sha256").update(`${method}\n${new URL(url).pathname}\n${body}`).digest("hex");
}

/** A 409 problem naming the header (or form field) `field`. */
function keyConflict(field: string, message: string): Response {
  return problem(409, `${field}: ${message}`, { errors: [{ field, message }] });
}

/** What a 409 says when the key is taken by another request. */
export const KEY_REUSED_MESSAGE = "This key was already used for a different request";
/** What a 409 says when the key's first request has no answer (still running, or stopped before it had one). */
export const KEY_IN_PROGRESS_MESSAGE =
  "A request with this key is still running or stopped before answering; check its result before retrying with a new key";

/**
 * Runs an /api POST at most once per `Idempotency-Key` and caller. Without the
 * header the request runs as it is.
 * @param request the authenticated request; with a key its body (at most `maxBytes`
 *   bytes) is read here and handed to `handle` in an equal new Request.
 * @param caller who is calling, e.g. `user:12` (the same for the user's API keys and session).
 * @param handle the endpoint's work; a thrown `Response` counts as its answer.
 * @returns the answer; a replay carries `Idempotent-Replayed: true`. 400 problem naming
 *   `Idempotency-Key` for a bad key, 409 for a key used with another method, path or body,
 *   or whose first request has no answer; 413 for a body over `maxBytes`.
 * @throws whatever `handle` throws that is not a Response (the key then stays reserved,
 *   so a retry is refused rather than run twice).
 */
export async function withIdempotencyKey(
  request: Request,
  caller: string,
  handle: (request: Request) => Promise<Response>,
  maxBytes: number = MAX_JSON_BODY_BYTES,
): Promise<Response> {
  const parsed = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER));
  if (!parsed.ok) {
    return problem(400, `${IDEMPOTENCY_HEADER}: ${parsed.message}`, { errors: [{ field: IDEMPOTENCY_HEADER, message: parsed.message }] });
  }
  if (parsed.key === null) return handle(request);
  const key = parsed.key;
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) {
    return problem(413, `Request body must be at most ${maxBytes} bytes`);
  }
  const body = await request.text();
  if (Buffer.byteLength(body) > maxBytes) return problem(413, `Request body must be at most ${maxBytes} bytes`);

  const reserved = reserveIdempotencyKey({ caller, key, fingerprint: fingerprintOf(request.method, request.url, body), now: new Date() });
  if (reserved.decision === "mismatch") return keyConflict(IDEMPOTENCY_HEADER, KEY_REUSED_MESSAGE);
  if (reserved.decision === "in-progress") return keyConflict(IDEMPOTENCY_HEADER, KEY_IN_PROGRESS_MESSAGE);
  if (reserved.decision === "replay") {
    const headers = new Headers({ "Cache-Control": "no-store", [IDEMPOTENT_REPLAYED_HEADER]: "true" });
    if (reserved.answer.contentType) headers.set("Content-Type", reserved.answer.contentType);
    return new Response(reserved.answer.body, { status: reserved.answer.status, headers: applySecurityHeaders(headers) });
  }

  let response: Response;
  try {
    response = await handle(new Request(request.url, { method: request.method, headers: request.headers, body }));
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    response = error;
  }
  if (!isReplayableStatus(response.status)) {
    releaseIdempotencyKey(caller, key);
    return response;
  }
  const text = await response.text();
  keepIdempotentAnswer(caller, key, { status: response.status, contentType: response.headers.get("Content-Type"), body: text });
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The outcome of a form post run under a key. */
export type FormRunOutcome<Refusal> =
  /** The write happened: its redirect target is kept, to be answered again to a repeat. */
  | { done: true; redirectTo: string }
  /** Nothing was written (a refusal, answered as the caller decides): the key is freed for the corrected form. */
  | { done: false; refusal: Refusal };

/**
 * Runs a page form's write at most once per hidden `idempotencyKey` field and
 * user: a second post of the same form (a double click, a resend with JS off)
 * gets the first post's redirect without writing again.
 * @param formData the posted, already validated form; `fields` its values that
 *   make two posts the same (the key field is left out of the fingerprint).
 * @param run the write; returns where to redirect, or a refusal that wrote nothing.
 * @returns `{kind: "run", redirectTo}` after the write (also when the form carries no
 *   valid key: `run` then simply runs), `{kind: "repeat", redirectTo}` for a repeat,
 *   `{kind: "refused", refusal}` when `run` refused, `{kind: "conflict", message}`
 *   when the key was used for another form or its first post has no answer yet.
 */
export async function runFormOnce<Refusal>(
  input: { caller: string; key: string | null; url: string; fields: Record<string, unknown> },
  run: () => Promise<FormRunOutcome<Refusal>> | FormRunOutcome<Refusal>,
): Promise<
  { kind: "run" | "repeat"; redirectTo: string } | { kind: "refused"; refusal: Refusal } | { kind: "conflict"; message: string }
> {
  const parsed = parseIdempotencyKey(input.key);
  const key = parsed.ok ? parsed.key : null;
  if (key === null) {
    const outcome = await run();
    return outcome.done ? { kind: "run", redirectTo: outcome.redirectTo } : { kind: "refused", refusal: outcome.refusal };
  }
  const fingerprint = fingerprintOf("POST", input.url, JSON.stringify(input.fields));
  const reserved = reserveIdempotencyKey({ caller: input.caller, key, fingerprint, now: new Date() });
  if (reserved.decision === "replay") return { kind: "repeat", redirectTo: reserved.answer.body };
  if (reserved.decision !== "proceed") {
    return { kind: "conflict", message: reserved.decision === "mismatch" ? FORM_KEY_REUSED_MESSAGE : FORM_IN_PROGRESS_MESSAGE };
  }
  const outcome = await run();
  if (!outcome.done) {
    releaseIdempotencyKey(input.caller, key);
    return { kind: "refused", refusal: outcome.refusal };
  }
  keepIdempotentAnswer(input.caller, key, { status: 303, contentType: null, body: outcome.redirectTo });
  return { kind: "run", redirectTo: outcome.redirectTo };
}

/** Shown when a form already used for one write is posted again with other values (e.g. after Back). */
export const FORM_KEY_REUSED_MESSAGE = "This form has already been submitted. Reload the page to start a new one.";
/** Shown when the same form is posted while its first post is still being handled. */
export const FORM_IN_PROGRESS_MESSAGE = "This form is already being submitted. Reload the page in a moment to see the result.";
