/**
 * The contact form's zod schema as the /contact action hands it to
 * `handleIntent`. Reached through this `.server` module so the page's
 * browser bundle reaches neither zod nor Conform.
 */
import { contactSchema } from "~/schemas/contact";

/** The contact form's schema (app/schemas/contact.ts). */
export const CONTACT_FORM_SCHEMA = contactSchema;
