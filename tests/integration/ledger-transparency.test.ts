/**
 * The ledger as a transparency log: GET /api/ledger/checkpoint, /public-key,
 * /proof/inclusion and /proof/consistency against this file's SQLite database,
 * checked with node:crypto and a Merkle root computed here from the rows of
 * GET /api/ledger (RFC 9162 §2.1.1, written out independently).
 */
import { createHash, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyConsistency, verifyInclusion } from "~/domain/merkle";
import { ledgerTreeSize, syncLedgerTree } from "~/models/ledger-tree.server";
import { publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { ensureLedgerSigningKey } from "~/services/ledger-checkpoint.server";
import { loader as checkpointLoader } from "~/routes/api.ledger.checkpoint";
import { loader as ledgerLoader } from "~/routes/api.ledger._index";
import { loader as consistencyLoader } from "~/routes/api.ledger.proof.consistency";
import { loader as inclusionLoader } from "~/routes/api.ledger.proof.inclusion";
import { loader as publicKeyLoader } from "~/routes/api.ledger.public-key";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
let adminId: number;
let strategyId: number;

const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
/** MTH by RFC 9162's recursive definition over the rows' hashes. */
function mth(hashes: Buffer[]): Buffer {
  if (hashes.length === 1) return sha(Buffer.of(0), hashes[0]!);
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return sha(Buffer.of(1), mth(hashes.slice(0, k)), mth(hashes.slice(k)));
}

async function get<T = Record<string, unknown>>(loader: Parameters<typeof callRoute>[0], path: string): Promise<{ status: number; type: string | null; body: T }> {
  const response = await callRoute(loader, getRequest(`${BASE}${path}`));
  return { status: response.status, type: response.headers.get("Content-Type"), body: (await response.json()) as T };
}

async function rowHashes(): Promise<Buffer[]> {
  const { body } = await get<{ events: Array<{ hash: string }> }>(ledgerLoader, "/api/ledger?limit=100");
  return body.events.map((event) => Buffer.from(event.hash, "hex"));
}

function publish(count: number): void {
  for (let i = 0; i < count; i += 1) publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
}

interface CheckpointBody {
  treeSize: number;
  rootHash: string;
  timestamp: string;
  keyId: string;
  note: string;
  signature: string;
}

beforeAll(() => {
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "tlog-strategy", name: "Tlog Strategy" }).id;
  publish(11);
});

describe("GET /api/ledger/checkpoint and /api/ledger/public-key", () => {
  it("sign the root of the rows' Merkle tree with the published Ed25519 key", async () => {
    const hashes = await rowHashes();
    const { status, body } = await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint");
    expect(status).toBe(200);
    expect(body.treeSize).toBe(hashes.length);
    expect(body.rootHash).toBe(mth(hashes).toString("hex"));
    expect(body.note).toBe(`localhost/ledger\n${hashes.length}\n${mth(hashes).toString("base64")}\n`);
    expect(Date.parse(body.timestamp)).not.toBeNaN();

    const key = await get<{ keyId: string; algorithm: string; publicKey: string }>(publicKeyLoader, "/api/ledger/public-key");
    expect(key.body).toMatchObject({ algorithm: "Ed25519", keyId: body.keyId });
    const raw = Buffer.from(key.body.publicKey, "base64");
    expect(raw).toHaveLength(32);
    const expectedId = sha(Buffer.from("localhost/ledger\n\x01", "latin1"), raw).subarray(0, 4).toString("hex");
    expect(body.keyId).toBe(expectedId);
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
    expect(verify(null, Buffer.from(body.note, "utf8"), publicKey, Buffer.from(body.signature, "base64"))).toBe(true);
    expect(verify(null, Buffer.from(body.note.replace(/\n\d+\n/, "\n1\n"), "utf8"), publicKey, Buffer.from(body.signature, "base64"))).toBe(false);
  });

  it("keeps the generated key beside the database, readable by its owner only, and signs with it on every request", async () => {
    const path = join(dirname(process.env.DATABASE_PATH!), ".ledger-signing-key.pem");
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const first = await get<{ publicKey: string }>(publicKeyLoader, "/api/ledger/public-key");
    const second = await get<{ publicKey: string }>(publicKeyLoader, "/api/ledger/public-key");
    expect(second.body.publicKey).toBe(first.body.publicKey);
  });
});

describe("ensureLedgerSigningKey", () => {
  it("takes LEDGER_SIGNING_KEY (PKCS#8 PEM) over the file, and refuses a key that is not Ed25519", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const fromEnv = ensureLedgerSigningKey(process.env.DATABASE_PATH!, pem);
    expect(fromEnv).toMatchObject({ source: "env", created: false });
    expect(createPublicKey(fromEnv.key).export({ format: "jwk" }).x).toBe(createPublicKey(privateKey).export({ format: "jwk" }).x);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(() => ensureLedgerSigningKey(process.env.DATABASE_PATH!, rsa)).toThrow(/Ed25519/);
  });
});

