/**
 * The start-up step `npm start` runs before serving:
 *   1. opens the database, stopping with a message naming DATABASE_PATH when
 *      the path cannot hold it (a directory, below a file, read-only, not a database),
 *   2. makes sure a session secret exists (SESSION_SECRET, or a generated file
 *      beside the database, mode 0600),
 *   3. applies pending migrations,
 *   4. seeds an empty database (never overwrites),
 *   5. gives signals that have no ledger events theirs (`backfillLedger`; a no-op once done),
 *   6. sanitises the HTML of posts stored without a sanitised copy (`backfillPostHtml`;
 *      posts written before migration 0012; a no-op once done),
 *   7. adds ledger rows the Merkle tree does not cover yet (`syncLedgerTree`;
 *      rows written before migration 0015; a no-op once done), and makes sure the
 *      checkpoint signing key exists (LEDGER_SIGNING_KEY, or a generated file beside the database, mode 0600),
 *   8. fills the Help Center's search index from app/content/help (`syncHelpIndexFromArticles`;
 *      a no-op while the articles are unchanged; docs/decisions/0133).
 * Reads DATABASE_PATH, SESSION_SECRET, LEDGER_SIGNING_KEY, SEED_PASSWORD and NODE_ENV.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { sessionSecretPath } from "../app/platform/env.server";
import { backfillPostHtml } from "../app/models/blog.server";
import { syncLedgerTree } from "../app/models/ledger-tree.server";
import { backfillLedger } from "../app/models/ledger-backfill.server";
import { syncHelpIndexFromArticles } from "../app/services/help-center.server";
import { ensureLedgerSigningKey } from "../app/services/ledger-checkpoint.server";
import { migrateDatabase, openDatabase } from "./connection";
import { describeSeedResult, seedConfigFromEnv, seedDatabase, type EnvVars, type SeedResult } from "./seed";

export type SessionSecretResult =
  | { created: true; path: string }
  | { created: false; path: string; reason: "env" | "file" };

/**
 * Generates a session secret file beside the database unless SESSION_SECRET is
 * set or the file already exists. Never overwrites an existing file.
 * @param databasePath the SQLite file path; the secret goes in its folder.
 */
export function ensureSessionSecret(
  databasePath: string,
  env: EnvVars = process.env,
): SessionSecretResult {
  const path = sessionSecretPath(databasePath);
  if (env.SESSION_SECRET && env.SESSION_SECRET.trim() !== "") return { created: false, path, reason: "env" };
  if (existsSync(path)) return { created: false, path, reason: "file" };

  mkdirSync(dirname(path), { recursive: true });
  try {
    // "wx" fails if another process created the file in the meantime.
    writeFileSync(path, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return { created: false, path, reason: "file" };
    throw error;
  }
  return { created: true, path };
}

export type SetupResult = {
  secret: SessionSecretResult;
  seed: SeedResult;
  /** Signals and events the ledger backfill added. */
  backfill: { signals: number; events: number };
  databasePath: string;
};

/**
 * Runs the start-up steps.
 * @param log receives one line per step (console.log by default).
 */
export async function runSetup(
  env: EnvVars = process.env,
  log: (line: string) => void = console.log,
  now?: Date,
): Promise<SetupResult> {
  const config = seedConfigFromEnv(env);
  const { databasePath } = config;

  // Opened first: a bad DATABASE_PATH is reported as such before anything is written beside it.
  const db = openDatabase(databasePath);
  try {
    const secret = ensureSessionSecret(databasePath, env);
    if (secret.created) log(`Generated a session secret in ${secret.path}`);
    migrateDatabase(db);
    log(`Migrations applied to ${databasePath}`);
    const seed = await seedDatabase(db, { ...config, now });
    log(describeSeedResult(seed));
    const backfill = backfillLedger(db, now ?? new Date());
    if (backfill.signals > 0) log(`Ledger: recorded ${backfill.events} events for ${backfill.signals} signals that had none`);
    const leaves = syncLedgerTree(db);
    if (leaves > 0) log(`Ledger: added ${leaves} rows to the Merkle tree`);
    const key = ensureLedgerSigningKey(databasePath, env.LEDGER_SIGNING_KEY || undefined);
    if (key.created) log(`Generated the ledger checkpoint signing key in ${key.source}`);
    const sanitised = backfillPostHtml(db);
    if (sanitised > 0) log(`Blog: stored the sanitised HTML of ${sanitised} posts`);
    if (syncHelpIndexFromArticles(db)) log("Help Center: search index rebuilt from app/content/help");
    return { secret, seed, backfill, databasePath };
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSetup().catch((error: unknown) => {
    console.error(`Setup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
