/**
 * The ledger's Merkle tree as stored complete subtree hashes
 * (`ledger_tree_nodes`, app/domain/merkle.ts, docs/decisions/0095-ledger-merkle-tree.md).
 *
 * `appendLedgerLeaf` runs inside the transaction that appends the ledger row
 * (app/models/signals.server.ts), so the tree always covers the committed rows;
 * `syncLedgerTree` catches up a file whose rows were written before the tree
 * existed (`npm start` runs it). Root and proofs read O(log n) stored nodes.
 */
import { and, asc, eq, gt, max } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ledgerTreeNodes, signalEvents } from "../../db/schema";
import {
  consistencyProof,
  inclusionProof,
  nodesForAppend,
  rangeHash,
  treeRoot,
  type NodeReader,
} from "~/domain/merkle";
import { getDb } from "~/platform/db.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A connection or a transaction. */
type Queryable = Db | Tx;

/** Rows read per query while catching up. */
const SYNC_PAGE = 2000;

/** Reads stored nodes of `db`. @throws Error naming the node when it is missing (the tree is behind the ledger). */
function readerOf(db: Queryable): NodeReader {
  return (level, index) => {
    const row = db
      .select({ hash: ledgerTreeNodes.hash })
      .from(ledgerTreeNodes)
      .where(and(eq(ledgerTreeNodes.level, level), eq(ledgerTreeNodes.idx, index)))
      .get();
    if (!row) throw new Error(`The ledger tree has no node at level ${level}, index ${index}`);
    return row.hash;
  };
}

/** Leaves in the stored tree (the number of ledger rows it covers). */
export function ledgerTreeSize(db: Queryable = getDb()): number {
  const row = db.select({ last: max(ledgerTreeNodes.idx) }).from(ledgerTreeNodes).where(eq(ledgerTreeNodes.level, 0)).get();
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

function storeLeaf(db: Queryable, index: number, hashHex: string): void {
  const nodes = nodesForAppend(readerOf(db), index, Buffer.from(hashHex, "hex"));
  db.insert(ledgerTreeNodes)
    .values(nodes.map((node) => ({ level: node.level, idx: node.index, hash: node.hash })))
    .run();
}

/**
 * Adds the ledger rows the tree does not cover yet, in seq order (a no-op once
 * done), in an IMMEDIATE transaction (a savepoint inside an open one).
 * @returns the number of leaves added.
 */
export function syncLedgerTree(db: Queryable = getDb()): number {
  const run = (tx: Queryable): number => {
    let size = ledgerTreeSize(tx);
    let added = 0;
    for (;;) {
      const page = tx
        .select({ seq: signalEvents.seq, hash: signalEvents.hash })
        .from(signalEvents)
        .where(gt(signalEvents.seq, size))
        .orderBy(asc(signalEvents.seq))
        .limit(SYNC_PAGE)
        .all();
      for (const row of page) {
        if (row.seq !== size + 1) throw new Error(`The ledger has no row at seq ${size + 1}; the tree cannot cover it`);
        storeLeaf(tx, size, row.hash);
        size += 1;
        added += 1;
      }
      if (page.length < SYNC_PAGE) return added;
    }
  };
  return db.transaction(run, { behavior: "immediate" });
}

/**
 * Adds the just-appended ledger row (seq, hash) as leaf seq − 1, catching up
 * earlier rows first. Call inside the transaction that inserted the row.
 */
export function appendLedgerLeaf(tx: Tx, seq: number, hashHex: string): void {
  const size = ledgerTreeSize(tx);
  if (size >= seq) throw new Error(`The ledger tree already covers seq ${seq}`);
  if (size < seq - 1) syncLedgerTree(tx);
  else storeLeaf(tx, size, hashHex);
}

/** The stored tree's size and root: `{treeSize, rootHash}` (root as 32 bytes; SHA-256("") when empty). */
export function getLedgerTreeHead(db: Queryable = getDb()): { treeSize: number; rootHash: Buffer } {
  const treeSize = ledgerTreeSize(db);
  return { treeSize, rootHash: treeRoot(readerOf(db), treeSize) };
}

/** MTH of the first `size` stored leaves (1 ≤ size ≤ tree size). */
export function getLedgerRoot(size: number, db: Queryable = getDb()): Buffer {
  return treeRoot(readerOf(db), size);
}

/** The stored leaf hash of ledger row `seq` (leaf seq − 1). */
export function getLedgerLeafHash(seq: number, db: Queryable = getDb()): Buffer {
  return rangeHash(readerOf(db), seq - 1, seq);
}

/** RFC 9162 inclusion proof of row `seq` in the tree of the first `treeSize` rows (1 ≤ seq ≤ treeSize ≤ tree size). */
export function getInclusionProof(seq: number, treeSize: number, db: Queryable = getDb()): Buffer[] {
  return inclusionProof(readerOf(db), seq - 1, treeSize);
}

/** RFC 9162 consistency proof between the trees of the first `from` and `to` rows (1 ≤ from ≤ to ≤ tree size). */
export function getConsistencyProof(from: number, to: number, db: Queryable = getDb()): Buffer[] {
  return consistencyProof(readerOf(db), from, to);
}
