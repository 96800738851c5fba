/**
 * Runs the signal expiry sweep (`expireDueSignals`, docs/decisions/0032)
 * inside the server process: once at start-up, then every
 * `EXPIRY_SWEEP_INTERVAL_MS` on an unref'd timer (it never keeps the process
 * alive), until stopped on shutdown.
 */

/** Time between two sweeps, in ms. */
export const EXPIRY_SWEEP_INTERVAL_MS = 30_000;

export interface ExpirySweep {
  /** Stops the timer; a sweep under way finishes (it is one synchronous transaction). */
  stop(): void;
}

/**
 * Starts the sweep.
 * @param sweep ends the due signals at `now` and returns them (e.g. `expireDueSignals`).
 * @param options.intervalMs time between sweeps (default 30 s); options.log gets a
 *   line when a sweep ended signals (default console.log); options.clock gives `now`.
 * @returns a handle to stop it. A failing sweep is logged and retried at the next tick.
 */
export function startExpirySweep(
  sweep: (now: Date) => readonly unknown[],
  options: { intervalMs?: number; log?: (line: string) => void; clock?: () => Date } = {},
): ExpirySweep {
  const log = options.log ?? console.log;
  const clock = options.clock ?? (() => new Date());
  const run = () => {
    try {
      const ended = sweep(clock());
      if (ended.length > 0) log(`Expiry sweep: ended ${ended.length} signal${ended.length === 1 ? "" : "s"} past their expiry`);
    } catch (error) {
      console.error("[expiry] sweep failed", error);
    }
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? EXPIRY_SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
