/**
 * `npm run ledger:verify [-- --url http://host] [--checkpoint FILE [--public-key BASE64]]`:
 * recomputes the whole signal ledger's hash chain (docs/ledger.md) with
 * `verifyChain`, either from a running server's public API (paging `GET
 * /api/ledger`, payloads hidden from an anonymous caller are skipped, their
 * commitments still checked) or, without `--url`, from the local SQLite file
 * at DATABASE_PATH (default data/fx-trader.db).
 *
 * With `--checkpoint FILE` (a checkpoint saved as `GET /api/ledger/checkpoint`
 * returned it) it also checks the checkpoint's Ed25519 signature (with
 * `--public-key`, else the key of `GET /api/ledger/public-key`, or for the file
 * the key LEDGER_SIGNING_KEY or the key file beside it), rebuilds the RFC 9162
 * tree from the rows just verified and proves, with a consistency proof, that
 * the log extends the checkpoint: truncation, a rewritten tail or a fork fails.
 * Reading the file, it also compares the stored tree's root with the rebuilt one,
 * and folds each signal's events and compares its stored row with the fold:
 * a row that differs exits 1 naming the signal id and the field.
 *
 * Prints the head and exits 0, or exits 1 naming the first bad seq or the
 * reason the checkpoint is not extended; 2 when the ledger or the checkpoint
 * cannot be read at all.
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { openDatabase } from "../db/connection";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { checkCheckpoint, checkExtends, publicKeyFromBase64, type Checkpoint } from "../app/domain/checkpoint";
import { verifyChain, type LedgerRow, type VerifyResult } from "../app/domain/ledger";
import { consistencyProof, memoryTree, treeRoot } from "../app/domain/merkle";
import type { ApiLedgerEvent } from "../app/domain/signals";
import { getLedgerTreeHead } from "../app/models/ledger-tree.server";
import { iterateLedger, projectionDrifts } from "../app/models/ledger.server";
import { ledgerKeyPath } from "../app/platform/env.server";
import { ensureLedgerSigningKey } from "../app/services/ledger-checkpoint.server";

/** Rows asked for per API page (the API's maximum). */
const PAGE_SIZE = 100;

/** Fetches a URL and returns its Response (the global `fetch`, or a stand-in in tests). */
export type Fetcher = (url: string) => Promise<Response>;

function fromApi(event: ApiLedgerEvent): LedgerRow {
  return { ...event, occurredAt: new Date(event.occurredAt), recordedAt: new Date(event.recordedAt) };
}

/**
 * Reads the whole ledger from `baseUrl` (e.g. http://localhost:3000), oldest first.
 * @throws Error when a page does not answer 200 with `{events, nextCursor}`.
 */
export async function readLedgerFromApi(baseUrl: string, fetcher: Fetcher = fetch): Promise<LedgerRow[]> {
  const rows: LedgerRow[] = [];
  let after = 0;
  for (;;) {
    const url = new URL(`/api/ledger?after=${after}&limit=${PAGE_SIZE}`, baseUrl).toString();
    const response = await fetcher(url);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const page = (await response.json()) as { events: ApiLedgerEvent[]; nextCursor: number | null };
    rows.push(...page.events.map(fromApi));
    if (page.nextCursor === null) return rows;
    after = page.nextCursor;
  }
}

/** A verified chain and what the checkpoint check needs: the rows' hashes in seq order, and the stored tree's head when read from the file. */
export interface ChainRead {
  result: VerifyResult;
  hashes: Buffer[];
  stored?: { treeSize: number; rootHash: string };
  /** Read from the file: the signals whose stored row differs from the fold of their events. */
  drifts?: ReturnType<typeof projectionDrifts>;
}

function* collecting(rows: Iterable<LedgerRow>, hashes: Buffer[]): Generator<LedgerRow> {
  for (const row of rows) {
    hashes.push(Buffer.from(row.hash, "hex"));
    yield row;
  }
}

/** Verifies the ledger stored in the SQLite file at `path` (opened, read in seq order, closed). */
export function verifyFile(path: string): VerifyResult {
  return readLedgerFile(path).result;
}

/** Reads and verifies the ledger of the SQLite file at `path`, with its rows' hashes and the stored tree's head. */
export function readLedgerFile(path: string): ChainRead {
  const db = openDatabase(path);
  try {
    const hashes: Buffer[] = [];
    const result = verifyChain(collecting(iterateLedger(db), hashes));
    const stored = getLedgerTreeHead(db);
    return { result, hashes, stored: { treeSize: stored.treeSize, rootHash: stored.rootHash.toString("hex") }, drifts: projectionDrifts(db) };
  } finally {
    db.$client.close();
  }
}

/** Reads a saved checkpoint (JSON as `GET /api/ledger/checkpoint` returned it). @throws Error when the file is unreadable or not a checkpoint. */
export function readCheckpointFile(path: string): Checkpoint {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<Checkpoint>;
  if (typeof parsed?.note !== "string" || typeof parsed.signature !== "string" || typeof parsed.treeSize !== "number" || typeof parsed.rootHash !== "string") {
    throw new Error(`${path} is not a checkpoint saved from /api/ledger/checkpoint`);
  }
  return parsed as Checkpoint;
}

