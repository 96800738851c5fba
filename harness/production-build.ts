/**
 * The shared harness of the tests and the benchmarks (docs/decisions/0141-one-harness.md):
 * a current production build (`remix build` and the compiled server), a free
 * 127.0.0.1 port, and a temporary migrated and seeded SQLite file. Beside it:
 * harness/temporary.ts (temporary folders and empty database files),
 * harness/stats.ts (percentiles, medians), harness/app-server.ts (the server
 * as a child process, as `npm start` runs it); tests/support/built-server.ts
 * starts it in a test's own process.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { EnvVars } from "../db/seed";
import { runSetup } from "../db/setup";
import { BUILD_PATH } from "../server/runtime";
import { temporaryFolder, type HarnessDatabase } from "./temporary";

export type { HarnessDatabase };

/** The compiled server (scripts/build-server.mjs), which `npm start` runs with node. */
export const SERVER_PATH = resolve("build/server/index.js");

const SOURCES = ["app", "server", "remix.config.js", "postcss.config.js", "scripts/build.mjs", "scripts/build-server.mjs", "scripts/assets-manifest.mjs", "scripts/compile-hints.mjs", "scripts/precompress-assets.mjs"];
const LOCK = resolve(".cache/build-lock");

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when build/index.js is a production build (not one `remix dev` left behind) and it and the compiled server are newer than every source file. */
function buildIsCurrent(): boolean {
  try {
    const fresh = Math.min(statSync(BUILD_PATH).mtimeMs, statSync(SERVER_PATH).mtimeMs) >= Math.max(...SOURCES.map(newestMtime));
    return fresh && readFileSync(BUILD_PATH, "utf8").includes('var mode = "production"');
  } catch {
    return false;
  }
}

/**
 * Runs the build (scripts/build.mjs: `remix build`, the framework chunks'
 * compile hint, the precompressed assets) with NODE_ENV=production, whatever the caller's, so a
 * build made from a test run also serves a production process, unless build/
 * is a current production build; one process builds at a time (a lock
 * folder, .cache/build-lock).
 * @throws Error when the lock is held for two minutes or the build fails.
 */
export async function ensureBuild(): Promise<void> {
  if (buildIsCurrent()) return;
  mkdirSync(resolve(".cache"), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 120_000) throw new Error(`${LOCK} held for two minutes: remove it if no build is running`);
      await sleep(250);
    }
  }
  try {
    if (!buildIsCurrent()) execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } });
  } finally {
    rmdirSync(LOCK);
  }
}

/** A free TCP port on 127.0.0.1 (the OS picks it; it is released before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}


/** Where `prepareDatabase` puts the file and what the setup sees. */
export interface PrepareDatabaseOptions {
  /** Start of the temporary folder's name (default `fx-trader-harness-`). */
  prefix?: string;
  /** The database file's name inside the folder (default `harness.db`). */
  fileName?: string;
  /** The environment the setup reads (SESSION_SECRET, SEED_PASSWORD, ...); DATABASE_PATH and NODE_ENV are set here. */
  env?: EnvVars;
  /** Receives the setup's log lines (default: dropped). */
  log?: (line: string) => void;
}

/**
 * Creates a temporary SQLite file, migrated and seeded with the spec's
 * strategies, signals, posts and the two demo accounts (the seed runs with
 * NODE_ENV=test, since a production seed leaves the demo accounts out).
 * @returns the folder, the file's path and a `remove()` that deletes both.
 */
export async function prepareDatabase({
  prefix = "fx-trader-harness-",
  fileName = "harness.db",
  env = {},
  log = () => {},
}: PrepareDatabaseOptions = {}): Promise<HarnessDatabase> {
  const { dir, remove } = temporaryFolder(prefix);
  const databasePath = join(dir, fileName);
  await runSetup({ ...env, DATABASE_PATH: databasePath, NODE_ENV: "test" }, log);
  return { dir, databasePath, remove };
}
