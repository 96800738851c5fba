/**
 * The verdicts of the restore drill (`npm run backup:drill`,
 * docs/decisions/0138-litestream-backups.md): how the restored copy's rows
 * compare with the live file's, and how many seconds of writes it lacks.
 */

/** One table's row counts in the live file and in the restored copy. */
export interface TableCount {
  table: string;
  live: number;
  copy: number;
}

/** A table whose counts differ, with `missing` = live − copy (negative: the copy has more). */
export interface CountDifference extends TableCount {
  missing: number;
}

/**
 * Pairs the row counts of the two files by table name (tables only in one file count 0 in the other), sorted by name.
 * @param live table → rows in the live file; @param copy table → rows in the restored copy.
 * @returns every table with both counts, and the tables whose counts differ.
 */
export function compareRowCounts(live: Record<string, number>, copy: Record<string, number>): { tables: TableCount[]; differing: CountDifference[] } {
  const names = [...new Set([...Object.keys(live), ...Object.keys(copy)])].sort();
  const tables = names.map((table) => ({ table, live: live[table] ?? 0, copy: copy[table] ?? 0 }));
  const differing = tables.filter((row) => row.live !== row.copy).map((row) => ({ ...row, missing: row.live - row.copy }));
  return { tables, differing };
}

/**
 * The recovery point: seconds of writes the copy lacks, as the gap between the
 * newest write time recorded in the live file and in the copy (each the largest
 * `*_at` instant not after the drill's `now`, Unix ms); 0 when the copy is as new.
 * @returns seconds (3 decimals), or null when the copy records no write at all.
 */
export function recoveryPointSeconds(liveNewestMs: number | null, copyNewestMs: number | null): number | null {
  if (copyNewestMs === null) return null;
  if (liveNewestMs === null || liveNewestMs <= copyNewestMs) return 0;
  return Math.round(liveNewestMs - copyNewestMs) / 1000;
}
