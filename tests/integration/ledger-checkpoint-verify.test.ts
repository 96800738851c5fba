/**
 * Holding the ledger to a kept checkpoint: `npm run ledger:verify -- --checkpoint
 * FILE` (scripts/ledger-verify.ts) on tampered copies of this file's database,
 * and `npm run ledger:witness` (scripts/ledger-witness.ts) against the routes
 * while the database under them is truncated, rewritten and forked by someone
 * holding the file and the key. Each tamperer recomputes the hash chain to the
 * head and rebuilds the stored tree, so only the kept checkpoint can tell.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { eventHash, payloadHash } from "~/domain/ledger";
import { syncLedgerTree } from "~/models/ledger-tree.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { loader as checkpointLoader } from "~/routes/api.ledger.checkpoint";
import { loader as ledgerLoader } from "~/routes/api.ledger._index";
import { loader as consistencyLoader } from "~/routes/api.ledger.proof.consistency";
import { loader as publicKeyLoader } from "~/routes/api.ledger.public-key";
import { main as verifyMain } from "../../scripts/ledger-verify";
import { main as witnessMain } from "../../scripts/ledger-witness";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { routeArgs } from "../support/http";

const dir = dirname(process.env.DATABASE_PATH!);
let copies = 0;
let adminId: number;
let strategyId: number;
let closedId: number;
let checkpointFile: string;
let checkpointSize: number;

const ROUTES: Record<string, (args: ReturnType<typeof routeArgs>) => Promise<Response>> = {
  "/api/ledger/checkpoint": checkpointLoader,
  "/api/ledger/public-key": publicKeyLoader,
  "/api/ledger/proof/consistency": consistencyLoader,
  "/api/ledger": ledgerLoader,
};
/** Calls the route loaders as a server would answer the URL. */
const fetcher = async (url: string) => {
  const loader = ROUTES[new URL(url).pathname];
  return loader ? loader(routeArgs(new Request(url))) : new Response("not found", { status: 404 });
};

function publish(count: number): void {
  for (let i = 0; i < count; i += 1) publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
}

async function saveCheckpoint(name: string): Promise<{ path: string; treeSize: number }> {
  const body = (await (await fetcher("http://localhost/api/ledger/checkpoint")).json()) as { treeSize: number };
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return { path, treeSize: body.treeSize };
}

/** Recomputes every row's payload hash and chain hash from `fromSeq` to the head, and rebuilds the stored tree: what a tamperer with the file does. */
function reseal(db: Database.Database, fromSeq: number): void {
  type Row = { seq: number; signal_id: number; type: string; payload: string; salt: string; occurred_at: number; recorded_at: number; prev_hash: string };
  const rows = db.prepare("SELECT * FROM signal_events WHERE seq >= ? ORDER BY seq").all(fromSeq) as Row[];
  let prev = fromSeq === 1 ? "0".repeat(64) : (db.prepare("SELECT hash FROM signal_events WHERE seq = ?").get(fromSeq - 1) as { hash: string }).hash;
  const update = db.prepare("UPDATE signal_events SET payload_hash = ?, prev_hash = ?, hash = ? WHERE seq = ?");
  for (const row of rows) {
    const committed = payloadHash(row.salt, row.payload);
    const hash = eventHash({
      prevHash: prev,
      seq: row.seq,
      type: row.type,
      signalId: row.signal_id,
      occurredAt: new Date(row.occurred_at),
      recordedAt: new Date(row.recorded_at),
      payloadHash: committed,
    });
    update.run(committed, prev, hash, row.seq);
    prev = hash;
  }
  db.exec("DELETE FROM ledger_tree_nodes");
}

function rebuildTree(path: string): void {
  const db = openDatabase(path);
  try {
    syncLedgerTree(db);
  } finally {
    db.$client.close();
  }
}

/** A copy of the database tampered by `tamper` (triggers dropped first), chain resealed and tree rebuilt. */
function tamperedCopy(tamper: (db: Database.Database) => number): string {
  copies += 1;
  const path = join(dir, `tlog-copy-${copies}.db`);
  getDb().$client.exec(`VACUUM INTO '${path}'`);
  const db = new Database(path);
  db.exec("DROP TRIGGER IF EXISTS signal_events_no_update; DROP TRIGGER IF EXISTS signal_events_no_delete;");
  reseal(db, tamper(db));
  db.close();
  rebuildTree(path);
  return path;
}

const relabelClose = (db: Database.Database): number => {
  const row = db.prepare("SELECT seq FROM signal_events WHERE type = 'closed' AND signal_id = ?").get(closedId) as { seq: number };
  db.prepare("UPDATE signal_events SET payload = replace(payload, '\"SL\"', '\"TP1\"') WHERE seq = ?").run(row.seq);
  return row.seq;
};

async function verifyWith(path: string, checkpoint: string): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await verifyMain(["--checkpoint", checkpoint], { DATABASE_PATH: path }, (line) => lines.push(line));
  return { code, text: lines.join("\n") };
}

beforeAll(async () => {
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "kept-strategy", name: "Kept Strategy" }).id;
  publish(3);
  const loser = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);
  closeSignal(loser.id, { exitPrice: 1.08, reason: "SL" });
  closedId = loser.id;
  publish(2);
  ({ path: checkpointFile, treeSize: checkpointSize } = await saveCheckpoint("kept-checkpoint.json"));
  publish(3);
});

