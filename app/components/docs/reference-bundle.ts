/**
 * Loading Scalar's standalone bundle in the browser, once per page load, for
 * the interactive reference of /docs/api.
 */

/** The query that opens the interactive reference: `?reference=interactive`. */
export const REFERENCE_PARAM = "reference";
export const REFERENCE_VALUE = "interactive";

/** A mounted reference (Scalar's `ApiReferenceInstance`, the part used here). */
export interface ReferenceInstance {
  destroy: () => void;
}

/** What the bundle puts on `window.Scalar`. */
export interface ScalarGlobal {
  createApiReference: (target: HTMLElement, options: Record<string, unknown>) => ReferenceInstance;
}

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
    /** zod 4's global configuration, read by the zod inside Scalar's bundle. */
    __zod_globalConfig?: { jitless?: boolean };
  }
}

const loads = new Map<string, Promise<ScalarGlobal>>();

/**
 * Appends `<script src={url}>` once and resolves with `window.Scalar` when it
 * has run; later calls with the same URL share the first load.
 *
 * Before the script runs, zod (inside the bundle) is told to validate without
 * compiling code: its probe `Function("")` would otherwise be refused by the
 * page's Content-Security-Policy (no 'unsafe-eval') and reported as a
 * violation.
 * @throws (rejects) Error when the script fails to load or defines no `window.Scalar`.
 */
export function loadReferenceBundle(url: string): Promise<ScalarGlobal> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<ScalarGlobal>((resolve, reject) => {
    window.__zod_globalConfig = { ...window.__zod_globalConfig, jitless: true };
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error(`${url} defined no window.Scalar`)));
    script.onerror = () => reject(new Error(`${url} failed to load`));
    document.body.appendChild(script);
  });
  loads.set(url, load);
  load.catch(() => loads.delete(url));
  return load;
}
