/** The site's name, as every page title and Open Graph tag writes it. */
export const SITE_NAME = "FX Trader";
