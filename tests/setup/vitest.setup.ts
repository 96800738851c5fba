/**
 * Runs before every Vitest file: gives the file its own temporary SQLite
 * database, migrated, and the environment the app expects. Nothing is faked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "fx-trader-test-"));
process.env.DATABASE_PATH = join(dir, "test.db");
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef0123456789";
process.env.NODE_ENV = "test";

const { openDatabase, migrateDatabase } = await import("../../db/connection");
const db = openDatabase(process.env.DATABASE_PATH);
migrateDatabase(db);
db.$client.close();

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
