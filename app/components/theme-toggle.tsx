/**
 * Theme toggle: a form post to /theme (works without JavaScript); with
 * JavaScript it flips the class at once and writes localStorage too.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import type { Theme } from "~/services/theme.server";

const STORAGE_KEY = "fx-trader-theme";

export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current: Theme = pending === "dark" || pending === "light" ? pending : theme;
  const next: Theme = current === "dark" ? "light" : "dark";

  return (
    <fetcher.Form
      method="post"
      action="/theme"
      onSubmit={() => {
        document.documentElement.classList.toggle("dark", next === "dark");
        try {
          localStorage.setItem(STORAGE_KEY, next);
        } catch {
          // Storage may be unavailable (private mode); the cookie still keeps the choice.
        }
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        data-testid="theme-toggle"
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">{current === "dark" ? "☀" : "☾"}</span>
      </button>
    </fetcher.Form>
  );
}
