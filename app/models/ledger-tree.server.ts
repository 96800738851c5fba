/**
 * The ledger's Merkle tree as stored complete subtree hashes
 * (`ledger_tree_nodes`, app/domain/merkle.ts, docs/decisions/0095-ledger-merkle-tree.md).
 *
 * `appendLedgerLeaf` runs inside the transaction that appends the ledger row
 * (app/models/signals.server.ts), so the tree always covers the committed rows;
 * `syncLedgerTree` catches up a file whose rows were written before the tree
 * existed (`npm start` runs it). Root and proofs read O(log n) stored nodes.
 */
import { asc, eq, gt, lt, max } from "drizzle-orm";
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

/** Rowid stride of a level: node (level, index) is stored under level·2^40 + index (2^40 leaves is far beyond any ledger). */
const LEVEL_STRIDE = 2 ** 40;

/** The rowid of node (level, index). */
function nodeId(level: number, index: number): number {
  return level * LEVEL_STRIDE + index;
}

const nodeStatements = new WeakMap<Db["$client"], { get: (id: number) => unknown }>();

/** The node lookup as a statement compiled once per connection (proofs read dozens of nodes per request). */
function nodeStatement(db: Db): { get: (id: number) => unknown } {
  let statement = nodeStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare("SELECT hash FROM ledger_tree_nodes WHERE id = ?");
    nodeStatements.set(db.$client, statement);
  }
  return statement;
}

/** Reads stored nodes of `db`. @throws Error naming the node when it is missing (the tree is behind the ledger). */
function readerOf(db: Queryable): NodeReader {
  const lookup =
    "$client" in db
      ? (id: number) => nodeStatement(db as Db).get(id) as { hash: Buffer } | undefined
      : (id: number) => db.select({ hash: ledgerTreeNodes.hash }).from(ledgerTreeNodes).where(eq(ledgerTreeNodes.id, id)).get();
  return (level, index) => {
    const row = lookup(nodeId(level, index));
    if (!row) throw new Error(`The ledger tree has no node at level ${level}, index ${index}`);
    return row.hash;
  };
}

/** Leaves in the stored tree (the number of ledger rows it covers). */
export function ledgerTreeSize(db: Queryable = getDb()): number {
  const row = db.select({ last: max(ledgerTreeNodes.id) }).from(ledgerTreeNodes).where(lt(ledgerTreeNodes.id, LEVEL_STRIDE)).get();
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

function storeLeaf(db: Queryable, index: number, hashHex: string): void {
  const nodes = nodesForAppend(readerOf(db), index, Buffer.from(hashHex, "hex"));
  db.insert(ledgerTreeNodes)
    .values(nodes.map((node) => ({ id: nodeId(node.level, node.index), hash: node.hash })))
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
