/**
 * Temporary folders and database files of the tests and the benchmarks
 * (docs/decisions/0141-one-harness.md). Imports nothing of the app, so a
 * benchmark can point DATABASE_PATH at the file before the app is loaded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temporary folder holding one database file. */
export interface HarnessDatabase {
  dir: string;
  databasePath: string;
  /** Deletes the folder and the database in it. */
  remove(): void;
}

/** A new empty folder under the system's temporary folder, and a `remove()` that deletes it with everything in it. */
export function temporaryFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The path of a database file in a new temporary folder; the file is not
 * created (the first connection creates it, empty: migrate it yourself, or use
 * `prepareDatabase` in harness/production-build.ts for a migrated and seeded one).
 * @param prefix start of the folder's name, e.g. `fx-ledger-bench-`.
 * @param options.fileName the file's name (default `bench.db`).
 * @param options.useAsApp also set process.env.DATABASE_PATH to it, for a benchmark that then loads the app in this process.
 */
export function temporaryDatabase(prefix: string, options: { fileName?: string; useAsApp?: boolean } = {}): HarnessDatabase {
  const { dir, remove } = temporaryFolder(prefix);
  const databasePath = join(dir, options.fileName ?? "bench.db");
  if (options.useAsApp) process.env.DATABASE_PATH = databasePath;
  return { dir, databasePath, remove };
}
