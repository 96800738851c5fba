/** The consent page's form (POST /legal/accept): accepting the current documents, then returning to `returnTo`. */
import { z } from "zod";

/** `returnTo`: the page to go back to, checked by `safeRedirect`; absent or blank: the default page. */
export const acceptConsentSchema = z.object({ returnTo: z.string().optional() });
