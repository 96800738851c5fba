/**
 * The ledger's signing key and its signed checkpoints (docs/ledger.md,
 * docs/decisions/0096-signed-checkpoints.md). The key is LEDGER_SIGNING_KEY
 * (Ed25519, PKCS#8 PEM) or, when unset, a key generated once beside the
 * database (`.ledger-signing-key.pem`, mode 0600) and kept; `node:crypto` signs.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { checkpointKeyId, checkpointNote, rawPublicKey, type Checkpoint, type LedgerPublicKey } from "~/domain/checkpoint";
import { getLedgerTreeHead } from "~/models/ledger-tree.server";
import { getEnv, ledgerKeyPath, publicOrigin } from "~/platform/env.server";

let cached: { source: string; key: KeyObject } | undefined;

function parseKey(pem: string, from: string): KeyObject {
  const key = createPrivateKey(pem.replace(/\\n/g, "\n"));
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`The ledger signing key in ${from} must be an Ed25519 key`);
  return key;
}

/**
 * The private signing key: LEDGER_SIGNING_KEY, else the key file beside
 * `databasePath`, created when missing (never overwritten; a concurrent creator wins).
 * @returns the key, where it came from (`env` or the file path) and whether this call generated it.
 * @throws Error when the configured key is not an Ed25519 PKCS#8 key.
 */
export function ensureLedgerSigningKey(databasePath: string, configured: string | undefined): { key: KeyObject; source: string; created: boolean } {
  if (configured) return { key: parseKey(configured, "LEDGER_SIGNING_KEY"), source: "env", created: false };
  const path = ledgerKeyPath(databasePath);
  try {
    return { key: parseKey(readFileSync(path, "utf8"), path), source: path, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { privateKey } = generateKeyPairSync("ed25519");
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { key: parseKey(readFileSync(path, "utf8"), path), source: path, created: false };
  }
  return { key: privateKey, source: path, created: true };
}

/** The process's signing key (read once per database path and configuration). */
function signingKey(): KeyObject {
  const env = getEnv();
  const source = env.LEDGER_SIGNING_KEY ? "env" : ledgerKeyPath(env.DATABASE_PATH);
  if (cached?.source !== source) cached = { source, key: ensureLedgerSigningKey(env.DATABASE_PATH, env.LEDGER_SIGNING_KEY).key };
  return cached.key;
}

/** The checkpoint origin line: the site's host and `/ledger` (e.g. `fx.example.com/ledger`). */
export function ledgerOrigin(request: Request): string {
  return `${new URL(publicOrigin(request)).host}/ledger`;
}

/** `{keyId, algorithm: "Ed25519", publicKey}` for the log named `origin`. */
export function ledgerPublicKey(origin: string): LedgerPublicKey {
  const raw = rawPublicKey(createPublicKey(signingKey()));
  return { keyId: checkpointKeyId(origin, raw), algorithm: "Ed25519", publicKey: raw.toString("base64") };
}

/** The tree's current size and root, signed: O(log n) stored-node reads and one Ed25519 signature. */
export function currentCheckpoint(origin: string, now: Date): Checkpoint {
  const { treeSize, rootHash } = getLedgerTreeHead();
  const key = signingKey();
  const note = checkpointNote(origin, treeSize, rootHash);
  return {
    treeSize,
    rootHash: rootHash.toString("hex"),
    timestamp: now.toISOString(),
    keyId: checkpointKeyId(origin, rawPublicKey(createPublicKey(key))),
    note,
    signature: sign(null, Buffer.from(note, "utf8"), key).toString("base64"),
  };
}
