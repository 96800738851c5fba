/**
 * Opening and migrating the one SQLite file. Shared by the app (through
 * `app/platform/db.server.ts`) and by the command-line scripts in `db/`.
 */
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Folder of the committed drizzle-kit migrations, relative to the project root. */
export const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

/** Thrown when the configured path cannot hold the app's database; the message names DATABASE_PATH, the path and the problem in words. */
export class DatabasePathError extends Error {
  constructor(path: string, problem: string) {
    super(`DATABASE_PATH (${path}) ${problem}`);
    this.name = "DatabasePathError";
  }
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Why the database's folder could not be created, in words. */
function folderProblem(error: unknown, folder: string): string {
  switch (errorCode(error)) {
    case "EEXIST":
    case "ENOTDIR":
      return `cannot be used: its folder ${folder} cannot be created because part of that path is a file, not a folder.`;
    case "EACCES":
    case "EPERM":
      return `cannot be used: its folder ${folder} cannot be created (permission denied).`;
    case "EROFS":
      return `cannot be used: its folder ${folder} is on a read-only file system.`;
    default:
      return `cannot be used: its folder ${folder} cannot be created (${(error as Error).message}).`;
  }
}

/** Why SQLite could not open or set up the file, in words. */
function sqliteProblem(error: unknown): string {
  const code = errorCode(error) ?? "";
  if (code === "SQLITE_NOTADB") return "is not a SQLite database: the file exists but holds something else. Point DATABASE_PATH at a new or existing database file.";
  if (code.startsWith("SQLITE_READONLY")) return "is read-only: the server must be able to write to the database file and its folder.";
  if (code.startsWith("SQLITE_CORRUPT")) return "is a damaged SQLite database (SQLite reports it as corrupt).";
  if (code.startsWith("SQLITE_CANTOPEN")) return "cannot be opened as a database file.";
  return `cannot be opened as a database: ${(error as Error).message}`;
}

/**
 * Checks that `path` can hold a writable SQLite database: its folder exists
 * (created when missing) and is writable, and the path is either absent or a
 * writable regular file.
 * @throws DatabasePathError naming the problem.
 */
function checkDatabasePath(path: string): void {
  const file = resolve(path);
  const folder = dirname(file);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DatabasePathError(path, folderProblem(error, folder));
  }
  if (existsSync(file)) {
    const stats = statSync(file);
    if (stats.isDirectory()) throw new DatabasePathError(path, "is a directory; it must name a database file, such as data/fx-trader.db.");
    if (!stats.isFile()) throw new DatabasePathError(path, "is not a regular file; it must name a database file, such as data/fx-trader.db.");
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch {
      throw new DatabasePathError(path, "is read-only: the server must be able to read and write the database file.");
    }
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new DatabasePathError(path, `is in a folder the server cannot write to (${folder}): SQLite creates the database and its -wal and -shm files there.`);
  }
}

/** How `openDatabase` opens the file. */
export interface OpenOptions {
  /**
   * Benchmarks only (BENCH_SQL_LOG, off by default): every statement the
   * connection runs is appended to this file, one a line (newlines inside a
   * statement folded to spaces), for `npm run bench:scale`'s query plans.
   */
  sqlLog?: string;
}

/**
 * Opens (creating if needed) the SQLite file at `path` with WAL journaling,
 * a 5 s busy timeout and foreign keys enforced.
 * @param path file path (the DATABASE_PATH setting); its folder is created when missing.
 * @param options.sqlLog a file receiving every statement run (see `OpenOptions`).
 * @throws DatabasePathError when the path is a directory, sits below a file,
 *   is read-only, or holds something that is not a SQLite database.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  checkDatabasePath(path);
  const { sqlLog } = options;
  const verbose = sqlLog ? (sql: unknown) => appendFileSync(sqlLog, `${String(sql).replace(/\s*\n\s*/g, " ")}\n`) : undefined;
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path, { verbose });
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
  } catch (error) {
    sqlite?.close();
    throw new DatabasePathError(path, sqliteProblem(error));
  }
  return drizzle(sqlite, { schema }) as Db;
}

/** Applies every pending migration in `db/migrations` (synchronous). */
export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
