/**
 * Litestream (docs/decisions/0138-litestream-backups.md): the binary that
 * `@flydotio/litestream` ships, the configuration other/litestream.yml, and
 * the commands that use them — `npm start` under `litestream replicate -exec`
 * when LITESTREAM_REPLICA_URL is set, and the restore of `npm run backup:restore`
 * and `npm run backup:drill`.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";

/** The configuration Litestream reads (it expands `${VAR}` from the environment). */
export const LITESTREAM_CONFIG = resolve("other/litestream.yml");

/** The environment variable that tells a server it already runs under Litestream. */
const UNDER_LITESTREAM = "FX_UNDER_LITESTREAM";

/**
 * The path of the Litestream binary of this platform, from the
 * `@flydotio/litestream-<platform>-<arch>` package `@flydotio/litestream` installs.
 * (Its own `litestream` wrapper runs the binary with spawnSync and does not pass
 * signals on, so the binary is run directly.)
 * @throws Error when no binary is installed for this platform.
 */
export function litestreamBinary(): string {
  const name = `@flydotio/litestream-${process.platform}-${process.arch}/litestream`;
  try {
    return createRequire(import.meta.url).resolve(name);
  } catch {
    throw new Error(`${name} is not installed: Litestream has no binary for ${process.platform}-${process.arch} here`);
  }
}

/**
 * The environment Litestream runs with: DATABASE_PATH made absolute (the path
 * in other/litestream.yml) and the optional settings set empty rather than left
 * unset, so `${VAR}` expands to nothing.
 * @param env the process environment; LITESTREAM_REPLICA_URL and DATABASE_PATH must be set.
 */
export function litestreamEnv(env: NodeJS.ProcessEnv, databasePath: string): NodeJS.ProcessEnv {
  return {
    ...env,
    DATABASE_PATH: resolve(databasePath),
    LITESTREAM_S3_ENDPOINT: env.LITESTREAM_S3_ENDPOINT ?? "",
    AWS_REGION: env.AWS_REGION ?? "",
  };
}

/** Whether this process should hand over to `litestream replicate -exec` (a replica URL is set and it is not already its child). */
export function shouldRunUnderLitestream(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.LITESTREAM_REPLICA_URL) && env[UNDER_LITESTREAM] !== "1";
}

/**
 * Runs `litestream replicate -config other/litestream.yml -exec "<command>"`,
 * which replicates DATABASE_PATH while it runs `command` (this server again,
 * marked so it does not hand over twice), passes SIGTERM/SIGINT to it and,
 * once it has exited, syncs the last writes and exits with its code. This
 * process ignores those signals meanwhile (they reach Litestream directly as
 * well, being in the same process group) and resolves with the exit code.
 * @param command the executable and arguments of the server (no shell is used; paths must not contain quotes).
 */
export function runUnderLitestream(command: string[], env: NodeJS.ProcessEnv, databasePath: string): Promise<number> {
  const exec = command.map((part) => `"${part}"`).join(" ");
  const child = spawn(litestreamBinary(), ["replicate", "-config", LITESTREAM_CONFIG, "-exec", exec], {
    env: { ...litestreamEnv(env, databasePath), [UNDER_LITESTREAM]: "1" },
    stdio: "inherit",
  });
  const relay = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGTERM", relay);
  process.on("SIGINT", relay);
  return new Promise((resolveCode, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolveCode(code ?? (signal ? 1 : 0)));
  });
}

/**
 * `litestream restore` of the replica of DATABASE_PATH (as other/litestream.yml
 * names it) into `to`, the latest state or the state at `timestamp`.
 * @param options.to a path that must not exist yet.
 * @param options.timestamp an ISO 8601 instant; the restore applies the WAL segments written up to it.
 * @returns Litestream's output; @throws Error with it when the restore fails.
 */
export function restoreReplica(
  options: { to: string; timestamp?: string; databasePath: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const args = ["restore", "-config", LITESTREAM_CONFIG, "-o", resolve(options.to)];
  if (options.timestamp) args.push("-timestamp", options.timestamp);
  args.push(resolve(options.databasePath));
  return new Promise((resolveOutput, reject) => {
    const child = spawn(litestreamBinary(), args, { env: litestreamEnv(env, options.databasePath), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolveOutput(output) : reject(new Error(`litestream restore failed (exit ${code}): ${output.trim()}`))));
  });
}

/** How long `litestream generations` may take before the reading is given up, ms. */
const GENERATIONS_TIMEOUT_MS = 30_000;

/**
 * The newest moment of the database the replica at LITESTREAM_REPLICA_URL can
 * restore, as `litestream generations <url>` reports it (file or S3 replica).
 * Runs the command as a child process, so the server's event loop never waits on it.
 * @param env the process environment; LITESTREAM_REPLICA_URL must be set.
 * @param parse reads the newest time from the command's output (`latestReplicatedAt`, app/domain/backups.ts, through `serverRuntime.jobs`).
 * @returns that time, or null when the replica holds no generation yet.
 * @throws Error with Litestream's last line when the command fails or takes over 30 s.
 */
export function replicaPosition(env: NodeJS.ProcessEnv, databasePath: string, parse: (generations: string) => Date | null): Promise<Date | null> {
  const url = env.LITESTREAM_REPLICA_URL;
  if (!url) return Promise.reject(new Error("LITESTREAM_REPLICA_URL is not set"));
  return new Promise((resolvePosition, reject) => {
    const child = spawn(litestreamBinary(), ["generations", url], { env: litestreamEnv(env, databasePath), stdio: ["ignore", "pipe", "pipe"], timeout: GENERATIONS_TIMEOUT_MS });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolvePosition(parse(stdout));
      else reject(new Error(`litestream generations exited ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`));
    });
  });
}
