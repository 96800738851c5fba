/**
 * The server's main. `npm start` (after `npm run setup`) runs it compiled,
 * `node build/server/index.js` (scripts/build-server.mjs); `npm run dev` runs
 * it with tsx. It loads the Remix build, whose `entry.server` validates the
 * configuration and hands over all the server runs of the app
 * (server/runtime.ts), checks the database and serves on PORT. A bad setting
 * stops it with a message naming it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer, type RunningServer } from "./app";
import { scheduledJobs } from "./jobs";
import { shutDown } from "./shutdown";
import { runUnderLitestream, shouldRunUnderLitestream } from "./litestream";
import { PageCache } from "./page-cache";
import { loadBuild, runtimeOf, type ServerRuntime } from "./runtime";

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
export async function startFromEnv(options: { buildPath?: string; publicDir?: string } = {}): Promise<RunningServer & { runtime: ServerRuntime }> {
  const build = await loadBuild(options.buildPath);
  const runtime = runtimeOf(build);
  const { getEnv, getLogger, openContentVersion } = runtime.platform;
  const { liteFsMount, canWriteHere } = runtime.litefs;
  const env = getEnv();
  // The app's connection, opened now: a DATABASE_PATH that cannot hold the database stops the start with its message.
  runtime.operations.probeRead();
  // With the page cache on, a connection of its own reads the version of what anonymous pages show (any process's commits).
  const contentVersion = env.PAGE_CACHE_MAX_AGE_MS > 0 ? openContentVersion(env.DATABASE_PATH) : undefined;
  const mount = liteFsMount();
  const replicas = mount ? { mount, flyReplay: env.FLY_APP_NAME !== undefined, txWaitMs: env.LITEFS_TX_WAIT_MS } : undefined;
  const pageCache = contentVersion ? new PageCache({ maxAgeMs: env.PAGE_CACHE_MAX_AGE_MS, contentVersion: contentVersion.version, http: runtime.http }) : undefined;
  const running = await startServer({ build, port: env.PORT, trustProxy: env.TRUST_PROXY, appUrl: env.APP_URL, publicDir: options.publicDir, replicas, pageCache });
  // Only the primary writes: on a replica each tick is skipped (and a promoted replica starts running them).
  const jobs = scheduledJobs(runtime.jobs, {
    deliveryRetentionDays: env.DELIVERY_RETENTION_DAYS,
    backups: env.LITESTREAM_REPLICA_URL ? { env: process.env, databasePath: env.DATABASE_PATH } : undefined,
  });
  const scheduler = runtime.background.createScheduler(jobs, { isPrimary: canWriteHere, logger: getLogger() });
  scheduler.start();
  void scheduler.runNow("expiry-sweep");
  return {
    ...running,
    runtime,
    close: async () => {
      await scheduler.stop();
      await running.close();
      contentVersion?.close();
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
      const { getEnv, getLogger, closeDb } = running.runtime.platform;
      getLogger().info({ url: running.url }, `FX Trader is listening on ${running.url}`);
      const env = getEnv();
      const worker = env.DELIVERY_WORKER === "inline" ? running.runtime.background.createDeliveryWorker() : null;
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
          announceShutdown: running.runtime.background.announceShutdown,
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

/**
 * Serves, or, with LITESTREAM_REPLICA_URL set on the writer, runs the same
 * command again as Litestream's child. Under LiteFS only the primary
 * replicates: a replica's copy is the primary's, and Litestream must not write to it.
 */
async function main(): Promise<void> {
  if (!shouldRunUnderLitestream(process.env)) return serve();
  const { platform, litefs } = runtimeOf(await loadBuild(buildOptionsFromArgs(process.argv.slice(2)).buildPath));
  if (!litefs.canWriteHere()) return serve();
  // This file and its arguments in one node process, with the node options this one has (tsx's loader under
  // `npm run dev`; not the tsx CLI, whose signal relay SIGKILLs a child that does not acknowledge a signal within 30 ms).
  const command = [process.execPath, ...process.execArgv, process.argv[1]!, ...process.argv.slice(2)];
  process.exit(await runUnderLitestream(command, process.env, platform.getEnv().DATABASE_PATH));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`FX Trader could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
