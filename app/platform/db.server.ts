import { openDatabase, type Db } from "../../db/connection";
import { getEnv } from "./env.server";

let instance: Db | undefined;

/** The process-wide database connection (opened on first use at `DATABASE_PATH`). */
export function getDb(): Db {
  if (!instance) {
    const env = getEnv();
    instance = openDatabase(env.DATABASE_PATH, { sqlLog: env.BENCH_SQL_LOG });
  }
  return instance;
}

/**
 * Checkpoints the WAL into the database file (`PRAGMA wal_checkpoint(TRUNCATE)`)
 * and closes the process-wide connection, if open; the next `getDb()` opens a new one.
 */
export function closeDb(): void {
  if (!instance) return;
  // Without waiting on readers: under Litestream, which holds a read transaction and checkpoints itself, a
  // TRUNCATE would wait the whole busy_timeout (5 s) and then give up anyway.
  instance.$client.pragma("busy_timeout = 0");
  instance.$client.pragma("wal_checkpoint(TRUNCATE)");
  instance.$client.close();
  instance = undefined;
}

/**
 * A connection of its own to the database at `path` that reads the version
 * of what anonymous pages show: the `content_version` row, which triggers
 * on the watched tables bump in the writing transaction
 * (db/migrations/0025_content_version.sql,
 * docs/decisions/0153-page-cache-watches-content.md). The row is read again
 * only when `PRAGMA data_version` says another connection (the app's, the
 * worker's, LiteFS) committed since the last read. The page cache keys on it
 * (server/page-cache.ts).
 * @returns `version()` (an integer) and `close()`.
 * @throws DatabasePathError when `path` cannot hold the database (db/connection.ts).
 */
export function openContentVersion(path: string): { version(): number; close(): void } {
  const client = openDatabase(path).$client;
  const dataVersion = client.prepare("PRAGMA data_version").pluck();
  const contentVersion = client.prepare("SELECT version FROM content_version WHERE id = 1").pluck();
  let seenData = -1;
  let content = 0;
  return {
    version: () => {
      const data = dataVersion.get() as number;
      if (data !== seenData) {
        seenData = data;
        content = contentVersion.get() as number;
      }
      return content;
    },
    close: () => client.close(),
  };
}
