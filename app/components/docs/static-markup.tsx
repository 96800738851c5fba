import { useEffect, useState, type ReactNode } from "react";

/**
 * Lays out and paints a block only near the viewport (CSS
 * `content-visibility: auto`), holding its last size, or about 480 px
 * before it was ever shown: /docs/api's first frame lays out what is on
 * screen, not all of the guide and the ~40 operations below it. It stands in
 * for both axes, unlike the stylesheet's `offscreen-skipped`
 * (docs/decisions/0093-offscreen-sections-skipped.md).
 */
export const OFFSCREEN_SKIPPED = "[content-visibility:auto] [contain-intrinsic-size:auto_480px]";

/** Whether this page's first hydration is done: later mounts are client-side renders. */
let pageHydrated = false;

/**
 * A `<div id={id}>` of static content that the browser keeps as the server
 * rendered it. On the server, and when the page is rendered in the browser
 * after a client-side navigation, `children` render as usual. When React
 * hydrates the server's document, the div is given an empty
 * `dangerouslySetInnerHTML`, which hydration neither compares nor applies,
 * so the server's markup stays as it is and none of its nodes is hydrated:
 * on /docs/api that is most of the page's ~1,300 elements.
 *
 * `children` must be static (no state, no event handlers, the same on server
 * and client): in the hydrated document they are never rendered again.
 */
export function StaticMarkup({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const [keepServerMarkup] = useState(() => !pageHydrated && typeof document !== "undefined" && document.getElementById(id) !== null);
  useEffect(() => {
    pageHydrated = true;
  }, []);
  if (keepServerMarkup) return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <div id={id} className={className}>
      {children}
    </div>
  );
}
