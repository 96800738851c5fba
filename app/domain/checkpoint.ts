/**
 * Signed checkpoints of the ledger's Merkle tree (docs/ledger.md,
 * docs/decisions/0096-signed-checkpoints.md).
 *
 * The note is the body of a C2SP tlog-checkpoint (https://c2sp.org/tlog-checkpoint):
 * three lines, each ending in LF: the origin (names the log), the tree size in
 * decimal, the root hash in standard base64. The signature is Ed25519 (RFC 8032)
 * over the note's UTF-8 bytes; the key ID is the C2SP signed-note one: the first
 * 4 bytes of SHA-256(key name ‖ LF ‖ 0x01 ‖ 32-byte public key), as 8 hex characters.
 * Pure computation (`node:crypto`); server-side and scripts only.
 */
import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";
import { verifyConsistency } from "./merkle";

/** A checkpoint as `GET /api/ledger/checkpoint` answers it. */
export interface Checkpoint {
  treeSize: number;
  /** 64 lowercase hex characters. */
  rootHash: string;
  /** ISO 8601 UTC: when the server signed it (not covered by the signature). */
  timestamp: string;
  /** 8 lowercase hex characters (see the module comment). */
  keyId: string;
  note: string;
  /** Base64 Ed25519 signature over the UTF-8 bytes of `note`. */
  signature: string;
}

/** `GET /api/ledger/public-key`'s answer. */
export interface LedgerPublicKey {
  keyId: string;
  algorithm: "Ed25519";
  /** Base64 of the raw 32-byte Ed25519 public key. */
  publicKey: string;
}

const ORIGIN = /^[\x21-\x7e][\x20-\x7e]*$/;

/** The checkpoint note: `origin LF treeSize LF base64(root) LF`. @throws Error for an origin with control characters or a bad size or root. */
export function checkpointNote(origin: string, treeSize: number, root: Uint8Array): string {
  if (!ORIGIN.test(origin)) throw new Error("A checkpoint origin is one line of printable ASCII");
  if (!Number.isSafeInteger(treeSize) || treeSize < 0) throw new Error("A tree size is a non-negative integer");
  if (root.length !== 32) throw new Error("A root hash is 32 bytes");
  return `${origin}\n${treeSize}\n${Buffer.from(root).toString("base64")}\n`;
}

/** The note's three fields, or null when it is not exactly three LF-terminated lines of the format. */
export function parseCheckpointNote(note: string): { origin: string; treeSize: number; rootHash: string } | null {
  const lines = note.split("\n");
  if (lines.length !== 4 || lines[3] !== "") return null;
  const [origin, size, root] = lines as [string, string, string];
  if (!ORIGIN.test(origin) || !/^(0|[1-9][0-9]{0,15})$/.test(size)) return null;
  const treeSize = Number(size);
  const bytes = Buffer.from(root, "base64");
  if (!Number.isSafeInteger(treeSize) || bytes.length !== 32 || bytes.toString("base64") !== root) return null;
  return { origin, treeSize, rootHash: bytes.toString("hex") };
}

/** The C2SP signed-note key ID of an Ed25519 key named `name`: 8 hex characters. */
export function checkpointKeyId(name: string, rawPublicKey: Uint8Array): string {
  return createHash("sha256").update(name, "utf8").update(Buffer.of(0x0a, 0x01)).update(rawPublicKey).digest().subarray(0, 4).toString("hex");
}

/** The raw 32 bytes of an Ed25519 public key. */
export function rawPublicKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: "jwk" });
  if (jwk.crv !== "Ed25519" || typeof jwk.x !== "string") throw new Error("The ledger key must be an Ed25519 key");
  return Buffer.from(jwk.x, "base64url");
}

/** An Ed25519 public KeyObject from its raw 32 bytes (base64). @throws Error when it is not 32 bytes. */
export function publicKeyFromBase64(base64: string): KeyObject {
  const raw = Buffer.from(base64, "base64");
  if (raw.length !== 32) throw new Error("An Ed25519 public key is 32 bytes");
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
}

export type CheckpointCheck =
  | { ok: true; origin: string; treeSize: number; rootHash: string }
  | { ok: false; reason: string };

/**
 * Checks a checkpoint on its own: the note parses, its size and root are the
 * JSON's `treeSize` and `rootHash`, and `signature` is the key's Ed25519
 * signature over the note. It says nothing about the log's contents: prove
 * those with a consistency proof (merkle.ts).
 */
export function checkCheckpoint(checkpoint: Pick<Checkpoint, "treeSize" | "rootHash" | "note" | "signature">, publicKey: KeyObject): CheckpointCheck {
  const parsed = typeof checkpoint.note === "string" ? parseCheckpointNote(checkpoint.note) : null;
  if (!parsed) return { ok: false, reason: "the note is not a checkpoint body (origin, size, base64 root, each ending in a line feed)" };
  if (parsed.treeSize !== checkpoint.treeSize || parsed.rootHash !== checkpoint.rootHash) {
    return { ok: false, reason: "treeSize or rootHash differ from the signed note" };
  }
  const signature = Buffer.from(String(checkpoint.signature), "base64");
  if (signature.length !== 64 || !verify(null, Buffer.from(checkpoint.note, "utf8"), publicKey, signature)) {
    return { ok: false, reason: "the signature does not verify with the ledger's public key" };
  }
  return { ok: true, ...parsed };
}

/** A tree head: size and lowercase hex root. */
export interface TreeHead {
  treeSize: number;
  rootHash: string;
}

/**
 * Does the log `current` extend the tree `kept` (a checkpoint saved earlier)?
 * `proof` is the RFC 9162 consistency proof from kept.treeSize to current.treeSize.
 * @returns ok, or the reason in words: truncated (fewer entries), forked (same
 *   size, another root) or rewritten (the proof fails: an entry up to the kept size changed).
 */
export function checkExtends(kept: TreeHead, current: TreeHead, proof: readonly Uint8Array[]): { ok: true } | { ok: false; reason: string } {
  if (current.treeSize < kept.treeSize) {
    return { ok: false, reason: `truncated: the log has ${current.treeSize} entries, fewer than the ${kept.treeSize} of the kept checkpoint` };
  }
  const first = Buffer.from(kept.rootHash, "hex");
  const second = Buffer.from(current.rootHash, "hex");
  if (current.treeSize === kept.treeSize && !first.equals(second)) {
    return { ok: false, reason: `forked: the log of ${kept.treeSize} entries has root ${current.rootHash}, the kept checkpoint ${kept.rootHash}` };
  }
  if (kept.treeSize === 0) return { ok: true };
  if (!verifyConsistency(kept.treeSize, current.treeSize, first, second, proof)) {
    return { ok: false, reason: `rewritten: the log of ${current.treeSize} entries does not extend the kept tree of ${kept.treeSize} (the consistency proof fails)` };
  }
  return { ok: true };
}
