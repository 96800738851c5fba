/**
 * URL-driven tabs: each tab is a link (`?tab=…`, `?track=…`), so the tabs work
 * without JavaScript and every tab has its own address. The markup follows the
 * WAI-ARIA tabs pattern: a labelled `tablist` of `tab`s, the selected one
 * `aria-selected` and pointing (`aria-controls`) at its `tabpanel`, which
 * points back (`aria-labelledby`).
 *
 * Without JavaScript every tab stays in the Tab order. Once hydrated, only the
 * selected tab does (roving tabindex): the arrow keys, Home and End move focus
 * along the list, Enter or Space opens the focused tab. With
 * `activation="automatic"` the tab focus lands on also opens at once.
 */
import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export interface LinkTab<T extends string = string> {
  id: T;
  label: ReactNode;
  /** Where the tab's link goes. */
  to: string;
  testId?: string;
}

export type LinkTabsVariant = "underline" | "pills";

const LIST_CLASS: Record<LinkTabsVariant, string> = {
  underline: "flex border-b border-slate-200 dark:border-slate-700",
  pills: "grid gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800",
};

const TAB_CLASS: Record<LinkTabsVariant, { base: string; selected: string; idle: string }> = {
  underline: {
    base: "-mb-px border-b-2 font-medium whitespace-nowrap transition-colors",
    selected: "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300",
    idle: "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
  },
  pills: {
    base: "rounded-md text-center text-sm font-medium transition-colors",
    selected: "bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white",
    idle: "text-slate-700 hover:bg-white/70 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-white",
  },
};

/** The element id of the tab `id` in the list whose ids start with `prefix`. */
export function tabId(prefix: string, id: string): string {
  return `${prefix}-${id}`;
}

export interface LinkTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly LinkTab<T>[];
  selected: T;
  /** Each tab's element id is `${idPrefix}-${tab.id}` (see `tabId`). */
  idPrefix: string;
  /** The id of the panel showing the selected tab. */
  panelId: string;
  variant?: LinkTabsVariant;
  /** 'manual' (default): arrow keys only move focus. 'automatic': the focused tab opens too. */
  activation?: "manual" | "automatic";
  /** With automatic activation, replace the history entry instead of adding one per arrow press. */
  replace?: boolean;
  /** Layout classes added to the tab list. */
  className?: string;
  /** Layout classes (padding, text size) added to each tab. */
  tabClassName?: string;
}

export function LinkTabs<T extends string>({
  label,
  tabs,
  selected,
  idPrefix,
  panelId,
  variant = "underline",
  activation = "manual",
  replace = false,
  className = "",
  tabClassName = "",
}: LinkTabsProps<T>) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const style = TAB_CLASS[variant];

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    let next: number | null = null;
    if (event.key === "ArrowRight") next = index === last ? 0 : index + 1;
    else if (event.key === "ArrowLeft") next = index === 0 ? last : index - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    else if (event.key === " ") {
      event.preventDefault();
      event.currentTarget.click();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    if (activation === "automatic") navigate(tabs[next]!.to, { preventScrollReset: true, replace });
  }

  return (
    <div role="tablist" aria-label={label} className={`${LIST_CLASS[variant]} ${className}`.trim()}>
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <Link
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={tabId(idPrefix, tab.id)}
            role="tab"
            to={tab.to}
            preventScrollReset
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId : undefined}
            tabIndex={hydrated && !isSelected ? -1 : undefined}
            data-testid={tab.testId}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`${style.base} ${tabClassName} ${isSelected ? style.selected : style.idle}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab: focusable, named by its tab. */
export function TabPanel({
  id,
  labelledBy,
  as: Element = "div",
  className = "",
  ...props
}: HTMLAttributes<HTMLElement> & {
  id: string;
  /** The id of the selected tab. */
  labelledBy: string;
  as?: "div" | "section";
  "data-testid"?: string;
}) {
  return (
    <Element
      role="tabpanel"
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={`${className} focus-visible:outline-offset-4`.trim()}
      {...props}
    />
  );
}

/**
 * The search parameters of a page load under way to this same page (a tab
 * link was followed), or null: lets a page select the new tab at once instead
 * of after its loader answers.
 */
export function usePendingSearchParams(): URLSearchParams | null {
  const location = useLocation();
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  if (navigation.location.pathname.toLowerCase() !== location.pathname.toLowerCase()) return null;
  return new URLSearchParams(navigation.location.search);
}
