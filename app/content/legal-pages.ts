/** Fixed texts of the legal pages (/legal/*): their parts' labels, the consent copy and the versions to accept. */


/** Labels of a legal page's parts. */
export const LEGAL_PAGE_COPY = {
  versionLabel: "Version",
  effectiveLabel: "Effective",
  tocTitle: "Contents",
  versionsTitle: "Versions",
  currentMarker: "current",
  olderNotice: "You are reading an earlier version. The current version is",
  onlyVersion: "This is the first version of this document.",
  notFoundTitle: "Document not found",
  notFoundMessage: "There is no such legal document or version.",
  failed: "This document could not be loaded. Please try again.",
} as const;

/**
 * The versions of the Terms of Use and the Privacy Policy a user accepts now
 * (at sign-up, or at /legal/accept). Each must be the newest file of its
 * document in app/content/legal (tests/integration/legal-pages.test.ts checks);
 * raising one asks every signed-in user to accept again.
 */
export const CONSENT_VERSIONS = { terms: "1.0", privacy: "1.0" } as const satisfies Record<"terms" | "privacy", string>;

/** Texts of the consent checkbox, the acceptance page and the API's refusal. */
export const CONSENT_COPY = {
  checkboxLabel: "I accept the Terms of Use and the Privacy Policy",
  required: "Accept the Terms of Use and the Privacy Policy to create an account",
  acceptPath: "/legal/accept",
  pageTitle: "Updated terms",
  pageLead: "We have updated the documents below. Please read them and accept to continue to your portal and the API.",
  acceptButton: "Accept and continue",
  acceptedToast: "Thank you: your acceptance is recorded.",
  leaveNote: "Prefer to leave? You can download your data or delete your account under Account → Privacy without accepting.",
} as const;
