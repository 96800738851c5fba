/** The newsletter sign-up form on /insights (spec section 5 "Newsletter email"): one email field. */
import { z } from "zod";
import { emailField } from "./auth";

export const newsletterSchema = z.object({
  email: emailField,
});
