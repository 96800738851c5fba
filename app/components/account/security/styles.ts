/** Shared bits of the Security tab's sections. */

export const SECURITY_PAGE = "/portal/account/security";

/** Secondary text. */
export const mutedText = "text-sm text-slate-700 dark:text-slate-300";
