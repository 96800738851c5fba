/**
 * `npm run backup:restore -- --to FILE [--timestamp ISO]`: restores the
 * Litestream replica of DATABASE_PATH (LITESTREAM_REPLICA_URL, as
 * other/litestream.yml names it) into FILE, which must not exist: the latest
 * state, or the state at the ISO 8601 instant given (point in time, to the
 * second the WAL segments were written). Exits 0 with the time it took, 2 with
 * the reason otherwise. Stop the server and move FILE onto DATABASE_PATH to
 * bring it back (docs/decisions/0138-litestream-backups.md).
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DEFAULT_DATABASE_PATH } from "../db/seed";
import { restoreReplica } from "../server/litestream";

/** Parsed `--to FILE [--timestamp ISO]`. @throws Error naming the option when one is missing or malformed. */
export function restoreOptions(args: string[]): { to: string; timestamp?: string } {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    if (index < 0) return undefined;
    const value = args[index + 1];
    if (!value || value.startsWith("--")) throw new Error(`${name} needs a value`);
    return value;
  };
  const to = option("--to");
  if (!to) throw new Error("--to FILE is required: the path to restore into");
  const stamp = option("--timestamp");
  if (stamp === undefined) return { to };
  const at = new Date(stamp);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(stamp)) throw new Error(`--timestamp must be an ISO 8601 instant such as 2026-11-28T05:00:00Z, not ${stamp}`);
  return { to, timestamp: at.toISOString() };
}

/**
 * Runs the command. @returns the exit code: 0 restored, 2 not.
 */
export async function main(args: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<number> {
  try {
    if (!env.LITESTREAM_REPLICA_URL) throw new Error("LITESTREAM_REPLICA_URL is not set: there is no replica to restore from");
    const { to, timestamp } = restoreOptions(args);
    if (existsSync(to)) throw new Error(`${to} exists: restore into a new path`);
    const started = performance.now();
    await restoreReplica({ to, timestamp, databasePath: env.DATABASE_PATH || DEFAULT_DATABASE_PATH }, env);
    log(`Restored ${timestamp ? `the state at ${timestamp}` : "the latest state"} into ${to} in ${Math.round(performance.now() - started)} ms`);
    return 0;
  } catch (error) {
    log(`Could not restore: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
