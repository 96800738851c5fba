/**
 * The ledger's RFC 9162 Merkle tree (app/domain/merkle.ts) against a reference
 * written here straight from the RFC's recursive definitions (§2.1.1 MTH,
 * §2.1.3.1 PATH, §2.1.4.1 SUBPROOF) over the whole leaf list, and against the
 * fixed roots and proofs of the 8-leaf test tree that Certificate
 * Transparency's implementations share (RFC 6962 = RFC 9162 hashing).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  consistencyProof,
  emptyRoot,
  inclusionProof,
  leafHash,
  nodesForAppend,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
  type NodeReader,
} from "~/domain/merkle";

// ---------------------------------------------------------------------------
// Reference: the RFC's definitions, recursive, over the leaf data itself.

const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const refLeaf = (d: Buffer) => sha(Buffer.of(0), d);
const refNode = (l: Buffer, r: Buffer) => sha(Buffer.of(1), l, r);
const refK = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);

/** MTH(D[a:b]) by the definition, remembering ranges already hashed (the definition recomputes them). */
function reference(leaves: Buffer[]) {
  const memo = new Map<string, Buffer>();
  const mthOf = (a: number, b: number): Buffer => {
    if (b - a === 0) return sha();
    if (b - a === 1) return refLeaf(leaves[a]!);
    const key = `${a},${b}`;
    let hash = memo.get(key);
    if (!hash) {
      const k = refK(b - a);
      hash = refNode(mthOf(a, a + k), mthOf(a + k, b));
      memo.set(key, hash);
    }
    return hash;
  };
  const path = (m: number, a: number, b: number): Buffer[] => {
    if (b - a === 1) return [];
    const k = refK(b - a);
    return m < k ? [...path(m, a, a + k), mthOf(a + k, b)] : [...path(m - k, a + k, b), mthOf(a, a + k)];
  };
  const subproof = (m: number, a: number, b: number, complete: boolean): Buffer[] => {
    if (m === b - a) return complete ? [] : [mthOf(a, b)];
    const k = refK(b - a);
    return m <= k ? [...subproof(m, a, a + k, complete), mthOf(a + k, b)] : [...subproof(m - k, a + k, b, false), mthOf(a, a + k)];
  };
  return {
    /** MTH of the first n leaves. */
    mth: (n: number) => mthOf(0, n),
    /** PATH(m, D[n]). */
    path: (m: number, n: number) => path(m, 0, n),
    /** PROOF(m, D[n]) = SUBPROOF(m, D[n], true). */
    proof: (m: number, n: number) => subproof(m, 0, n, true),
  };
}

// ---------------------------------------------------------------------------
// The implementation's stored nodes, built leaf by leaf as the ledger appends.

function storeOf(leaves: Buffer[]): { read: NodeReader; count: () => number } {
  const nodes = new Map<string, Buffer>();
  const read: NodeReader = (level, index) => {
    const hash = nodes.get(`${level}/${index}`);
    if (!hash) throw new Error(`missing node ${level}/${index}`);
    return hash;
  };
  leaves.forEach((leaf, index) => {
    for (const node of nodesForAppend(read, index, leaf)) nodes.set(`${node.level}/${node.index}`, node.hash);
  });
  return { read, count: () => nodes.size };
}

const hex = (b: Buffer) => b.toString("hex");
const hexes = (list: Buffer[]) => list.map(hex);

/** Deterministic leaf data: 32 bytes per leaf (a ledger row hash's size). */
function leavesOf(n: number): Buffer[] {
  return Array.from({ length: n }, (_, i) => sha(Buffer.from(`leaf ${i}`)));
}

// The 8 leaves of the Certificate Transparency test tree and its published roots.
const CT_LEAVES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map((h) => Buffer.from(h, "hex"));
const CT_ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];

describe("fixed vectors (the Certificate Transparency test tree)", () => {
  const { read } = storeOf(CT_LEAVES);

  it("hashes a leaf as SHA-256(0x00 ‖ data)", () => {
    expect(hex(leafHash(CT_LEAVES[0]!))).toBe("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d");
    expect(hex(leafHash(CT_LEAVES[3]!))).toBe(hex(refLeaf(CT_LEAVES[3]!)));
  });

  it("gives the empty tree SHA-256 of no bytes", () => {
    expect(hex(emptyRoot())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(treeRoot(read, 0))).toBe(hex(emptyRoot()));
  });

  it.each(CT_ROOTS.map((root, i) => [i + 1, root] as const))("gives the published root of the first %i leaves", (size, root) => {
    expect(hex(treeRoot(read, size))).toBe(root);
    expect(hex(reference(CT_LEAVES).mth(size))).toBe(root);
  });

  it("gives the published audit paths in the 8-leaf tree", () => {
    expect(hexes(inclusionProof(read, 0, 8))).toEqual([
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ]);
    expect(hexes(inclusionProof(read, 5, 8))).toEqual([
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ]);
  });

  it("gives the published consistency proofs in the 8-leaf tree", () => {
    expect(hexes(consistencyProof(read, 1, 8))).toEqual([
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ]);
    expect(hexes(consistencyProof(read, 6, 8))).toEqual([
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ]);
    expect(hexes(consistencyProof(read, 2, 5))).toEqual([
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ]);
  });
});

