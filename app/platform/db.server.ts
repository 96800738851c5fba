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
