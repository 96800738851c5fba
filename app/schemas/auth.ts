/** Sign-in and signup forms, shared by the client (Conform) and the actions. */
import { z } from "zod";

export const emailField = z
  .string({ required_error: "Email is required" })
  .trim()
  .max(254, "Email must be at most 254 characters")
  .email("Enter a valid email address");

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Password is required" }).max(200, "Password must be at most 200 characters"),
  returnTo: z.string().optional(),
});

/** Minimum password length for new accounts (NIST SP 800-63B recommends at least 8). */
export const MIN_PASSWORD_LENGTH = 10;

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
  password: z
    .string({ required_error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, "Password must be at most 200 characters"),
  returnTo: z.string().optional(),
});
