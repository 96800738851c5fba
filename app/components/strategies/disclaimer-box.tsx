/** The amber disclaimer boxes of /strategies/:slug (the sidebar's risk disclaimer, the Performance tab's methodology disclaimer). */
import type { ReactNode } from "react";

/**
 * A labelled section: its heading (`level` h2 or h3, for where it sits in the
 * page's outline) and one paragraph. `className` adds corner rounding and margins.
 */
export function DisclaimerBox({
  id,
  title,
  level,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  level: "h2" | "h3";
  className: string;
  children: ReactNode;
}) {
  const Heading = level;
  return (
    <section
      aria-labelledby={id}
      className={`${className} border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100`}
    >
      <Heading id={id} className="font-semibold">
        {title}
      </Heading>
      <p className="mt-1">{children}</p>
    </section>
  );
}
