/**
 * When to load an interactive chart: once its frame comes near the viewport
 * (docs/decisions/0174-charts-load-when-near-the-viewport.md). Until then, and
 * for good where the browser has no IntersectionObserver, the server's SVG
 * shows, so a chart the visitor never scrolls to costs no JavaScript.
 */
import { useEffect, useState, type RefObject } from "react";

/** How far below the viewport a chart starts loading, so it is ready as it scrolls in. */
const NEAR_VIEWPORT = "200px";

/**
 * @param target the element whose nearness to the viewport counts.
 * @param prepare loads what the chart renders with (its chunk); the hook turns
 *   true once it has settled, so the chart replaces the SVG in one step.
 * @returns false during the server render and hydration, and until `target`
 *   has come within NEAR_VIEWPORT of the viewport and `prepare` has settled.
 */
export function useNearViewport(target: RefObject<Element>, prepare: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (ready || !element || typeof IntersectionObserver !== "function") return;
    let active = true;
    const done = () => {
      if (active) setReady(true);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        prepare().then(done, done);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [ready, target, prepare]);
  return ready;
}
