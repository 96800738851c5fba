/**
 * The browser side of the passkey ceremonies (@simplewebauthn/browser), loaded
 * with a dynamic `import()` only when a passkey control is used or /login sets up
 * the browser's autofill, so no page carries it in its initial JavaScript.
 * Each function asks the server for options, runs the ceremony and posts the answer
 * back (same-origin fetch: the session and `__passkey` cookies go along).
 */
import { browserSupportsWebAuthnAutofill, startAuthentication, startRegistration, WebAuthnAbortService, WebAuthnError } from "@simplewebauthn/browser";
import { PASSKEY_REFUSALS, PASSKEY_TEXTS } from "~/content/passkeys";

/** Where the ceremonies' JSON endpoints live. */
export const PASSKEY_API = {
  registrationOptions: "/api/auth/passkeys/registration/options",
  registrationVerify: "/api/auth/passkeys/registration/verify",
  authenticationOptions: "/api/auth/passkeys/authentication/options",
  authenticationVerify: "/api/auth/passkeys/authentication/verify",
} as const;

/** A ceremony's end: done (with where to go after a sign-in), cancelled by the user or the browser, or refused with a message. */
export type CeremonyOutcome = { ok: true; redirectTo?: string } | { ok: false; cancelled: boolean; message: string };

async function postJson(url: string, body?: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

/** The message of a problem+json answer (`detail`), else the generic failure text. */
function problemMessage(data: Record<string, unknown>): string {
  return typeof data.detail === "string" ? data.detail : PASSKEY_TEXTS.failed;
}

/** A ceremony the user or the browser ended (dialog closed, timed out, aborted) rather than one that failed. */
function cancelledBy(error: unknown): boolean {
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error | undefined)?.name;
  return name === "NotAllowedError" || name === "AbortError" || (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED");
}

/** Registers a new passkey for the signed-in user. */
export async function registerPasskey(): Promise<CeremonyOutcome> {
  const options = await postJson(PASSKEY_API.registrationOptions);
  if (!options.ok) return { ok: false, cancelled: false, message: problemMessage(options.data) };
  let response;
  try {
    response = await startRegistration({ optionsJSON: options.data as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  } catch (error) {
    // The authenticator already holds one of this user's passkeys (excludeCredentials).
    if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
      return { ok: false, cancelled: false, message: PASSKEY_REFUSALS.alreadyRegistered.message };
    }
    return { ok: false, cancelled: cancelledBy(error), message: PASSKEY_TEXTS.cancelled };
  }
  const verified = await postJson(PASSKEY_API.registrationVerify, { response });
  return verified.ok ? { ok: true } : { ok: false, cancelled: false, message: problemMessage(verified.data) };
}

/**
 * Signs in with a passkey: from the button (`autofill` false: the browser's passkey dialog)
 * or the email field's autofill (`autofill` true: resolves when the user picks a passkey there).
 * @param returnTo the same-site path to land on; the server checks it like the password form's.
 */
export async function signInWithPasskey(returnTo: string, autofill: boolean): Promise<CeremonyOutcome> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { ok: false, cancelled: true, message: PASSKEY_TEXTS.unsupported };
  const options = await postJson(PASSKEY_API.authenticationOptions);
  if (!options.ok) return { ok: false, cancelled: false, message: problemMessage(options.data) };
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    return { ok: false, cancelled: cancelledBy(error), message: PASSKEY_TEXTS.cancelled };
  }
  const verified = await postJson(PASSKEY_API.authenticationVerify, { response, returnTo });
  if (!verified.ok) return { ok: false, cancelled: false, message: problemMessage(verified.data) };
  return { ok: true, redirectTo: typeof verified.data.redirectTo === "string" ? verified.data.redirectTo : "/dashboard" };
}

/** Ends a pending ceremony (the autofill's, when the sign-in page goes away). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
