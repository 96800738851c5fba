/**
 * Applies pending migrations to the database at DATABASE_PATH
 * (default `data/fx-trader.db`), then the data step migration 0012 needs
 * (posts' sanitised HTML, `backfillPostHtml`). Run with `npm run db:migrate`.
 */
import { pathToFileURL } from "node:url";
import { backfillPostHtml } from "../app/models/blog.server";
import { migrateDatabase, openDatabase } from "./connection";
import { DEFAULT_DATABASE_PATH } from "./seed";

/** Opens the file at `path`, migrates it, stores the sanitised HTML of posts without it, and closes it again. */
export function migrateFile(path: string): void {
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    backfillPostHtml(db);
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
  try {
    migrateFile(path);
    console.log(`Migrations applied to ${path}`);
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
