/** The banner for the server render of a split component (./verify-email-notice.tsx); empty in the browser build. */
export { VerifyEmailBanner } from "./verify-email-banner";
