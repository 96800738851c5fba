/**
 * Opening and migrating the one SQLite file. Shared by the app (through
 * `app/services/db.server.ts`) and by the command-line scripts in `db/`.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Folder of the committed drizzle-kit migrations, relative to the project root. */
export const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

/**
 * Opens (creating if needed) the SQLite file at `path` with WAL journaling,
 * a 5 s busy timeout and foreign keys enforced.
 * @param path file path; its folder is created when missing.
 */
export function openDatabase(path: string): Db {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  return drizzle(sqlite, { schema }) as Db;
}

/** Applies every pending migration in `db/migrations` (synchronous). */
export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
