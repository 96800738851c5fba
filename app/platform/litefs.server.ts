/**
 * Which instance may write (docs/decisions/0066-writes-on-the-litefs-primary.md).
 * Under LiteFS (LITEFS_DIR set) the primary is named by the `.primary` file
 * LiteFS keeps in its mount, present only on replicas; without LITEFS_DIR the
 * one instance is the primary. Read on every call, never cached: with a
 * Consul lease the primary can move at any time.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { getInstanceInfoSync } from "litefs-js";
import { getEnv } from "./env.server";

/** Where LiteFS tells this instance about the cluster. */
export interface LiteFsMount {
  /** LiteFS's FUSE directory (LITEFS_DIR), holding `.primary` on replicas. */
  dir: string;
  /** The database's file name in that directory (DATABASE_PATH's base name), whose `-pos` file holds the replication position. */
  databaseFilename: string;
}

export interface InstanceInfo {
  /** Host name of the primary (the `.primary` file's contents, else this instance's). */
  primaryInstance: string;
  /** This instance's host name (`os.hostname()`). */
  currentInstance: string;
  currentIsPrimary: boolean;
}

/** The LiteFS mount from LITEFS_DIR and DATABASE_PATH, or null when the app runs without LiteFS. */
export function liteFsMount(): LiteFsMount | null {
  const env = getEnv();
  return env.LITEFS_DIR ? { dir: env.LITEFS_DIR, databaseFilename: basename(env.DATABASE_PATH) } : null;
}

/**
 * Who the primary is, as litefs-js reads it from `<mount.dir>/.primary`.
 * @param mount the LiteFS mount, or null: this instance is then the primary.
 */
export function instanceInfo(mount: LiteFsMount | null = liteFsMount()): InstanceInfo {
  if (!mount) {
    const name = hostname();
    return { primaryInstance: name, currentInstance: name, currentIsPrimary: true };
  }
  return getInstanceInfoSync(mount.dir);
}

/** True when this instance may write to the database: it is the LiteFS primary, or LiteFS is not in use. */
export function canWriteHere(): boolean {
  return instanceInfo().currentIsPrimary;
}

/**
 * The LiteFS transaction number this instance's copy of the database has
 * reached: the hexadecimal TXID before the `/` of `<dir>/<db>-pos` (the file
 * litefs-js's `getTxNumber` reads; read synchronously here so it can be used
 * while response headers are written).
 * @returns the TXID, or 0 when the file is missing or unreadable (nothing replicated yet).
 */
export function readTxNumber(mount: LiteFsMount): number {
  try {
    const text = readFileSync(join(mount.dir, `${mount.databaseFilename}-pos`), "utf8");
    const txid = Number.parseInt(text.trim().split("/")[0] ?? "", 16);
    return Number.isFinite(txid) ? txid : 0;
  } catch {
    return 0;
  }
}
