/**
 * The process's structured log: one JSON object per line on stdout with
 * `pino` (docs/decisions/0123-structured-logs.md), at LOG_LEVEL (default
 * `info`, `debug` in development), pretty-printed by `pino-pretty` in
 * development only. Secrets never reach it: the `redact` paths below blank
 * any cookie, authorization header, password, token or key a caller might
 * pass by mistake, and the request log writes no bodies, query strings or
 * headers at all (server/request-log.ts).
 *
 * Lines go to stdout asynchronously (pino's `sync: false` destination): a
 * line waits only while the previous write is still in the kernel, so a busy
 * server writes its lines in batches instead of one system call each, and an
 * idle one at once. `logger.flush(callback)` writes what is pending (graceful shutdown);
 * a kill -9 can lose the lines of that last write.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { getEnv } from "./env.server";

/** Field paths blanked wherever they appear in a log entry (one level deep and at the top). */
export const REDACTED_PATHS: readonly string[] = [
  "cookie",
  "authorization",
  "password",
  "token",
  "secret",
  "key",
  "*.cookie",
  "*.authorization",
  "*.password",
  "*.token",
  "*.secret",
  "*.key",
  "headers",
  "*.headers",
  "body",
  "*.body",
];

/**
 * Creates a logger.
 * @param options.level the least level written (pino's: trace … fatal, or silent).
 * @param options.destination where lines go (default stdout); `pretty` is ignored when given.
 * @param options.pretty human-readable colour lines through pino-pretty (development).
 */
export function createLogger(options: { level: string; destination?: DestinationStream; pretty?: boolean }): Logger {
  const base = {
    level: options.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACTED_PATHS], censor: "[redacted]" },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty) return pino({ ...base, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l" } } });
  return pino(base, pino.destination({ dest: 1, sync: false }));
}

let instance: Logger | undefined;

/** The process-wide logger, from LOG_LEVEL and NODE_ENV (pretty in development only). */
export function getLogger(): Logger {
  if (!instance) {
    const env = getEnv();
    const development = env.NODE_ENV === "development";
    instance = createLogger({ level: env.LOG_LEVEL ?? (development ? "debug" : "info"), pretty: development });
  }
  return instance;
}
