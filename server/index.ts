/**
 * `npm start` (after `npm run setup`) and `npm run dev` run this file with
 * tsx: it validates the configuration, checks the database, loads the Remix
 * build and serves it on PORT. A bad setting stops it with a message naming it.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { openDatabase } from "../db/connection";
import { getEnv } from "../app/platform/env.server";
import { canWriteHere, liteFsMount } from "../app/platform/litefs.server";
import { getLogger } from "../app/platform/logger.server";
import { closeDb } from "../app/platform/db.server";
import { createDeliveryWorker } from "../app/services/delivery-worker.server";
import { createScheduler } from "../app/services/scheduler.server";
import { startServer, type RunningServer } from "./app";
import { scheduledJobs } from "./jobs";
import { shutDown } from "./shutdown";
import { runUnderLitestream, shouldRunUnderLitestream } from "./litestream";
import { PageCache } from "./page-cache";

/** The Remix server build written by `remix build`. */
export const BUILD_PATH = resolve("build/index.js");

/**
 * Loads the server build.
 * @throws Error saying to run the build when it is missing.
 */
export async function loadBuild(path: string = BUILD_PATH): Promise<ServerBuild> {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return (await import(pathToFileURL(path).href)) as ServerBuild;
}

/**
 * Starts the server as configured by the environment (PORT, TRUST_PROXY,
 * APP_URL, DATABASE_PATH, SESSION_SECRET, LITEFS_DIR, PAGE_CACHE_MAX_AGE_MS,
 * ...), with the scheduler of the periodic jobs (server/jobs.ts) running beside
 * it (stopped by `close`; on a LiteFS replica it runs nothing) and, unless PAGE_CACHE_MAX_AGE_MS is 0, the
 * page cache of visitors without a cookie (server/page-cache.ts).
 * @param options.buildPath the server build (default build/index.js); the benchmarks serve their own.
 * @param options.publicDir the static files and assets (default public/).
 * @throws Error naming the variable when the configuration is invalid or
 *   DATABASE_PATH cannot hold the database (see db/connection.ts).
 */
export async function startFromEnv(options: { buildPath?: string; publicDir?: string } = {}): Promise<RunningServer> {
  const env = getEnv();
  // A connection of the page cache's own: its PRAGMA data_version moves whenever the app, the worker or LiteFS commits.
  const versionConnection = openDatabase(env.DATABASE_PATH).$client;
  const build = await loadBuild(options.buildPath);
  const mount = liteFsMount();
  const replicas = mount ? { mount, flyReplay: env.FLY_APP_NAME !== undefined, txWaitMs: env.LITEFS_TX_WAIT_MS } : undefined;
  const dataVersion = versionConnection.prepare("PRAGMA data_version").pluck();
  const pageCache = env.PAGE_CACHE_MAX_AGE_MS > 0 ? new PageCache({ maxAgeMs: env.PAGE_CACHE_MAX_AGE_MS, dataVersion: () => dataVersion.get() as number }) : undefined;
  const running = await startServer({ build, port: env.PORT, trustProxy: env.TRUST_PROXY, appUrl: env.APP_URL, publicDir: options.publicDir, replicas, pageCache });
  // Only the primary writes: on a replica each tick is skipped (and a promoted replica starts running them).
  const scheduler = createScheduler(scheduledJobs({ deliveryRetentionDays: env.DELIVERY_RETENTION_DAYS, backups: env.LITESTREAM_REPLICA_URL ? { env: process.env, databasePath: env.DATABASE_PATH } : undefined }), { isPrimary: canWriteHere, logger: getLogger() });
  scheduler.start();
  void scheduler.runNow("expiry-sweep");
  return {
    ...running,
    close: async () => {
      await scheduler.stop();
      await running.close();
      versionConnection.close();
    },
  };
}

/**
 * Serves the build at `--build <path>` with the static files of `--public <dir>`
 * when given (the benchmark build, docs/decisions/0060-bare-route-benchmark.md),
 * else build/ and public/.
 */
function buildOptionsFromArgs(args: string[]): { buildPath?: string; publicDir?: string } {
  const value = (name: string) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : resolve(args[index + 1]!);
  };
  return { buildPath: value("--build"), publicDir: value("--public") };
}

/** Serves until SIGTERM/SIGINT (see `shutDown`), the process's main. */
function serve(): void {
  startFromEnv(buildOptionsFromArgs(process.argv.slice(2))).then(
    (running) => {
      getLogger().info({ url: running.url }, `FX Trader is listening on ${running.url}`);
      const env = getEnv();
      const worker = env.DELIVERY_WORKER === "inline" ? createDeliveryWorker() : null;
      worker?.start();
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        const logger = getLogger();
        logger.info({ signal }, "shutting down");
        const started = performance.now();
        const hardStop = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS);
        hardStop.unref();
        void shutDown({
          server: running.server,
          connections: running.connections,
          timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
          stopBackground: async () => {
            await Promise.all([worker?.stop(), running.close()]);
          },
          closeDatabase: closeDb,
        }).then(
          ({ graceful }) => {
            logger.info({ graceful, durationMs: Math.round(performance.now() - started) }, "shut down");
            logger.flush(() => process.exit(0));
          },
          (error: unknown) => {
            logger.error({ err: error }, "shutdown failed");
            logger.flush(() => process.exit(1));
          },
        );
      };
      // `on`, not `once`: a second signal (the group's and Litestream's or tsx's relay) must not fall back to the default, which kills.
      process.on("SIGTERM", () => stop("SIGTERM"));
      process.on("SIGINT", () => stop("SIGINT"));
    },
    (error: unknown) => {
      console.error(`FX Trader could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Under LiteFS only the primary replicates: a replica's copy is the primary's, and Litestream must not write to it.
  if (shouldRunUnderLitestream(process.env) && canWriteHere()) {
    // The same command again, as Litestream's child: this file and its arguments in one node process with tsx's loader
    // (not the tsx CLI, whose signal relay SIGKILLs a child that does not acknowledge a signal within 30 ms).
    const command = [process.execPath, "--import", "tsx", process.argv[1], ...process.argv.slice(2)];
    runUnderLitestream(command, process.env, getEnv().DATABASE_PATH).then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(`FX Trader could not start Litestream: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  } else {
    serve();
  }
}