describe("GET /api/ledger/proof/inclusion", () => {
  it("proves every row in the tree of the current size and of an older size", async () => {
    const hashes = await rowHashes();
    for (const size of [hashes.length, 5]) {
      const root = mth(hashes.slice(0, size));
      for (let seq = 1; seq <= size; seq += 1) {
        const { status, body } = await get<{ seq: number; leafIndex: number; treeSize: number; leafHash: string; auditPath: string[] }>(
          inclusionLoader,
          `/api/ledger/proof/inclusion?seq=${seq}&treeSize=${size}`,
        );
        expect(status).toBe(200);
        expect(body).toMatchObject({ seq, leafIndex: seq - 1, treeSize: size });
        expect(body.leafHash).toBe(sha(Buffer.of(0), hashes[seq - 1]!).toString("hex"));
        const path = body.auditPath.map((h) => Buffer.from(h, "hex"));
        expect(verifyInclusion(Buffer.from(body.leafHash, "hex"), seq - 1, size, path, root), `seq ${seq} in ${size}`).toBe(true);
      }
    }
  });

  it.each([
    ["seq=0&treeSize=3", "seq"],
    ["seq=4&treeSize=3", "seq"],
    ["seq=abc", "seq"],
    ["treeSize=3", "seq"],
    ["seq=1&treeSize=0", "treeSize"],
    ["seq=1&treeSize=1000", "treeSize"],
    ["seq=1&treeSize=-2", "treeSize"],
  ])("answers ?%s with a 400 problem naming %s", async (query, field) => {
    const { status, type, body } = await get<{ errors: Array<{ field: string }> }>(inclusionLoader, `/api/ledger/proof/inclusion?${query}`);
    expect(status).toBe(400);
    expect(type).toContain("application/problem+json");
    expect(body.errors.map((e) => e.field)).toEqual([field]);
  });
});

describe("GET /api/ledger/proof/consistency", () => {
  it("proves every older tree is a prefix of the current one, across appends", async () => {
    const before = await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint");
    publish(6);
    const hashes = await rowHashes();
    const after = await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint");
    expect(after.body.treeSize).toBe(hashes.length);
    for (let from = 1; from <= hashes.length; from += 1) {
      const { status, body } = await get<{ from: number; to: number; proof: string[] }>(consistencyLoader, `/api/ledger/proof/consistency?from=${from}&to=${hashes.length}`);
      expect(status).toBe(200);
      const proof = body.proof.map((h) => Buffer.from(h, "hex"));
      expect(verifyConsistency(from, hashes.length, mth(hashes.slice(0, from)), mth(hashes), proof), `${from}→${hashes.length}`).toBe(true);
    }
    const { body } = await get<{ proof: string[]; to: number }>(consistencyLoader, `/api/ledger/proof/consistency?from=${before.body.treeSize}`);
    expect(body.to).toBe(after.body.treeSize);
    const proof = body.proof.map((h) => Buffer.from(h, "hex"));
    expect(verifyConsistency(before.body.treeSize, body.to, Buffer.from(before.body.rootHash, "hex"), Buffer.from(after.body.rootHash, "hex"), proof)).toBe(true);
  });

  it.each([
    ["from=0&to=3", "from"],
    ["from=4&to=3", "from"],
    ["to=3", "from"],
    ["from=1&to=0", "to"],
    ["from=1&to=99999", "to"],
    ["from=1.5", "from"],
  ])("answers ?%s with a 400 problem naming %s", async (query, field) => {
    const { status, body } = await get<{ errors: Array<{ field: string }> }>(consistencyLoader, `/api/ledger/proof/consistency?${query}`);
    expect(status).toBe(400);
    expect(body.errors.map((e) => e.field)).toEqual([field]);
  });
});

describe("the stored tree", () => {
  it("is written with each ledger row, and rebuilt from the rows when its nodes are missing", async () => {
    const db = getDb();
    const head = db.$client.prepare("SELECT max(seq) AS seq FROM signal_events").get() as { seq: number };
    expect(ledgerTreeSize()).toBe(head.seq);
    const root = (await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint")).body.rootHash;
    db.$client.prepare("DELETE FROM ledger_tree_nodes").run();
    expect(ledgerTreeSize()).toBe(0);
    expect(syncLedgerTree()).toBe(head.seq);
    expect((await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint")).body.rootHash).toBe(root);
    db.$client.prepare("DELETE FROM ledger_tree_nodes").run();
    publish(1);
    expect(ledgerTreeSize()).toBe(head.seq + 1);
    expect((await get<CheckpointBody>(checkpointLoader, "/api/ledger/checkpoint")).body.rootHash).toBe(mth(await rowHashes()).toString("hex"));
  });
});
