/** A section of an admin page that lists items: a heading, an intro, the list or a line saying it is empty. */
import type { ReactNode } from "react";

/**
 * @param id the heading's id (the section is labelled by it).
 * @param testId the list's `data-testid`.
 * @param items the list's `<li>` elements; none shows `empty`.
 */
export function AdminListSection({ id, title, intro, empty, testId, items }: { id: string; title: string; intro: string; empty: string; testId: string; items: ReactNode[] }) {
  return (
    <section className="mt-10" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>
      {items.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2 text-sm" data-testid={testId}>
          {items}
        </ul>
      )}
    </section>
  );
}
