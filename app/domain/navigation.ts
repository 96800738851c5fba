/** Which navigation a page shows. */

/** True when `pathname` shows the portal navigation: /dashboard… or /portal… (case-insensitive, like routing). */
export function isPortalPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower.startsWith("/dashboard") || lower.startsWith("/portal");
}
