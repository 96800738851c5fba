/**
 * Consent to the current Terms of Use and Privacy Policy (`CONSENT_VERSIONS`):
 * what a user still has to accept, and recording that they did.
 */
import { CONSENT_VERSIONS } from "~/content/legal-pages";
import { pendingConsent } from "~/domain/consent";
import { acceptedVersions, recordAcceptance } from "~/models/legal-acceptances.server";
import { getDb } from "~/platform/db.server";

/** The documents `userId` has still to accept: `[{document: "terms" | "privacy", version}]`, empty when up to date. */
export function consentDue(userId: number): { document: "terms" | "privacy"; version: string }[] {
  return pendingConsent(acceptedVersions(userId), CONSENT_VERSIONS);
}

/** Records that `userId` accepted the current versions at `now`. */
export function acceptCurrentConsent(userId: number, now: Date): void {
  recordAcceptance(getDb(), userId, CONSENT_VERSIONS, now);
}
