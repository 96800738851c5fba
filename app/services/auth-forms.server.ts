/**
 * Parses the sign-in and sign-up posts with their zod schemas (Conform's
 * `parseWithZod`, so the actions reply with `submission.reply()`). Kept in a
 * `.server` module: the /login and /signup pages validate on the server only,
 * and their browser bundles must not reach zod or Conform.
 */
import { parseWithZod } from "@conform-to/zod";
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema, verifyEmailSchema } from "~/schemas/auth";

/** The sign-in form parsed with `loginSchema`: a Conform submission (`status`, `value` on success, `reply()`). */
export function parseLoginForm(formData: FormData) {
  return parseWithZod(formData, { schema: loginSchema });
}

/** The sign-up form parsed with `signupSchema`: a Conform submission (`status`, `value` on success, `reply()`). */
export function parseSignupForm(formData: FormData) {
  return parseWithZod(formData, { schema: signupSchema });
}

/** The forgot-password form parsed with `forgotPasswordSchema`. */
export function parseForgotPasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: forgotPasswordSchema });
}

/** The reset-password form parsed with `resetPasswordSchema`. */
export function parseResetPasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: resetPasswordSchema });
}

/** The verify-email form (confirm a token, or resend) parsed with `verifyEmailSchema`. */
export function parseVerifyEmailForm(formData: FormData) {
  return parseWithZod(formData, { schema: verifyEmailSchema });
}
