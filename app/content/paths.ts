/**
 * Paths the marketing pages' calls to action share, in a module of their own
 * so a page can link to them without loading the pricing or contact content.
 */

/** Where 'Start Free Trial' and the plan buttons go: sign-up via /api/login. */
export const SIGNUP_PATH = "/api/login?screen=signup";

/** Where every "Book a Strategy Call" goes: the contact form with "Strategy call" chosen. */
export const STRATEGY_CALL_PATH = "/contact?topic=strategy-call#contact-form";
