/**
 * The zod schemas of the forms validated on the server only (sign-in,
 * sign-up, forgot and reset password, email verification), which their page
 * actions hand to `handleIntent`. Reached through this `.server` module so
 * those pages' browser bundles reach neither zod nor Conform.
 */
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema, verifyEmailSchema } from "~/schemas/auth";

/** One schema per server-validated account form (app/schemas/auth.ts). */
export const AUTH_FORM_SCHEMAS = {
  login: loginSchema,
  signup: signupSchema,
  forgotPassword: forgotPasswordSchema,
  resetPassword: resetPasswordSchema,
  verifyEmail: verifyEmailSchema,
} as const;
