/**
 * What Litestream says about its replica (docs/decisions/0138-litestream-backups.md):
 * the newest point the replica holds, read from the table `litestream generations
 * <replica-url>` prints (columns name, generation, lag, start, end; times in
 * RFC 3339 UTC).
 */

/**
 * The newest `end` of the generations table: the latest moment of the
 * database the replica can restore.
 * @param output the command's standard output.
 * @returns that time, or null when the table has no generation (or is not the table).
 */
export function latestReplicatedAt(output: string): Date | null {
  const lines = output.split("\n").map((line) => line.trim().split(/\s+/));
  const header = lines.findIndex((cells) => cells.includes("generation") && cells.includes("end"));
  if (header === -1) return null;
  const endColumn = lines[header]!.indexOf("end");
  let newest: number | null = null;
  for (const cells of lines.slice(header + 1)) {
    const at = Date.parse(cells[endColumn] ?? "");
    if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
  }
  return newest === null ? null : new Date(newest);
}

/** Whole seconds from `replicatedAt` to `now` (never negative), or null when nothing was replicated. */
export function backupAgeSeconds(replicatedAt: Date | null, now: Date): number | null {
  return replicatedAt === null ? null : Math.max(0, Math.floor((now.getTime() - replicatedAt.getTime()) / 1000));
}
