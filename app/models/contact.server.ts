/** Messages sent through the /contact form. */
import { desc } from "drizzle-orm";
import { contactMessages } from "../../db/schema";
import type { ContactValues } from "~/schemas/contact";
import { getDb } from "~/platform/db.server";

type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores one validated contact message (a strategy call request keeps its slot
 * as a UTC instant; the caller has checked it is an offered slot). @returns the new row.
 */
export function createContactMessage(values: ContactValues): ContactMessage {
  return getDb()
    .insert(contactMessages)
    .values({
      name: values.name,
      email: values.email.toLowerCase(),
      tradingExperience: values.tradingExperience ?? null,
      preferredTime: values.preferredTime ?? null,
      goals: values.goals || null,
      message: values.message,
      topic: values.topic,
      callSlot: values.topic === "strategy-call" && values.callSlot ? new Date(values.callSlot) : null,
    })
    .returning()
    .get();
}

/** Contact messages, newest first. */
export function listContactMessages(limit = 200): ContactMessage[] {
  return getDb()
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .all();
}
