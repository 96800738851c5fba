/** Shared bits of the API Access tab's sections. */

export const API_PAGE = "/portal/account/api";
