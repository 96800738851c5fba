/** How a link of the site's content is followed. */

/** True for links to resource routes (/api/...), which need a full document navigation. */
export function isDocumentLink(to: string): boolean {
  return to.startsWith("/api/");
}
