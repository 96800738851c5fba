/**
 * When to load an interactive chart: not during the page's start-up, but
 * once its frame comes near the viewport, or in its turn once the browser is
 * idle after the page has loaded, whichever is first. Until then the
 * server's SVG shows.
 *
 * Idle turns are taken one chart at a time, in the order the charts asked
 * (top of the page first), each in its own idle period: a page with four
 * charts builds them in four short tasks rather than one long one
 * (docs/decisions/0069-no-locale-data-at-start-up.md).
 */
import { useEffect, useState, type RefObject } from "react";

/** How far below the viewport a chart starts loading, so it is ready as it scrolls in. */
const NEAR_VIEWPORT = "200px";
/** The longest an idle callback waits for the browser to be idle, in ms (and the wait where there is no requestIdleCallback). */
const IDLE_TIMEOUT_MS = 3000;

/** A chart's idle turn: resolves once the chart has what it needs to render. */
type Turn = () => Promise<unknown>;

const waiting: Turn[] = [];
let turnScheduled = false;
let turnsTaken = 0;

/** Runs the oldest waiting turn in the next idle period, then the next one after it has resolved. */
function scheduleTurn(): void {
  if (turnScheduled || waiting.length === 0) return;
  turnScheduled = true;
  const run = () => {
    turnsTaken += 1;
    const turn = waiting.shift();
    void (turn ? turn() : Promise.resolve()).finally(() => {
      turnScheduled = false;
      scheduleTurn();
    });
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, turnsTaken === 0 ? IDLE_TIMEOUT_MS : 0);
}

/**
 * @param target the element whose nearness to the viewport counts.
 * @param prepare loads what the chart renders with (its chunk), so the chart
 *   is built in its own turn rather than with the others once the chunk arrives.
 * @returns false during the server render, hydration and start-up; true from then on.
 */
export function useVisibleOrIdle(target: RefObject<Element>, prepare: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let active = true;
    const done = () => {
      if (active) setReady(true);
    };
    const element = target.current;
    const observer =
      element && typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: NEAR_VIEWPORT })
        : null;
    if (observer && element) observer.observe(element);
    const turn: Turn = () => (active ? prepare().then(done, done) : Promise.resolve());
    const whenLoaded = () => {
      waiting.push(turn);
      scheduleTurn();
    };
    if (document.readyState === "complete") whenLoaded();
    else window.addEventListener("load", whenLoaded, { once: true });
    return () => {
      active = false;
      observer?.disconnect();
      window.removeEventListener("load", whenLoaded);
      const index = waiting.indexOf(turn);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [ready, target, prepare]);
  return ready;
}
