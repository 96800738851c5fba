/**
 * The process's shutdown, as the routes see it (docs/decisions/0124-graceful-shutdown.md):
 * server/shutdown.ts announces it on SIGTERM/SIGINT, and each open live feed
 * (`GET /api/signals/stream`) then writes a final `retry:` and ends its stream.
 */

/** Milliseconds a live-feed client waits before reconnecting after the server said goodbye. */
export const RECONNECT_AFTER_MS = 1_000;

const shutdown = new AbortController();

/** Aborted once the process is shutting down; listen for `abort`. */
export function shutdownSignal(): AbortSignal {
  return shutdown.signal;
}

/** Announces the shutdown to every listener of `shutdownSignal` (once; later calls do nothing). */
export function announceShutdown(): void {
  shutdown.abort();
}
