/** Whether a user's recorded acceptances cover the current Terms of Use and Privacy Policy. Pure. */

type Documents = "terms" | "privacy";

/**
 * The documents whose current version the user has not accepted.
 * @param accepted the newest accepted version per document (null: never accepted).
 * @param current the current version per document.
 * @returns `[{document, version}]` for each document still to accept (empty when all are accepted).
 */
export function pendingConsent(
  accepted: Record<Documents, { version: string } | null>,
  current: Record<Documents, string>,
): { document: Documents; version: string }[] {
  return (Object.keys(current) as Documents[])
    .filter((document) => accepted[document]?.version !== current[document])
    .map((document) => ({ document, version: current[document] }));
}
