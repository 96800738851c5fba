/**
 * The WebAuthn ceremonies of passkeys with @simplewebauthn/server
 * (docs/decisions/0130-passkeys.md): registration by a signed-in user and
 * sign-in from /login. The relying party is the site's public origin (APP_URL,
 * else the request's own); every challenge is stored server-side, single use,
 * 5 minutes, bound to the session (registration) or to the signed `__passkey`
 * cookie (sign-in). Discoverable credentials and user verification are required.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { randomBytes } from "node:crypto";
import { PASSKEY_REFUSALS } from "~/content/passkeys";
import { counterRegressed, defaultPasskeyName } from "~/domain/passkeys";
import {
  addPasskey,
  findPasskeyByCredentialId,
  listPasskeys,
  passkeyTransports,
  recordPasskeyUse,
  saveChallenge,
  takeAuthenticationChallenge,
  takeRegistrationChallenge,
  userHandleOf,
  type Passkey,
} from "~/models/passkeys.server";
import type { PublicUser } from "~/models/users.server";
import { publicOrigin } from "~/platform/env.server";
import { getPasskeyCookie } from "./cookies.server";

/** The relying party's display name, shown by the browser's passkey dialogs. */
export const RP_NAME = "FX Trader";

/** How long the browser waits for the authenticator, in milliseconds (WebAuthn `timeout`). */
const CEREMONY_TIMEOUT_MS = 60_000;

/** The relying party of a request: `id` the origin's host name (the RP ID), `origin` the site's public origin. */
export function relyingParty(request: Request): { id: string; name: string; origin: string } {
  const origin = publicOrigin(request);
  return { id: new URL(origin).hostname, name: RP_NAME, origin };
}

/** A refused ceremony: the HTTP status, the field it is about, and the message. */
export interface PasskeyRefusal {
  ok: false;
  status: number;
  field: string;
  message: string;
}

function refusal(status: number, field: string, message: string): PasskeyRefusal {
  return { ok: false, status, field, message };
}

/**
 * Options for `startRegistration` for `user`, signed in with session `sessionId`: a new
 * challenge (replacing any earlier registration challenge of the session), the user's
 * WebAuthn user id (the one of their existing passkeys, else a new random 32 bytes), and
 * their existing passkeys as `excludeCredentials` so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  request: Request,
  user: PublicUser,
  sessionId: string,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(request);
  const handle = userHandleOf(user.id) ?? randomBytes(32).toString("base64url");
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
    userID: Buffer.from(handle, "base64url"),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: listPasskeys(user.id).map((passkey) => ({
      id: passkey.credentialId,
      transports: passkeyTransports(passkey) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  saveChallenge({ ceremony: "registration", challenge: options.challenge, userId: user.id, sessionId, userHandle: handle, now });
  return options;
}

/**
 * Verifies the browser's registration answer against the session's challenge (taken,
 * so it cannot be used twice) and stores the passkey with its counter, backup state,
 * device type and transports.
 * @param name the passkey's name; default "Passkey n".
 * @returns the new passkey, or a refusal: 400 `response` (expired or used challenge, an answer
 *   that does not verify: wrong origin, RP ID, challenge, no user verification), 409 `response`
 *   (the credential is already registered).
 */
export async function verifyPasskeyRegistration(
  request: Request,
  user: PublicUser,
  sessionId: string,
  input: { response: RegistrationResponseJSON; name?: string },
  now: Date,
): Promise<{ ok: true; passkey: Passkey } | PasskeyRefusal> {
  const challenge = takeRegistrationChallenge(sessionId, user.id, now);
  if (!challenge?.userHandle) return refusal(400, "response", PASSKEY_REFUSALS.challengeExpired.message);
  const rp = relyingParty(request);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return refusal(400, "response", PASSKEY_REFUSALS.notVerified.message);
  const info = verification.registrationInfo;
  const passkey = addPasskey({
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? input.response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    userHandle: challenge.userHandle,
    name: input.name ?? defaultPasskeyName(listPasskeys(user.id).length),
    now,
  });
  if (!passkey) return refusal(409, "response", PASSKEY_REFUSALS.alreadyRegistered.message);
  return { ok: true, passkey };
}

/**
 * Options for `startAuthentication` (the button and the browser's autofill): a new
 * challenge with no `allowCredentials`, so the browser offers the site's discoverable
 * passkeys. @returns the options and the `Set-Cookie` binding the challenge to this browser.
 */
export async function passkeyAuthenticationOptions(
  request: Request,
  now: Date,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
  });
  const id = saveChallenge({ ceremony: "authentication", challenge: options.challenge, userId: null, sessionId: null, userHandle: null, now });
  return { options, setCookie: await getPasskeyCookie().serialize(id) };
}

/** A `Set-Cookie` value that forgets this browser's sign-in challenge. */
export function clearPasskeyCookie(): Promise<string> {
  return getPasskeyCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Verifies a sign-in answer against this browser's challenge (from the `__passkey`
 * cookie; taken, so it cannot be used twice): the credential must be registered,
 * its user handle must match, the signature must verify with user verification,
 * and its counter must not have gone backwards (a cloned authenticator). On success
 * the counter, backup state and last use are stored.
 * @returns the passkey's user id, or a refusal: 400 `response` (no, expired or used
 *   challenge; unknown credential; an answer that does not verify), 403 `response` (counter regression).
 */
export async function verifyPasskeySignIn(
  request: Request,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<{ ok: true; userId: number; passkeyId: number } | PasskeyRefusal> {
  const challengeId: unknown = await getPasskeyCookie().parse(request.headers.get("Cookie"));
  const challenge = typeof challengeId === "string" && challengeId ? takeAuthenticationChallenge(challengeId, now) : null;
  if (!challenge) return refusal(400, "response", PASSKEY_REFUSALS.challengeExpired.message);
  const passkey = findPasskeyByCredentialId(response.id);
  if (!passkey) return refusal(400, "response.id", PASSKEY_REFUSALS.unknownCredential.message);
  if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.userHandle) {
    return refusal(400, "response.userHandle", PASSKEY_REFUSALS.notVerified.message);
  }
  const rp = relyingParty(request);
  // The counter is checked below, after the signature: the library is handed 0 so that it does not decide it.
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: 0, transports: passkeyTransports(passkey) },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return refusal(400, "response", PASSKEY_REFUSALS.notVerified.message);
  const info = verification.authenticationInfo;
  if (counterRegressed(passkey.counter, info.newCounter)) return refusal(403, "response", PASSKEY_REFUSALS.clonedAuthenticator.message);
  recordPasskeyUse(passkey.id, { counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, now });
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id };
}
