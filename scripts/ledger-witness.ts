/**
 * `npm run ledger:witness -- --url URL --state FILE`: what a third party runs on
 * a schedule to hold the site's ledger to account (docs/ledger.md).
 *
 * It fetches `GET /api/ledger/checkpoint`, checks its Ed25519 signature with the
 * key pinned in FILE (on the first run: the key of `GET /api/ledger/public-key`,
 * then kept), and, when FILE holds an earlier checkpoint, proves the new one
 * extends it with `GET /api/ledger/proof/consistency`. When all holds it saves
 * the new checkpoint in FILE (written to a temporary file, then renamed). A
 * shrink, a fork (same size, other root), a failing proof, a bad signature or a
 * changed key exits 1, keeps FILE as it was and saves the offending checkpoint
 * beside it (`FILE.rejected-<time>.json`) as evidence. 2 when the site cannot be
 * read or FILE is not a witness state.
 */
import { renameSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { checkCheckpoint, checkExtends, publicKeyFromBase64, type Checkpoint } from "../app/domain/checkpoint";

/** Fetches a URL and returns its Response (the global `fetch`, or a stand-in in tests). */
export type Fetcher = (url: string) => Promise<Response>;

/** What the witness keeps between runs. */
export interface WitnessState {
  url: string;
  publicKey: string;
  checkpoint: Checkpoint;
}

async function getJson<T>(fetcher: Fetcher, baseUrl: string, path: string): Promise<T> {
  const url = new URL(path, baseUrl).toString();
  const response = await fetcher(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function readState(path: string): WitnessState | null {
  if (!existsSync(path)) return null;
  const state = JSON.parse(readFileSync(path, "utf8")) as Partial<WitnessState>;
  if (typeof state.publicKey !== "string" || typeof state.checkpoint?.note !== "string") throw new Error(`${path} is not a witness state file`);
  return state as WitnessState;
}

function writeAtomically(path: string, value: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o644 });
  renameSync(temporary, path);
}

/**
 * One witness run.
 * @param args `--url <base>` and `--state <file>`.
 * @param now the time in the name of an evidence file.
 * @returns the exit code: 0 consistent (state saved), 1 fork, shrink or bad signature, 2 unreadable.
 */
export async function main(
  args: string[],
  log: (line: string) => void = console.log,
  fetcher: Fetcher = fetch,
  now: () => Date = () => new Date(),
): Promise<number> {
  const option = (name: string) => {
    const index = args.indexOf(name);
    const value = index >= 0 ? args[index + 1] : undefined;
    return value && !value.startsWith("--") ? value : undefined;
  };
  const baseUrl = option("--url");
  const statePath = option("--state");
  if (!baseUrl || !statePath) {
    log("Usage: npm run ledger:witness -- --url https://site.example --state witness.json");
    return 2;
  }
  let state: WitnessState | null;
  let checkpoint: Checkpoint;
  let publicKey: string;
  try {
    state = readState(statePath);
    publicKey = state?.publicKey ?? (await getJson<{ publicKey: string }>(fetcher, baseUrl, "/api/ledger/public-key")).publicKey;
    checkpoint = await getJson<Checkpoint>(fetcher, baseUrl, "/api/ledger/checkpoint");
  } catch (error) {
    log(`Witness could not read ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const reject = (reason: string): number => {
    const evidence = `${statePath}.rejected-${now().toISOString().replace(/[:.]/g, "-")}.json`;
    writeAtomically(evidence, { url: baseUrl, reason, checkpoint, kept: state?.checkpoint ?? null });
    log(`Witness REJECTS ${baseUrl}: ${reason} (evidence in ${evidence}; ${statePath} unchanged)`);
    return 1;
  };
  const signed = checkCheckpoint(checkpoint, publicKeyFromBase64(publicKey));
  if (!signed.ok) return reject(`checkpoint: ${signed.reason}${state ? " (with the key pinned on the first run)" : ""}`);
  if (state) {
    let proof: string[] = [];
    if (checkpoint.treeSize > state.checkpoint.treeSize && state.checkpoint.treeSize >= 1) {
      try {
        proof = (
          await getJson<{ proof: string[] }>(fetcher, baseUrl, `/api/ledger/proof/consistency?from=${state.checkpoint.treeSize}&to=${checkpoint.treeSize}`)
        ).proof;
      } catch (error) {
        log(`Witness could not read ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
        return 2;
      }
    }
    const extended = checkExtends(state.checkpoint, checkpoint, proof.map((hash) => Buffer.from(hash, "hex")));
    if (!extended.ok) return reject(extended.reason);
  }
  writeAtomically(statePath, { url: baseUrl, publicKey, checkpoint } satisfies WitnessState);
  log(
    state
      ? `Witness: ${baseUrl} grew from ${state.checkpoint.treeSize} to ${checkpoint.treeSize} entries consistently; root ${checkpoint.rootHash} kept`
      : `Witness: first checkpoint of ${baseUrl} kept (${checkpoint.treeSize} entries, root ${checkpoint.rootHash}); key pinned`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
