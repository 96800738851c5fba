/**
 * Whole-file reads of a SQLite database, for the restore drill
 * (`npm run backup:drill`): its integrity check, the rows of every table and
 * the newest write time it records. Works on any connection (`db.$client`).
 */
import type Database from "better-sqlite3";

/** `PRAGMA integrity_check`: the problems found, empty when the file is sound. */
export function integrityProblems(client: Database.Database): string[] {
  const rows = client.prepare("PRAGMA integrity_check").pluck().all() as string[];
  return rows.length === 1 && rows[0] === "ok" ? [] : rows;
}

function userTables(client: Database.Database): string[] {
  return client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Rows per table (every table but SQLite's own), by name. */
export function tableRowCounts(client: Database.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of userTables(client)) {
    counts[table] = client.prepare(`SELECT count(*) FROM ${quoted(table)}`).pluck().get() as number;
  }
  return counts;
}

/**
 * The newest write time the file records: the largest value, not after `now`,
 * of the integer `*_at` columns of every table (the schema keeps instants as
 * Unix ms in columns so named; expiries in the future are left out by `now`).
 * @returns Unix ms, or null when no such value exists.
 */
export function newestWriteMs(client: Database.Database, now: Date): number | null {
  let newest: number | null = null;
  for (const table of userTables(client)) {
    const columns = client.prepare(`SELECT name FROM pragma_table_info(?) WHERE name LIKE '%\\_at' ESCAPE '\\' AND upper(type) = 'INTEGER'`).pluck().all(table) as string[];
    for (const column of columns) {
      const value = client.prepare(`SELECT max(${quoted(column)}) FROM ${quoted(table)} WHERE ${quoted(column)} <= ?`).pluck().get(now.getTime()) as number | null;
      if (value !== null && (newest === null || value > newest)) newest = value;
    }
  }
  return newest;
}
