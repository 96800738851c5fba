/**
 * Runs before every Vitest file: gives the file its own temporary SQLite
 * database, migrated, and the environment the app expects. Nothing is faked.
 */
import { afterAll } from "vitest";
import { temporaryDatabase } from "../../harness/temporary";

const database = temporaryDatabase("fx-trader-test-", { fileName: "test.db", useAsApp: true });
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef0123456789";
process.env.NODE_ENV = "test";

const { openDatabase, migrateDatabase } = await import("../../db/connection");
const db = openDatabase(database.databasePath);
migrateDatabase(db);
db.$client.close();

afterAll(() => {
  database.remove();
});
