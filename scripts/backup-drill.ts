/**
 * `npm run backup:drill [-- --url http://host]`: proves the Litestream replica
 * of DATABASE_PATH can be restored (docs/decisions/0138-litestream-backups.md).
 * It restores the latest state into a temporary file, then checks it:
 * `PRAGMA integrity_check`; the ledger's hash chain (as `npm run ledger:verify`
 * does) and that the live ledger extends the copy's — against the running
 * server's signed `GET /api/ledger/checkpoint` with `--url` (consistency proof
 * from its API), else against the live file's head; and the rows per table
 * against the live file. It prints the restore time and the recovery point (how
 * many seconds of writes the copy lacks) and removes the copy.
 *
 * Exits 0 when the copy is sound, 1 when a check fails, 2 when it cannot run.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { checkCheckpoint, checkExtends, type Checkpoint, type TreeHead } from "../app/domain/checkpoint";
import { consistencyProof, memoryTree, treeRoot } from "../app/domain/merkle";
import { compareRowCounts, recoveryPointSeconds } from "../app/domain/backup-drill";
import { integrityProblems, newestWriteMs, tableRowCounts } from "../app/models/database-file.server";
import { restoreReplica } from "../server/litestream";
import { checkAgainstChain, describeResult, fetchPublicKey, readLedgerFile, type ChainRead, type Fetcher } from "./ledger-verify";

/** What the drill found; `failures` empty when the copy is sound. */
export interface DrillReport {
  restoreMs: number;
  bytes: number;
  failures: string[];
  recoveryPointSeconds: number | null;
  lines: string[];
}

function headOf(read: ChainRead): TreeHead {
  const size = read.hashes.length;
  return { treeSize: size, rootHash: treeRoot(memoryTree(read.hashes), size).toString("hex") };
}

