/**
 * A software WebAuthn authenticator for tests: an ES256 (P-256) key pair from
 * node:crypto per credential, answering `navigator.credentials.create()` with a
 * "none" attestation and `get()` with a signed assertion, byte for byte in the
 * formats of WebAuthn Level 3: authenticatorData (§6.1: rpIdHash, flags,
 * signCount, attested credential data with the COSE_Key of RFC 9053 §7.1.1),
 * clientDataJSON (§5.8.1) and the attestation object (§6.5, CBOR, RFC 8949).
 * Answers come in @simplewebauthn/browser's JSON shape (base64url strings).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/** authenticatorData flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

// ---------------------------------------------------------------- minimal CBOR encoder (RFC 8949 §3)

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** CBOR bytes of an integer, text string, byte string or map. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------- authenticator

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** COSE_Key (EC2, P-256, ES256) of the public key. */
  cosePublicKey: Buffer;
  userHandle: string;
  rpId: string;
  signCount: number;
}

function newCredential(rpId: string, userHandle: string): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  return { id: randomBytes(32), privateKey, cosePublicKey: cose, userHandle, rpId, signCount: 0 };
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: SoftCredential): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount, 0);
  const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
  if (attested) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(attested.id.length, 0);
    parts.push(Buffer.alloc(16), length, attested.id, attested.cosePublicKey);
  }
  return Buffer.concat(parts);
}

/** What an answer may get wrong on purpose: flags, origin, the counter. */
export interface AnswerOptions {
  origin: string;
  /** authenticatorData flags besides AT (default UP|UV). */
  flags?: number;
  /** The signature counter to send (default: the credential's, plus one). */
  signCount?: number;
}

/**
 * Answers registration options (`rp.id`, `user.id`, `challenge`) with a new credential.
 * @returns the credential (kept by the caller for later sign-ins) and the RegistrationResponseJSON.
 */
export function createCredential(
  options: { rp: { id?: string }; user: { id: string }; challenge: string },
  answer: AnswerOptions,
) {
  const rpId = options.rp.id!;
  const credential = newCredential(rpId, options.user.id);
  const flags = (answer.flags ?? FLAGS.UP | FLAGS.UV) | FLAGS.AT;
  credential.signCount = answer.signCount ?? 0;
  const authData = authenticatorData(rpId, flags, credential.signCount, credential);
  const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
  const response = {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, answer.origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal" as const],
    },
  };
  return { credential, response };
}

/**
 * Answers sign-in options (`challenge`, `rpId`) with an assertion by `credential`,
 * signed (ECDSA P-256 over SHA-256, DER) over authenticatorData ‖ SHA-256(clientDataJSON),
 * and moves the credential's counter to the one sent.
 * @returns AuthenticationResponseJSON.
 */
export function assert(credential: SoftCredential, options: { challenge: string; rpId?: string }, answer: AnswerOptions) {
  const signCount = answer.signCount ?? credential.signCount + 1;
  credential.signCount = signCount;
  const authData = authenticatorData(options.rpId ?? credential.rpId, answer.flags ?? FLAGS.UP | FLAGS.UV, signCount);
  const clientDataJSON = clientData("webauthn.get", options.challenge, answer.origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
  };
}
