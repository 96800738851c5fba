/**
 * The ledger's Merkle tree: RFC 9162 §2.1 (Certificate Transparency 2.0), with
 * SHA-256 (docs/ledger.md, docs/decisions/0095-ledger-merkle-tree.md).
 *
 *   leaf hash  = SHA-256(0x00 ‖ leaf data)
 *   node hash  = SHA-256(0x01 ‖ left ‖ right)
 *   MTH({})    = SHA-256("")
 *   MTH(D[n])  = H(MTH(D[0:k]), MTH(D[k:n])), k the largest power of two < n
 *
 * A leaf's data is the 32 raw bytes of a ledger row's `hash`, leaf index = seq − 1.
 *
 * Root and proofs read complete subtree hashes through a `NodeReader` (the
 * stored nodes, app/models/ledger-tree.server.ts), so each costs O(log n) reads.
 * A stored node (level, index) is the hash of the complete subtree over leaves
 * [index·2^level, (index+1)·2^level). Pure computation (`node:crypto` hashing);
 * server-side only.
 */
import { createHash } from "node:crypto";

/** Hash length in bytes (SHA-256). */
export const HASH_BYTES = 32;

/** The stored hash of the complete subtree of 2^level leaves starting at leaf index·2^level. */
export type NodeReader = (level: number, index: number) => Buffer;

/** A stored subtree hash: level 0 holds leaf hashes. */
export interface TreeNode {
  level: number;
  index: number;
  hash: Buffer;
}

/** RFC 9162 leaf hash: SHA-256(0x00 ‖ data). */
export function leafHash(data: Uint8Array): Buffer {
  return createHash("sha256").update(Buffer.of(0x00)).update(data).digest();
}

/** RFC 9162 interior node hash: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash("sha256").update(Buffer.of(0x01)).update(left).update(right).digest();
}

/** MTH of the empty tree: SHA-256 of no bytes. */
export function emptyRoot(): Buffer {
  return createHash("sha256").digest();
}

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/**
 * MTH(D[start:end]) from stored complete subtrees: a range that is an aligned
 * power of two is one read; any other range splits as RFC 9162 does. Every range
 * the RFC's recursion visits starts at a multiple of a power of two at least its
 * size, so a right-edge range costs one read per set bit of its size.
 * @throws RangeError when end ≤ start.
 */
export function rangeHash(read: NodeReader, start: number, end: number): Buffer {
  const size = end - start;
  if (!(size >= 1)) throw new RangeError(`An empty range [${start}, ${end}) has no subtree hash`);
  if (isPowerOfTwo(size) && start % size === 0) return read(Math.round(Math.log2(size)), start / size);
  const k = splitPoint(size);
  return nodeHash(rangeHash(read, start, start + k), rangeHash(read, start + k, end));
}

/** MTH of the first `size` leaves (size 0: the empty root). */
export function treeRoot(read: NodeReader, size: number): Buffer {
  return size === 0 ? emptyRoot() : rangeHash(read, 0, size);
}

/**
 * The nodes completed by appending the leaf at `index` (0-based; the tree held
 * `index` leaves before): the leaf hash at level 0, then each parent whose right
 * child that is, up the tree. Store all of them with the leaf (amortised two per leaf).
 * @param read reads nodes already stored (left siblings).
 */
export function nodesForAppend(read: NodeReader, index: number, leafData: Uint8Array): TreeNode[] {
  let hash = leafHash(leafData);
  const nodes: TreeNode[] = [{ level: 0, index, hash }];
  let level = 0;
  let at = index;
  while (at % 2 === 1) {
    hash = nodeHash(read(level, at - 1), hash);
    level += 1;
    at = (at - 1) / 2;
    nodes.push({ level, index: at, hash });
  }
  return nodes;
}

/**
 * RFC 9162 §2.1.3.1 inclusion proof (audit path) of leaf `index` in the tree of
 * the first `size` leaves, deepest sibling first.
 * @throws RangeError unless 0 ≤ index < size.
 */
export function inclusionProof(read: NodeReader, index: number, size: number): Buffer[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`Leaf ${index} is not in a tree of ${size}`);
  let start = 0;
  let end = size;
  let m = index;
  const siblings: Buffer[] = [];
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      siblings.push(rangeHash(read, start + k, end));
      end = start + k;
    } else {
      siblings.push(rangeHash(read, start, start + k));
      start += k;
      m -= k;
    }
  }
  return siblings.reverse();
}

/**
 * RFC 9162 §2.1.4.1 consistency proof between the trees of the first `from` and
 * the first `to` leaves (PROOF(m, D[n]) = SUBPROOF(m, D[n], true)); empty when from = to.
 * @throws RangeError unless 1 ≤ from ≤ to.
 */
export function consistencyProof(read: NodeReader, from: number, to: number): Buffer[] {
  if (!(from >= 1 && from <= to)) throw new RangeError(`No consistency proof from ${from} to ${to}`);
  const outer: Buffer[] = [];
  let start = 0;
  let end = to;
  let m = from;
  let complete = true;
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      outer.push(rangeHash(read, start + k, end));
      end = start + k;
    } else {
      outer.push(rangeHash(read, start, start + k));
      start += k;
      m -= k;
      complete = false;
    }
  }
  const proof: Buffer[] = complete ? [] : [rangeHash(read, start, end)];
  for (let i = outer.length - 1; i >= 0; i -= 1) proof.push(outer[i]!);
  return proof;
}

const half = (n: number) => Math.floor(n / 2);
const odd = (n: number) => n % 2 === 1;

/**
 * RFC 9162 §2.1.3.2: does `path` prove the leaf with hash `leaf` sits at `index`
 * in the tree of `size` leaves whose root is `root`?
 */
export function verifyInclusion(leaf: Uint8Array, index: number, size: number, path: readonly Uint8Array[], root: Uint8Array): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r: Buffer = Buffer.from(leaf);
  for (const p of path) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r.equals(root);
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show the tree of `from` leaves with root
 * `firstRoot` is a prefix of the tree of `to` leaves with root `secondRoot`?
 * For from = to the proof must be empty and the roots equal.
 */
export function verifyConsistency(
  from: number,
  to: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to)) return false;
  if (from === to) return proof.length === 0 && Buffer.from(firstRoot).equals(secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(from) ? [firstRoot, ...proof] : [...proof];
  let fn = from - 1;
  let sn = to - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Buffer = Buffer.from(path[0]!);
  let sr: Buffer = Buffer.from(path[0]!);
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0;
}

/**
 * Every node of the tree over `leaves` (leaf data, e.g. the rows' 32-byte
 * hashes), in memory: levels[level][index]. For verifiers that read the whole
 * log (`npm run ledger:verify`); the site reads stored nodes instead.
 * @returns a reader over the levels.
 */
export function memoryTree(leaves: Iterable<Uint8Array>): NodeReader {
  const levels: Buffer[][] = [[]];
  for (const data of leaves) {
    let hash = leafHash(data);
    levels[0]!.push(hash);
    let level = 0;
    while (levels[level]!.length % 2 === 0) {
      const row = levels[level]!;
      hash = nodeHash(row[row.length - 2]!, hash);
      level += 1;
      (levels[level] ??= []).push(hash);
    }
  }
  return (level, index) => {
    const hash = levels[level]?.[index];
    if (!hash) throw new RangeError(`No node at level ${level}, index ${index}`);
    return hash;
  };
}
