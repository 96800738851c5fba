/**
 * `npm run bench:merkle [-- N]`: the ledger's Merkle tree at N leaves (default
 * 1,000,000) on a fresh temporary database: builds the stored nodes of N leaves
 * (random 32-byte row hashes), then times, median and 95th percentile over
 * 1,000 calls each: one leaf append (`appendLedgerLeaf` in its own IMMEDIATE
 * transaction: the tree's share of a ledger append), a signed checkpoint
 * (`currentCheckpoint`), an inclusion proof of a random row and a consistency
 * proof from a random size, both in the full tree. Prints milliseconds and the
 * file's size. DATABASE_PATH is set to the temporary file.
 */
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { median, percentile } from "../harness/stats";
import { temporaryDatabase } from "../harness/temporary";

const LEAVES = Number(process.argv[2] ?? 1_000_000);
const CALLS = 1_000;

const database = temporaryDatabase("fx-merkle-bench-", { useAsApp: true });
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";

function stats(samples: number[]): string {
  return `median ${median(samples).toFixed(3)} ms, p95 ${percentile(samples, 95).toFixed(3)} ms`;
}

function time(run: (i: number) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

try {
  const { migrateDatabase } = await import("../db/connection");
  const { getDb } = await import("../app/platform/db.server");
  const { nodesForAppend } = await import("../app/domain/merkle");
  const tree = await import("../app/models/ledger-tree.server");
  const { currentCheckpoint } = await import("../app/services/ledger-checkpoint.server");
  const db = getDb();
  migrateDatabase(db);

  // The stored nodes of LEAVES leaves, as appends would have written them (the right edge kept in memory while building).
  const built = performance.now();
  const insert = db.$client.prepare("INSERT INTO ledger_tree_nodes (id, hash) VALUES (?, ?)");
  const edge = new Map<string, Buffer>();
  db.$client.transaction(() => {
    for (let index = 0; index < LEAVES; index += 1) {
      for (const node of nodesForAppend((level, at) => edge.get(`${level}/${at}`)!, index, randomBytes(32))) {
        insert.run(node.level * 2 ** 40 + node.index, node.hash);
        edge.set(`${node.level}/${node.index}`, node.hash);
        edge.delete(`${node.level}/${node.index - 2}`);
      }
    }
  })();
  console.log(`Built ${LEAVES.toLocaleString("en")} leaves (${(2 * LEAVES).toLocaleString("en")} nodes) in ${((performance.now() - built) / 1000).toFixed(1)} s`);

  const size = tree.ledgerTreeSize(db);
  const random = (max: number) => 1 + Math.floor(Math.random() * max);
  const checkpoints = time(() => currentCheckpoint("bench.example/ledger", new Date()));
  const inclusion = time(() => tree.getInclusionProof(random(size), size, db));
  const consistency = time(() => tree.getConsistencyProof(random(size), size, db));
  const hashes = Array.from({ length: CALLS }, () => randomBytes(32).toString("hex"));
  const appends = time((i) => db.transaction((tx) => tree.appendLedgerLeaf(tx, size + i + 1, hashes[i]!), { behavior: "immediate" }));

  console.log(`Tree of ${size.toLocaleString("en")} leaves, file ${(statSync(database.databasePath).size / 1e6).toFixed(0)} MB`);
  console.log(`Append (tree nodes, own transaction): ${stats(appends)}`);
  console.log(`Signed checkpoint:                    ${stats(checkpoints)}`);
  console.log(`Inclusion proof:                      ${stats(inclusion)}`);
  console.log(`Consistency proof:                    ${stats(consistency)}`);
} finally {
  database.remove();
}
