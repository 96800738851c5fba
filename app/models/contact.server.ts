/** Messages sent through the /contact form. */
import { desc, eq, inArray } from "drizzle-orm";
import { contactMessages, subscriptions, users } from "../../db/schema";
import { planFeatures } from "~/domain/entitlements";
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

/**
 * The lower-cased addresses among `emails` whose account's plan at `now` has
 * the priority support queue (`planFeatures(...).support === "priority"`:
 * Institutional; docs/decisions/0157-plans-as-entitlements.md). Admins' own messages do not count.
 */
export function prioritySenders(emails: readonly string[], now: Date): Set<string> {
  const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (unique.length === 0) return new Set();
  const rows = getDb()
    .select({ email: users.email, role: users.role, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(inArray(users.email, unique))
    .all();
  return new Set(
    rows
      .filter((row) => row.role === "user" && planFeatures({ role: "user", subscription: row.subscription, now }).support === "priority")
      .map((row) => row.email.toLowerCase()),
  );
}
