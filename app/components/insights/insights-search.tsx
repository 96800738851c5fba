/** The /insights search box and category links (spec section 5 "Insights search"); both are URL-driven. */
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Button, buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { INSIGHT_CATEGORIES, INSIGHTS_COPY, type InsightCategory } from "~/content/insights";

/** Delay between the last keystroke and the search request, in ms. */
const SEARCH_DEBOUNCE_MS = 300;

function searchFor(q: string, category: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** One link per category, keeping the search text; the active one is marked as the current page. */
export function CategoryLinks({ q, active }: { q: string; active: string | null }) {
  return (
    <nav aria-label="Categories" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {INSIGHT_CATEGORIES.map((c: InsightCategory) => {
          const current = c.slug === active;
          return (
            <li key={c.label}>
              <Link
                to={{ pathname: "/insights", search: searchFor(q, c.slug) }}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={buttonClass(current ? "default" : "outline", "sm")}
              >
                {c.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The GET search form (`?q=`, keeping the category). With JavaScript it also
 * searches as you type (debounced, replacing the history entry).
 */
export function SearchForm({ q, category, maxLength }: { q: string; category: string | null; maxLength: number }) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Keep the box in step with the URL (back/forward, category links) unless the user is typing in it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/insights"
      role="search"
      className="flex w-full max-w-xl gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="insights-search" className="sr-only">
        {INSIGHTS_COPY.searchLabel}
      </label>
      <input
        ref={inputRef}
        id="insights-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={maxLength}
        placeholder={INSIGHTS_COPY.searchPlaceholder}
        autoComplete="off"
        className={controlClass}
      />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}