/** Fetches the server's checkpoint key (`GET /api/ledger/public-key`). @throws Error when it does not answer 200 with a key. */
export async function fetchPublicKey(baseUrl: string, fetcher: Fetcher = fetch): Promise<{ key: KeyObject; base64: string }> {
  const url = new URL("/api/ledger/public-key", baseUrl).toString();
  const response = await fetcher(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as { publicKey?: unknown };
  if (typeof body.publicKey !== "string") throw new Error(`GET ${url} gave no publicKey`);
  return { key: publicKeyFromBase64(body.publicKey), base64: body.publicKey };
}

/**
 * Checks a kept checkpoint against a verified chain: its signature with `key`,
 * then that the tree rebuilt from `read.hashes` extends it (consistency proof),
 * and, for a file, that the stored tree's root is the rebuilt one.
 * @returns null when it holds, else the reason.
 */
export function checkAgainstChain(checkpoint: Checkpoint, key: KeyObject, read: ChainRead): string | null {
  const signed = checkCheckpoint(checkpoint, key);
  if (!signed.ok) return `checkpoint: ${signed.reason}`;
  const reader = memoryTree(read.hashes);
  const size = read.hashes.length;
  const current = { treeSize: size, rootHash: treeRoot(reader, size).toString("hex") };
  if (read.stored && (read.stored.treeSize !== current.treeSize || read.stored.rootHash !== current.rootHash)) {
    return `the stored Merkle tree (${read.stored.treeSize} entries, root ${read.stored.rootHash}) is not the tree of the rows (${current.treeSize}, ${current.rootHash})`;
  }
  const proof = checkpoint.treeSize >= 1 && checkpoint.treeSize <= size ? consistencyProof(reader, checkpoint.treeSize, size) : [];
  const extended = checkExtends(checkpoint, current, proof);
  return extended.ok ? null : `checkpoint of ${checkpoint.treeSize} entries: ${extended.reason}`;
}

/** Most drifting signals named one per line (the count says how many more). */
const MAX_DRIFT_LINES = 20;

/** The lines printed for signals whose stored row differs from the fold of their ledger events. */
export function describeDrifts(drifts: NonNullable<ChainRead["drifts"]>): string[] {
  const lines = drifts.slice(0, MAX_DRIFT_LINES).map(({ signalId, drift }) =>
    drift.length === 1 && drift[0]!.field === "status" && drift[0]!.folded === null
      ? `Signal ${signalId}: the stored row has no ledger events that fold to a signal`
      : `Signal ${signalId}: the stored row differs from its ledger events: ${drift.map((d) => `${d.field} stored ${JSON.stringify(d.stored)}, ledger ${JSON.stringify(d.folded)}`).join("; ")}`,
  );
  if (drifts.length > MAX_DRIFT_LINES) lines.push(`... and ${drifts.length - MAX_DRIFT_LINES} more signals`);
  return lines;
}

/** The line printed for a verification result. */
export function describeResult(result: VerifyResult, source: string): string {
  if (!result.ok) return `Ledger at ${source} is broken at seq ${result.seq} (${result.reason}): ${result.message}`;
  if (!result.head) return `Ledger at ${source} is empty`;
  return `Ledger at ${source} verified: ${result.head.seq} events, head seq ${result.head.seq} hash ${result.head.hash}`;
}

/**
 * Runs the command.
 * @param args command-line arguments after the script name (`--url <base>`, `--checkpoint <file>`, `--public-key <base64>`, all optional).
 * @returns the exit code: 0 verified, 1 broken, 2 unreadable.
 */
export async function main(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
  fetcher: Fetcher = fetch,
): Promise<number> {
  const option = (name: string, example: string): string | undefined => {
    const index = args.indexOf(name);
    if (index < 0) return undefined;
    const value = args[index + 1];
    if (!value || value.startsWith("--")) throw new Error(`${name} needs ${example}`);
    return value;
  };
  try {
    const baseUrl = option("--url", "a base URL, such as http://localhost:3000");
    const checkpointPath = option("--checkpoint", "the path of a checkpoint saved from /api/ledger/checkpoint");
    const publicKey = option("--public-key", "the base64 Ed25519 key of /api/ledger/public-key");
    const checkpoint = checkpointPath ? readCheckpointFile(checkpointPath) : null;
    let read: ChainRead;
    let source: string;
    let key: (() => Promise<KeyObject>) | undefined;
    if (baseUrl) {
      const hashes: Buffer[] = [];
      read = { result: verifyChain(collecting(await readLedgerFromApi(baseUrl, fetcher), hashes)), hashes };
      source = baseUrl;
      key = async () => (publicKey ? publicKeyFromBase64(publicKey) : (await fetchPublicKey(baseUrl, fetcher)).key);
    } else {
      const path = env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
      read = readLedgerFile(path);
      source = path;
      key = async () => {
        if (publicKey) return publicKeyFromBase64(publicKey);
        if (!env.LEDGER_SIGNING_KEY && !existsSync(ledgerKeyPath(path))) throw new Error(`no signing key beside ${path}: pass --public-key`);
        return createPublicKey(ensureLedgerSigningKey(path, env.LEDGER_SIGNING_KEY || undefined).key);
      };
    }
    log(describeResult(read.result, source));
    if (!read.result.ok) return 1;
    const drifts = describeDrifts(read.drifts ?? []);
    for (const line of drifts) log(line);
    if (!checkpoint) return drifts.length > 0 ? 1 : 0;
    const failure = checkAgainstChain(checkpoint, await key(), read);
    log(failure ? `Ledger at ${source} does not extend the checkpoint: ${failure}` : `Ledger at ${source} extends the checkpoint of ${checkpoint.treeSize} entries (root ${checkpoint.rootHash})`);
    return failure || drifts.length > 0 ? 1 : 0;
  } catch (error) {
    log(`Ledger could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
