/**
 * A stand-in for a browser's push service on 127.0.0.1 (RFC 8030), and the
 * browser's side of the encryption: `browserSubscription` makes the P-256 key
 * pair and auth secret a browser's PushManager would, and `decryptPush`
 * opens an `aes128gcm` message with them as the browser does (RFC 8291 §3.4,
 * RFC 8188). `verifyVapid` checks the VAPID JWT (RFC 8292) against the key
 * in the Authorization header. Only `node:crypto`: nothing of `web-push`, so
 * the test checks our requests against the protocol, not the library against itself.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** The origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  received: ReceivedPush[];
  /** The status the next requests are answered with (201 by default). */
  status: number;
  close(): Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushService> {
  const service: PushService = { origin: "", received: [], status: 201, close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      service.received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () => new Promise((resolve) => server.close(() => resolve()));
  return service;
}

/** A browser's subscription keys: the ECDH key pair and the 16-byte auth secret, and their base64url forms. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  p256dh: string;
  auth: string;
}

export function browserSubscription(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") };
}

/** HKDF-SHA-256 with a single expand block (enough for the 32 bytes used here). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac("sha256", salt).update(ikm).digest();
  return createHmac("sha256", prk).update(Buffer.concat([info, Buffer.from([1])])).digest().subarray(0, length);
}

/**
 * Decrypts one `aes128gcm` push message body for `keys` (a single record).
 * @throws when the header, the tag or the padding is wrong.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(keys.authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header: an ES256 JWT
 * signed by `k`, for `audience`, not expired at `now`.
 * @returns the key `k` and the JWT claims.
 * @throws when the header is missing or the signature or claims are wrong.
 */
export function verifyVapid(header: string | undefined, audience: string, now: Date): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [head, payload, signature] = match[1]!.split(".") as [string, string, string];
  const point = Buffer.from(match[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const valid = verify("sha256", Buffer.from(`${head}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("the VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { aud: string; exp: number; sub: string };
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  if (claims.exp * 1000 <= now.getTime()) throw new Error("the VAPID token has expired");
  return { key: match[2]!, claims };
}
