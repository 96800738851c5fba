/**
 * Navigation bar (spec section 2). The mobile menu is a <details> element, so
 * it opens without JavaScript.
 */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { ThemeToggle } from "~/components/theme-toggle";
import { ADMIN_MENU_LABEL, PORTAL_NAV, PUBLIC_NAV, type NavLink as NavEntry } from "~/content/navigation";
import { adminLinksFor, isPortalPath } from "~/domain/navigation";
import type { PublicUser } from "~/models/users.server";
import type { Theme } from "~/services/theme.server";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

/**
 * A ref for a <details> menu that closes when the page changes. It closes in
 * the effect's cleanup, which runs on the next page and not on the first
 * render: a menu opened before the page hydrated stays open.
 */
function useMenuRef() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(
    () => () => {
      if (menu.current) menu.current.open = false;
    },
    [pathname],
  );
  return menu;
}

/**
 * The admin menu (admins only; decided on the server from the user's role): a
 * <details> disclosure, so it opens from the keyboard and without JavaScript.
 */
function AdminMenu({ links }: { links: NavEntry[] }) {
  const menu = useMenuRef();
  return (
    <details ref={menu} className="relative" data-testid="admin-menu">
      <summary className="flex h-9 cursor-pointer list-none items-center rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        {ADMIN_MENU_LABEL}
        <span aria-hidden="true" className="ml-1">
          ▾
        </span>
      </summary>
      <ul
        aria-label="Admin"
        className="absolute right-0 z-50 mt-2 flex w-48 flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={(s) => `block ${linkClass(s)}`}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Navbar({ user, theme }: { user: PublicUser | null; theme: Theme }) {
  const location = useLocation();
  const links = isPortalPath(location.pathname) ? PORTAL_NAV : PUBLIC_NAV;
  const menu = useMenuRef();
  const adminLinks = adminLinksFor(user?.role ?? null);

  const account = user ? (
    <>
      <span className="max-w-40 truncate text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="nav-user">
        {user.firstName || user.email}
      </span>
      <Form method="post" action="/api/logout">
        <button type="submit" className={buttonClass("outline", "sm")}>
          Logout
        </button>
      </Form>
    </>
  ) : (
    <>
      <Link to="/api/login" reloadDocument className={buttonClass("ghost", "sm")}>
        Login
      </Link>
      <Link to="/api/login?screen=signup" reloadDocument className={buttonClass("default", "sm")}>
        Start Free Trial
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to={user ? "/dashboard" : "/"} className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <span aria-hidden="true" className="rounded bg-blue-700 px-1.5 py-0.5 text-sm text-white dark:bg-blue-500 dark:text-slate-950">
            FX
          </span>
          FX Trader
        </Link>
        <ul className="hidden flex-1 items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} prefetch="intent" className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {adminLinks.length > 0 ? <AdminMenu links={adminLinks} /> : null}
          <ThemeToggle theme={theme} />
          <div className="hidden items-center gap-2 sm:flex">{account}</div>
          <details ref={menu} className="group relative lg:hidden">
            <summary
              aria-label="Menu"
              className="flex h-9 cursor-pointer list-none items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 dark:border-slate-600 dark:text-slate-200 [&::-webkit-details-marker]:hidden"
            >
              Menu
            </summary>
            <div className="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              <ul className="flex flex-col">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === "/"} className={(s) => `block ${linkClass(s)}`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-2 sm:hidden dark:border-slate-700">
                {account}
              </div>
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}
