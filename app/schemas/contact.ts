/**
 * The contact form's schema (spec sections 3 "Contact form values" and 5),
 * used by the /contact action (through ~/services/contact-form.server); its
 * options and required fields are in ./contact-fields.ts.
 */
import { z } from "zod";
import { emailField } from "./auth";
import { CONTACT_REQUIRED_MESSAGES, CONTACT_TOPICS, PREFERRED_TIMES, TRADING_EXPERIENCE } from "./contact-fields";

export const contactSchema = z
  .object({
    name: z
      .string({ required_error: CONTACT_REQUIRED_MESSAGES.name })
      .trim()
      .min(1, CONTACT_REQUIRED_MESSAGES.name)
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
      .string({ required_error: CONTACT_REQUIRED_MESSAGES.message })
      .trim()
      .min(1, CONTACT_REQUIRED_MESSAGES.message)
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
