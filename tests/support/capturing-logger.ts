/** A real pino logger whose lines a test can read. */
import { Writable } from "node:stream";
import { createLogger } from "~/platform/logger.server";

/**
 * A logger at `level` writing each JSON line, parsed, into `lines`.
 * @returns `{lines, logger}`.
 */
export function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ level, destination }) };
}
