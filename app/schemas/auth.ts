/** Sign-in and signup forms, validated by their actions (through ~/services/auth-forms.server). */
import { z } from "zod";
import { CONSENT_COPY } from "~/content/legal-pages";
import { MIN_PASSWORD_LENGTH } from "~/schemas/password-rules";

export const emailField = z
  .string({ required_error: "Email is required" })
  .trim()
  .max(254, "Email must be at most 254 characters")
  .email("Enter a valid email address");

/** Longest `returnTo` kept, in characters; a longer one (never made by the app) is dropped, so sign-in returns to the default page. */
export const MAX_RETURN_TO_LENGTH = 2048;

/** The hidden `returnTo` field: optional, and ignored when longer than MAX_RETURN_TO_LENGTH. */
const returnToField = z.string().max(MAX_RETURN_TO_LENGTH).optional().catch(undefined);

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Password is required" }).max(200, "Password must be at most 200 characters"),
  returnTo: returnToField,
});


/** A new password: the sign-up's rules (length only, NIST SP 800-63B). */
export const newPasswordField = z
  .string({ required_error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters");

/** The token of a mailed link: 43 base64url characters (anything else is refused as an expired link would be). */
const tokenField = z.string({ required_error: "The link is incomplete" }).max(100, "The link is not valid");

/** `/forgot-password`: the account's address. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** `/reset-password`: the mailed token and the new password. */
export const resetPasswordSchema = z.object({ token: tokenField, password: newPasswordField });

/** `/verify-email`: confirm a mailed token, or (signed in) mail a new verification link. */
export const verifyEmailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), token: tokenField }),
  z.object({ intent: z.literal("resend") }),
]);

export const signupSchema = z.object({
  firstName: z
    .string({ required_error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(80, "First name must be at most 80 characters"),
  lastName: z
    .string({ required_error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(80, "Last name must be at most 80 characters"),
  email: emailField,
  password: newPasswordField,
  acceptTerms: z.literal("on", { errorMap: () => ({ message: CONSENT_COPY.required }) }),
  returnTo: returnToField,
});