describe("ledger:verify --checkpoint", () => {
  it("passes when the log extends the kept checkpoint", async () => {
    const result = await verifyWith(process.env.DATABASE_PATH!, checkpointFile);
    expect(result.code).toBe(0);
    expect(result.text).toContain(`extends the checkpoint of ${checkpointSize} entries`);
  });

  it("fails a truncated log (rows deleted below the kept size, chain and tree consistent)", async () => {
    const path = tamperedCopy((db) => {
      db.prepare("DELETE FROM signal_events WHERE seq >= ?").run(checkpointSize - 1);
      return checkpointSize - 1;
    });
    const result = await verifyWith(path, checkpointFile);
    expect(result.text).toContain("verified");
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/truncated: the log has \d+ entries, fewer than the \d+ of the kept checkpoint/);
  });

  it("fails a rewritten tail (a closed SL relabelled TP1 and the chain recomputed to the head)", async () => {
    const result = await verifyWith(tamperedCopy(relabelClose), checkpointFile);
    expect(result.text).toContain("verified");
    expect(result.code).toBe(1);
    expect(result.text).toContain("rewritten");
  });

  it("fails a fork: the kept size, another history", async () => {
    const path = tamperedCopy((db) => {
      db.prepare("DELETE FROM signal_events WHERE seq > ?").run(checkpointSize);
      return relabelClose(db);
    });
    const result = await verifyWith(path, checkpointFile);
    expect(result.code).toBe(1);
    expect(result.text).toContain("forked");
  });

  it("fails a checkpoint whose note or signature was altered, and a stored tree that is not the rows'", async () => {
    const kept = JSON.parse(readFileSync(checkpointFile, "utf8")) as { note: string; treeSize: number };
    const forged = join(dir, "forged-checkpoint.json");
    writeFileSync(forged, JSON.stringify({ ...kept, treeSize: 2, note: kept.note.replace(`\n${kept.treeSize}\n`, "\n2\n") }));
    const result = await verifyWith(process.env.DATABASE_PATH!, forged);
    expect(result.code).toBe(1);
    expect(result.text).toContain("signature does not verify");

    copies += 1;
    const path = join(dir, `tlog-copy-${copies}.db`);
    getDb().$client.exec(`VACUUM INTO '${path}'`);
    const db = new Database(path);
    const rows = (db.prepare("SELECT count(*) AS n FROM signal_events").get() as { n: number }).n;
    // The node over the first 2^k rows, which the root is built from.
    db.prepare("UPDATE ledger_tree_nodes SET hash = zeroblob(32) WHERE id = ?").run(Math.floor(Math.log2(rows)) * 2 ** 40);
    db.close();
    const tree = await verifyWith(path, checkpointFile);
    expect(tree.code).toBe(1);
    expect(tree.text).toContain("stored Merkle tree");
  });
});

describe("ledger:witness", () => {
  const state = join(dir, "witness.json");
  const run = async () => {
    const lines: string[] = [];
    const code = await witnessMain(["--url", "http://localhost", "--state", state], (line) => lines.push(line), fetcher, () => new Date("2026-11-28T03:00:00.000Z"));
    return { code, text: lines.join("\n") };
  };
  const kept = () => JSON.parse(readFileSync(state, "utf8")) as { checkpoint: { treeSize: number; rootHash: string } };
  const live = getDb;

  /** Tampers with the live database under the routes, as the site's operator could. */
  function tamperLive(tamper: (db: Database.Database) => number): void {
    const db = live().$client;
    db.exec("DROP TRIGGER IF EXISTS signal_events_no_update; DROP TRIGGER IF EXISTS signal_events_no_delete;");
    reseal(db, tamper(db));
    syncLedgerTree();
  }

  it("keeps the first checkpoint and pins the key, then accepts growth proved consistent", async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.text).toContain("first checkpoint");
    const size = kept().checkpoint.treeSize;
    publish(2);
    const second = await run();
    expect(second.code).toBe(0);
    expect(second.text).toContain(`grew from ${size} to ${size + 2}`);
    expect(kept().checkpoint.treeSize).toBe(size + 2);
  });

  it("rejects a rewritten tail, keeping its state and saving the evidence", async () => {
    const before = readFileSync(state, "utf8");
    tamperLive(relabelClose);
    publish(1);
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.text).toContain("rewritten");
    expect(readFileSync(state, "utf8")).toBe(before);
    expect(readdirSync(dir).some((name) => name.startsWith("witness.json.rejected-"))).toBe(true);
  });

  it("rejects a fork at the kept size and a shrink", async () => {
    const size = kept().checkpoint.treeSize;
    tamperLive((db) => {
      db.prepare("DELETE FROM signal_events WHERE seq > ?").run(size);
      return size;
    });
    const fork = await run();
    expect(fork.code).toBe(1);
    expect(fork.text).toContain("forked");

    tamperLive((db) => {
      db.prepare("DELETE FROM signal_events WHERE seq > ?").run(size - 2);
      return size - 2;
    });
    const shrink = await run();
    expect(shrink.code).toBe(1);
    expect(shrink.text).toContain("truncated");
    expect(kept().checkpoint.treeSize).toBe(size);
    expect(existsSync(state)).toBe(true);
  });
});
