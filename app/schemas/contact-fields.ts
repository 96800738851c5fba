/**
 * The contact form's options, required fields and their messages (spec
 * sections 3 "Contact form values" and 5), without zod: the /contact page
 * uses them in the browser, the schema in ./contact.ts on the server.
 */
import type { CONTACT_TOPICS as DB_CONTACT_TOPICS } from "../../db/schema";

/** Spec section 3: experience options. */
export const TRADING_EXPERIENCE = ["beginner", "intermediate", "advanced", "professional"] as const;
/** Spec section 3: preferred contact time options. */
export const PREFERRED_TIMES = ["morning", "afternoon", "evening", "flexible"] as const;

/** What a message is about (a local copy checked against the DB enum, so the client bundle does not pull in drizzle). */
export const CONTACT_TOPICS = ["general", "strategy-call"] as const satisfies typeof DB_CONTACT_TOPICS;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Fields the spec marks required (section 5), with the message each gets when left empty. */
export const CONTACT_REQUIRED_MESSAGES = {
  name: "Full name is required",
  email: "Email is required",
  message: "Message is required",
} as const;
export type ContactRequiredField = keyof typeof CONTACT_REQUIRED_MESSAGES;

/** Fields the spec marks required (section 5). */
export const CONTACT_REQUIRED_FIELDS = Object.keys(CONTACT_REQUIRED_MESSAGES) as ContactRequiredField[];

/** Name of the hidden honeypot field: people never fill it in, bots often do. */
export const HONEYPOT_FIELD = "website";
