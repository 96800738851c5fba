/**
 * Public form schemas (spec sections 3 "Contact form values" and 5), shared by
 * Conform on the client and the actions on the server.
 */
import { z } from "zod";
import { emailField } from "./auth";

/** Spec section 3: experience options. */
export const TRADING_EXPERIENCE = ["beginner", "intermediate", "advanced", "professional"] as const;
/** Spec section 3: preferred contact time options. */
export const PREFERRED_TIMES = ["morning", "afternoon", "evening", "flexible"] as const;

/** Fields the spec marks required (section 5). */
export const CONTACT_REQUIRED_FIELDS = ["name", "email", "message"] as const;

/** Name of the hidden honeypot field: people never fill it in, bots often do. */
export const HONEYPOT_FIELD = "website";

export const contactSchema = z.object({
  name: z
    .string({ required_error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(120, "Full name must be at most 120 characters"),
  email: emailField,
  tradingExperience: z
    .enum(TRADING_EXPERIENCE, { errorMap: () => ({ message: "Choose one of the listed experience levels" }) })
    .optional(),
  preferredTime: z
    .enum(PREFERRED_TIMES, { errorMap: () => ({ message: "Choose one of the listed contact times" }) })
    .optional(),
  goals: z.string().trim().max(2000, "Trading goals must be at most 2000 characters").optional(),
  message: z
    .string({ required_error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message must be at most 5000 characters"),
});
export type ContactValues = z.infer<typeof contactSchema>;