describe("every tree size 1 to 64 against the reference", () => {
  const all = leavesOf(64);
  const { read } = storeOf(all);
  const ref = reference(all);
  const mth = (leaves: Buffer[]) => (leaves === forkedLeaves ? reference(leaves).mth(leaves.length) : ref.mth(leaves.length));
  let forkedLeaves: Buffer[] = [];

  it("roots, every inclusion proof and every consistency proof match, and verify", () => {
    for (let n = 1; n <= 64; n += 1) {
      const d = all.slice(0, n);
      const root = mth(d);
      expect(hex(treeRoot(read, n)), `root ${n}`).toBe(hex(root));
      for (let m = 0; m < n; m += 1) {
        const path = inclusionProof(read, m, n);
        expect(hexes(path), `path ${m} of ${n}`).toEqual(hexes(ref.path(m, n)));
        expect(verifyInclusion(refLeaf(d[m]!), m, n, path, root), `verify path ${m} of ${n}`).toBe(true);
      }
      for (let m = 1; m <= n; m += 1) {
        const proof = consistencyProof(read, m, n);
        expect(hexes(proof), `consistency ${m}→${n}`).toEqual(m === n ? [] : hexes(ref.proof(m, n)));
        expect(verifyConsistency(m, n, mth(all.slice(0, m)), root, proof), `verify consistency ${m}→${n}`).toBe(true);
      }
    }
  });

  it("rejects a proof with any one byte changed, a wrong index, size or root", () => {
    for (let n = 2; n <= 64; n += 1) {
      const d = all.slice(0, n);
      const root = mth(d);
      const m = (n * 7) % n;
      const path = inclusionProof(read, m, n);
      const bent = path.map((p, i) => (i === path.length - 1 ? Buffer.from(p.map((b, j) => (j === 0 ? b ^ 1 : b))) : p));
      expect(verifyInclusion(refLeaf(d[m]!), m, n, bent, root)).toBe(false);
      expect(verifyInclusion(refLeaf(d[m]!), (m + 1) % n, n, path, root)).toBe(false);
      expect(verifyInclusion(refLeaf(d[m]!), m, n + 1, path, mth(all.slice(0, Math.min(n + 1, 64))))).toBe(false);
      expect(verifyInclusion(refLeaf(d[m]!), m, n, path, mth(d.slice(0, n - 1)))).toBe(false);
      expect(verifyInclusion(refLeaf(d[m]!), m, n, [...path, root], root)).toBe(false);
      const from = Math.max(1, n - 3);
      if (from < n) {
        const proof = consistencyProof(read, from, n);
        expect(verifyConsistency(from, n, mth(all.slice(0, from)), root, proof.slice(0, -1))).toBe(false);
        forkedLeaves = [...all.slice(0, n - 1), sha(Buffer.from("forged"))];
        expect(verifyConsistency(from, n, mth(all.slice(0, from)), mth(forkedLeaves), proof)).toBe(false);
        expect(verifyConsistency(from, n, Buffer.alloc(32), root, proof)).toBe(false);
      }
    }
  });

  it("refuses indexes and sizes outside the tree", () => {
    expect(() => inclusionProof(read, 5, 5)).toThrow(RangeError);
    expect(() => inclusionProof(read, -1, 5)).toThrow(RangeError);
    expect(() => consistencyProof(read, 0, 5)).toThrow(RangeError);
    expect(() => consistencyProof(read, 6, 5)).toThrow(RangeError);
    expect(verifyConsistency(3, 3, mth(all.slice(0, 3)), mth(all.slice(0, 3)), [])).toBe(true);
    expect(verifyConsistency(3, 4, mth(all.slice(0, 3)), mth(all.slice(0, 4)), [])).toBe(false);
  });
});

describe("random sizes up to 100,000", () => {
  const N = 100_000;
  const all = leavesOf(N);
  const store = storeOf(all);

  it("stores just under two nodes per leaf", () => {
    expect(store.count()).toBe(2 * N - N.toString(2).split("").filter((c) => c === "1").length);
  });

  it("matches the reference for roots, inclusion and consistency proofs", () => {
    let state = 33;
    const rand = (max: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return 1 + (state % max);
    };
    const sizes = [N, 65_537, ...Array.from({ length: 3 }, () => rand(N))];
    for (const n of sizes) {
      const d = all.slice(0, n);
      const ref = reference(d);
      const root = ref.mth(n);
      expect(hex(treeRoot(store.read, n)), `root ${n}`).toBe(hex(root));
      const m = rand(n) - 1;
      const path = inclusionProof(store.read, m, n);
      expect(hexes(path)).toEqual(hexes(ref.path(m, n)));
      expect(verifyInclusion(refLeaf(d[m]!), m, n, path, root)).toBe(true);
      const from = rand(n);
      const proof = consistencyProof(store.read, from, n);
      expect(hexes(proof)).toEqual(from === n ? [] : hexes(ref.proof(from, n)));
      expect(verifyConsistency(from, n, ref.mth(from), root, proof)).toBe(true);
    }
  }, 60_000);
});
