/**
 * When to load an interactive chart: not during the page's start-up, but
 * once its frame comes near the viewport or the browser is idle after the
 * page has loaded, whichever is first. Until then the server's SVG shows.
 */
import { useEffect, useState, type RefObject } from "react";

/** How far below the viewport a chart starts loading, so it is ready as it scrolls in. */
const NEAR_VIEWPORT = "200px";
/** The longest an idle callback waits for the browser to be idle, in ms. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * @param target the element whose nearness to the viewport counts.
 * @returns false during the server render, hydration and start-up; true from then on.
 */
export function useVisibleOrIdle(target: RefObject<Element>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    const element = target.current;
    const observer =
      element && typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: NEAR_VIEWPORT })
        : null;
    if (observer && element) observer.observe(element);
    let idle: number | undefined;
    const whenIdle = () => {
      idle = typeof requestIdleCallback === "function" ? requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(done, IDLE_TIMEOUT_MS);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener("load", whenIdle);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [ready, target]);
  return ready;
}
