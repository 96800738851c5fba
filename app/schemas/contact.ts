/**
 * Public form schemas (spec sections 3 "Contact form values" and 5), shared by
 * Conform on the client and the actions on the server.
 */
import { z } from "zod";
import type { CONTACT_TOPICS as DB_CONTACT_TOPICS } from "../../db/schema";
import { emailField } from "./auth";

/** Spec section 3: experience options. */
export const TRADING_EXPERIENCE = ["beginner", "intermediate", "advanced", "professional"] as const;
/** Spec section 3: preferred contact time options. */
export const PREFERRED_TIMES = ["morning", "afternoon", "evening", "flexible"] as const;

/** What a message is about (a local copy checked against the DB enum, so the client bundle does not pull in drizzle). */
export const CONTACT_TOPICS = ["general", "strategy-call"] as const satisfies typeof DB_CONTACT_TOPICS;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Fields the spec marks required (section 5). */
export const CONTACT_REQUIRED_FIELDS = ["name", "email", "message"] as const;

/** Name of the hidden honeypot field: people never fill it in, bots often do. */
export const HONEYPOT_FIELD = "website";

export const contactSchema = z
  .object({
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
    topic: z.enum(CONTACT_TOPICS, { errorMap: () => ({ message: "Choose one of the listed topics" }) }).default("general"),
    /** A strategy call's preferred start, UTC ISO 8601 (one of the offered slots: the action checks it against the clock). */
    callSlot: z.string().max(40).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.topic === "strategy-call" && !value.callSlot) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["callSlot"], message: "Choose a time for your call" });
    }
  });
export type ContactValues = z.infer<typeof contactSchema>;
