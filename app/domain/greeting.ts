/** The portal's greeting (spec section 2 "Portal dashboard"). */
import { GREETING_FALLBACK_NAME } from "~/content/portal";

/** The name to greet: the trimmed first name, else 'Trader'. */
export function greetingName(firstName: string | null | undefined): string {
  return firstName?.trim() || GREETING_FALLBACK_NAME;
}

/** 'Welcome back, Tom' (or 'Welcome back, Trader'). */
export function portalGreeting(firstName: string | null | undefined): string {
  return `Welcome back, ${greetingName(firstName)}`;
}
