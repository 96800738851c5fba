/** The newsletter sign-up form on /insights (spec section 5 "Newsletter email"): `intent=newsletter` and one email field. */
import { z } from "zod";
import { NEWSLETTER_COPY } from "~/content/insights";
import { emailField } from "./auth";

export const newsletterSchema = z.object({
  intent: z.literal("newsletter", { errorMap: () => ({ message: NEWSLETTER_COPY.unknownForm }) }),
  email: emailField,
});
