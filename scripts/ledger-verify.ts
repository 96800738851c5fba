/**
 * `npm run ledger:verify [-- --url http://host]`: recomputes the whole signal
 * ledger's hash chain (docs/ledger.md) with `verifyChain`, either from a
 * running server's public API (paging `GET /api/ledger`, payloads hidden from
 * an anonymous caller are skipped, their commitments still checked) or, without
 * `--url`, from the local SQLite file at DATABASE_PATH (default data/fx-trader.db).
 * Prints the head and exits 0, or exits 1 naming the first bad seq; 2 when the
 * ledger cannot be read at all.
 */
import { pathToFileURL } from "node:url";
import { openDatabase } from "../db/connection";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { verifyChain, type LedgerRow, type VerifyResult } from "../app/domain/ledger";
import type { ApiLedgerEvent } from "../app/domain/signals";
import { iterateLedger } from "../app/models/signals.server";

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

/** Verifies the ledger stored in the SQLite file at `path` (opened, read in seq order, closed). */
export function verifyFile(path: string): VerifyResult {
  const db = openDatabase(path);
  try {
    return verifyChain(iterateLedger(db));
  } finally {
    db.$client.close();
  }
}

/** The line printed for a verification result. */
export function describeResult(result: VerifyResult, source: string): string {
  if (!result.ok) return `Ledger at ${source} is broken at seq ${result.seq} (${result.reason}): ${result.message}`;
  if (!result.head) return `Ledger at ${source} is empty`;
  return `Ledger at ${source} verified: ${result.head.seq} events, head seq ${result.head.seq} hash ${result.head.hash}`;
}

/**
 * Runs the command.
 * @param args command-line arguments after the script name (`--url <base>` optional).
 * @returns the exit code: 0 verified, 1 broken, 2 unreadable.
 */
export async function main(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
  fetcher: Fetcher = fetch,
): Promise<number> {
  const urlIndex = args.indexOf("--url");
  try {
    if (urlIndex >= 0) {
      const baseUrl = args[urlIndex + 1];
      if (!baseUrl) throw new Error("--url needs a base URL, such as http://localhost:3000");
      const result = verifyChain(await readLedgerFromApi(baseUrl, fetcher));
      log(describeResult(result, baseUrl));
      return result.ok ? 0 : 1;
    }
    const path = env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
    const result = verifyFile(path);
    log(describeResult(result, path));
    return result.ok ? 0 : 1;
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
