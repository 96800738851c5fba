/**
 * The process's shutdown, as the routes see it (docs/decisions/0124-graceful-shutdown.md):
 * server/shutdown.ts announces it on SIGTERM/SIGINT, and each open live feed
 * (`GET /api/signals/stream`) then writes a final `retry:` and ends its stream.
 * The signal lives on `globalThis` because the server and the Remix build each
 * load their own copy of this module.
 */

/** Milliseconds a live-feed client waits before reconnecting after the server said goodbye. */
export const RECONNECT_AFTER_MS = 1_000;

const KEY = Symbol.for("fx-trader.shutdown");

function controller(): AbortController {
  const store = globalThis as { [KEY]?: AbortController };
  store[KEY] ??= new AbortController();
  return store[KEY];
}

/** Aborted once the process is shutting down; listen for `abort`. */
export function shutdownSignal(): AbortSignal {
  return controller().signal;
}

/** Announces the shutdown to every listener of `shutdownSignal` (once; later calls do nothing). */
export function announceShutdown(): void {
  controller().abort();
}
