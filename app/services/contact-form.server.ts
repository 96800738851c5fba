/**
 * Parses the contact form's post with its zod schema (Conform's
 * `parseWithZod`, so the action replies with `submission.reply()`). Kept in a
 * `.server` module so the /contact page's browser bundle reaches neither zod
 * nor Conform.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { contactSchema } from "~/schemas/contact";

/** The contact form parsed with `contactSchema`: a Conform submission (`status`, `value` on success, `reply()`). */
export function parseContactForm(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema });
}

/** Each contact field's constraints from the schema (`maxLength` in characters), to cap the values a reply echoes. */
export const CONTACT_FIELD_LIMITS = getZodConstraint(contactSchema) as Record<string, { maxLength?: number }>;
