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
  instance.$client.pragma("wal_checkpoint(TRUNCATE)");
  instance.$client.close();
  instance = undefined;
}
