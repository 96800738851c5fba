/** Polling for tests that wait on background work (workers, timers) without sleeping a fixed time. */

/**
 * Resolves once `check()` is true, polling every 10 ms.
 * @throws Error "timed out waiting" after `timeoutMs` (default 5 s).
 */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