async function fetchJson<T>(url: string, fetcher: Fetcher): Promise<T> {
  const response = await fetcher(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Does the live ledger (the server's signed checkpoint, or the live file) extend the copy's? @returns null when it does, else the reason. */
async function ledgerExtendsCopy(copy: ChainRead, livePath: string, baseUrl: string | undefined, fetcher: Fetcher): Promise<{ failure: string | null; line: string }> {
  const copyHead = headOf(copy);
  if (baseUrl) {
    const checkpoint = await fetchJson<Checkpoint>(new URL("/api/ledger/checkpoint", baseUrl).toString(), fetcher);
    const { key } = await fetchPublicKey(baseUrl, fetcher);
    const signed = checkCheckpoint(checkpoint, key);
    if (!signed.ok) return { failure: `the server's checkpoint: ${signed.reason}`, line: "" };
    if (copyHead.treeSize > checkpoint.treeSize) {
      const failure = checkAgainstChain(checkpoint, key, copy);
      return { failure, line: `the copy (${copyHead.treeSize} entries) extends the server's checkpoint of ${checkpoint.treeSize}` };
    }
    let proof: Buffer[] = [];
    if (copyHead.treeSize >= 1) {
      const url = new URL(`/api/ledger/proof/consistency?from=${copyHead.treeSize}&to=${checkpoint.treeSize}`, baseUrl).toString();
      proof = (await fetchJson<{ proof: string[] }>(url, fetcher)).proof.map((node) => Buffer.from(node, "hex"));
    }
    const extended = checkExtends(copyHead, checkpoint, proof);
    return {
      failure: extended.ok ? null : `the server's checkpoint of ${checkpoint.treeSize} entries does not extend the copy: ${extended.reason}`,
      line: `the server's signed checkpoint (${checkpoint.treeSize} entries) extends the copy's ${copyHead.treeSize}`,
    };
  }
  const live = readLedgerFile(livePath);
  if (!live.result.ok) return { failure: describeResult(live.result, livePath), line: "" };
  const liveHead = headOf(live);
  if (copyHead.treeSize > liveHead.treeSize) return { failure: `the copy has ${copyHead.treeSize} ledger entries, the live file ${liveHead.treeSize}`, line: "" };
  const proof = copyHead.treeSize >= 1 ? consistencyProof(memoryTree(live.hashes), copyHead.treeSize, liveHead.treeSize) : [];
  const extended = checkExtends(copyHead, liveHead, proof);
  return {
    failure: extended.ok ? null : `the live ledger does not extend the copy's: ${extended.reason}`,
    line: `the live file's ledger (${liveHead.treeSize} entries) extends the copy's ${copyHead.treeSize}`,
  };
}

/**
 * Restores into a temporary folder and checks the copy (see the file comment).
 * @param options.databasePath the live file; @param options.baseUrl the running server, optional.
 * @param now the instant the recovery point is measured at (writes after it are ignored).
 */
export async function drill(
  options: { databasePath: string; baseUrl?: string },
  env: NodeJS.ProcessEnv = process.env,
  fetcher: Fetcher = fetch,
  now: () => Date = () => new Date(),
): Promise<DrillReport> {
  const folder = mkdtempSync(join(tmpdir(), "fx-backup-drill-"));
  const copyPath = join(folder, "restored.db");
  const lines: string[] = [];
  const failures: string[] = [];
  try {
    const started = performance.now();
    await restoreReplica({ to: copyPath, databasePath: options.databasePath }, env);
    const restoreMs = Math.round(performance.now() - started);
    const at = now();
    const bytes = statSync(copyPath).size;
    lines.push(`Restored ${(bytes / 1_048_576).toFixed(1)} MB in ${restoreMs} ms`);

    const copy = new Database(copyPath, { readonly: true });
    const live = new Database(resolve(options.databasePath), { readonly: true, fileMustExist: true });
    let copyNewest: number | null;
    let liveNewest: number | null;
    try {
      const problems = integrityProblems(copy);
      if (problems.length > 0) failures.push(`integrity_check: ${problems.slice(0, 5).join("; ")}`);
      else lines.push("integrity_check: ok");
      const { tables, differing } = compareRowCounts(tableRowCounts(live), tableRowCounts(copy));
      lines.push(`Rows per table (live / copy): ${tables.map((row) => `${row.table} ${row.live}/${row.copy}`).join(", ")}`);
      for (const row of differing) {
        if (row.missing < 0) failures.push(`${row.table}: the copy has ${-row.missing} rows more than the live file`);
      }
      lines.push(differing.length === 0 ? "Every table has as many rows as the live file" : `The copy lacks rows of: ${differing.filter((row) => row.missing > 0).map((row) => `${row.table} (${row.missing})`).join(", ")}`);
      liveNewest = newestWriteMs(live, at);
      copyNewest = newestWriteMs(copy, at);
    } finally {
      copy.close();
      live.close();
    }

    const copyLedger = readLedgerFile(copyPath);
    lines.push(describeResult(copyLedger.result, "the copy"));
    if (!copyLedger.result.ok) failures.push(describeResult(copyLedger.result, "the copy"));
    else {
      const { failure, line } = await ledgerExtendsCopy(copyLedger, options.databasePath, options.baseUrl, fetcher);
      if (failure) failures.push(failure);
      else lines.push(`Ledger: ${line}`);
    }

    const point = recoveryPointSeconds(liveNewest, copyNewest);
    lines.push(point === null ? "Recovery point: the copy records no write" : `Recovery point: the copy lacks ${point.toFixed(3)} s of writes`);
    return { restoreMs, bytes, failures, recoveryPointSeconds: point, lines };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs the command. @returns the exit code: 0 sound, 1 a check failed, 2 could not run. */
export async function main(args: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<number> {
  try {
    if (!env.LITESTREAM_REPLICA_URL) throw new Error("LITESTREAM_REPLICA_URL is not set: there is no replica to restore from");
    const index = args.indexOf("--url");
    const baseUrl = index >= 0 ? args[index + 1] : undefined;
    if (index >= 0 && (!baseUrl || baseUrl.startsWith("--"))) throw new Error("--url needs a base URL, such as http://localhost:3000");
    const report = await drill({ databasePath: env.DATABASE_PATH || DEFAULT_DATABASE_PATH, baseUrl }, env);
    report.lines.forEach((line) => log(line));
    report.failures.forEach((line) => log(`FAILED: ${line}`));
    log(report.failures.length === 0 ? "Backup drill passed" : "Backup drill failed");
    return report.failures.length === 0 ? 0 : 1;
  } catch (error) {
    log(`Backup drill could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
