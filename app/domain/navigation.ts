/** Which navigation a page shows. */
import { ADMIN_NAV, type NavLink } from "~/content/navigation";

/** True when `pathname` shows the portal navigation: /dashboard… or /portal… (case-insensitive, like routing). */
export function isPortalPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower.startsWith("/dashboard") || lower.startsWith("/portal");
}

/** The admin menu's links for a viewer with `role` (null: signed out): the admin pages for admins, none for anyone else. */
export function adminLinksFor(role: "user" | "admin" | null): NavLink[] {
  return role === "admin" ? ADMIN_NAV : [];
}
