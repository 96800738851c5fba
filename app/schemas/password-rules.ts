/** Password rules shared by the sign-up schema and the sign-up page (no zod here, so the page can show them without loading it). */

/** Minimum password length for new accounts (NIST SP 800-63B recommends at least 8). */
export const MIN_PASSWORD_LENGTH = 10;
